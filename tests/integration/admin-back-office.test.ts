// What the back-office relies on the database for, checked through the API as each role: a member
// cannot write any admin table (the app's 403 screen is only the second guard); counters and
// timestamps are not writable even by admins; hidden proposals read like drafts; reports are
// resolved with the database's own time, the oldest open ones listed with how many there are;
// pictures are https URLs or the site's demo images.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OPEN_REPORTS_SHOWN, openReports } from "~/models/proposals.server";
import { ACCOUNTS, anonClient, resetBackend, serviceClient, signedInClient, type Client } from "../support/backend";

const PUBLISHED_RESOURCE = "40000000-0000-4000-8000-000000000001";
const CONTACT = "70000000-0000-4000-8000-000000000001";

let admin: Client;
let member: Client;

beforeAll(async () => {
  member = await signedInClient(ACCOUNTS.member);
});
// A reset ends every session, and admin rights need a live one: the admin signs in after each.
beforeEach(async () => {
  await resetBackend();
  admin = await signedInClient(ACCOUNTS.admin);
});

const article = { title: "Member article", slug: "member-article", excerpt: "x", content: "<p>x</p>", image_url: "https://images.example.org/a.jpg" };

describe("a member's direct API writes to admin tables", () => {
  it.each([
    ["news_articles", article],
    ["events", { title: "E", slug: "member-event", description: "d", start_date: "2027-01-01T10:00:00Z" }],
    ["resources", { title: "R", slug: "member-resource", description: "d" }],
    ["groups", { name: "G", description: "d" }],
  ] as const)("insert into %s is refused", async (table, row) => {
    const { error } = await member.from(table).insert(row as never);
    expect(error?.code).toBe("42501");
  });

  it("changing or deleting a contact, a subscriber, a resource's counter or reading the activity log does nothing", async () => {
    const contact = await member.from("contacts").update({ status: "read" }).eq("id", CONTACT).select("id");
    expect(contact.data ?? []).toEqual([]);
    const deleted = await member.from("newsletter_subscriptions").delete().neq("email", "").select("id");
    expect(deleted.data ?? []).toEqual([]);
    const log = await member.from("admin_activity").select("id");
    expect(log.data).toEqual([]);
    const decision = await member.rpc("approve_member", { account: "a0000000-0000-4000-8000-000000000001" });
    expect(decision.error?.code).toBe("42501");
  });
});

describe("admins", () => {
  it("cannot set a resource's download count, nor any timestamp", async () => {
    const count = await admin.from("resources").update({ download_count: 1_000_000 } as never).eq("id", PUBLISHED_RESOURCE);
    expect(count.error?.code).toBe("42501");
    const stamp = await admin.from("news_articles").update({ published_at: "2000-01-01T00:00:00Z" } as never).eq("slug", "x");
    expect(stamp.error?.code).toBe("42501");
  });

  // Public hosts are the form's rule (tests/unit/admin-helpers.test.ts); the database refuses other schemes, plain http and other paths.
  it("store a web picture or a demo image, never another scheme or path", async () => {
    const ok = await admin.from("news_articles").insert({ ...article, slug: "demo-image", image_url: "/demo/assembly.webp" }).select("id");
    expect(ok.error).toBeNull();
    for (const image_url of ["/etc/passwd", "javascript:alert(1)", "data:image/svg+xml,<svg/>", "file:///etc/passwd", "/demo/../secret.svg", "/demo/assembly.svg", "http://127.0.0.1:54321/rest/v1/"]) {
      const { error } = await admin.from("news_articles").insert({ ...article, slug: `bad-${Math.random().toString(36).slice(2)}`, image_url });
      expect(error?.code, image_url).toBe("23514");
    }
  });

  it("hide a proposal: visitors and other members no longer see it; only admins may hide", async () => {
    const { data: visible } = await anonClient().from("proposals").select("id").neq("status", "draft").limit(1).single();
    const id = visible!.id;
    await member.from("proposals").update({ is_hidden: true }).eq("id", id);
    expect((await anonClient().from("proposals").select("id").eq("id", id)).data).toHaveLength(1);
    expect((await admin.from("proposals").update({ is_hidden: true }).eq("id", id)).error).toBeNull();
    expect((await anonClient().from("proposals").select("id").eq("id", id)).data).toEqual([]);
    expect((await admin.from("proposals").select("id").eq("id", id)).data).toHaveLength(1);
  });

  it("resolve a report once, with the database's time; a second time is a conflict", async () => {
    const { data: proposal } = await anonClient().from("proposals").select("id").neq("status", "draft").limit(1).single();
    expect((await member.from("proposal_reports").insert({ proposal_id: proposal!.id, reason: "Spam from the test" })).error).toBeNull();
    const { data: report } = await admin.from("proposal_reports").select("id").eq("reason", "Spam from the test").single();
    expect((await member.rpc("resolve_report", { report: report!.id })).error?.code).toBe("42501");
    expect((await admin.rpc("resolve_report", { report: report!.id })).error).toBeNull();
    expect((await admin.rpc("resolve_report", { report: report!.id })).error?.code).toBe("PT409");
    const { data: resolved } = await admin.from("proposal_reports").select("resolved_at, resolved_by").eq("id", report!.id).single();
    expect(resolved!.resolved_at).not.toBeNull();
  });

  it("see the oldest open reports first, at most OPEN_REPORTS_SHOWN of them, and how many are open in all", async () => {
    const { data: proposal } = await anonClient().from("proposals").select("id").neq("status", "draft").limit(1).single();
    const start = Date.parse("2026-01-01T00:00:00Z");
    const reports = Array.from({ length: OPEN_REPORTS_SHOWN + 1 }, (_, i) => ({
      proposal_id: proposal!.id,
      reason: `Report ${i}`,
      created_at: new Date(start + i * 60_000).toISOString(),
    }));
    expect((await serviceClient().from("proposal_reports").insert(reports)).error).toBeNull();
    const open = await openReports(admin);
    expect(open.total).toBe(OPEN_REPORTS_SHOWN + 1);
    expect(open.items).toHaveLength(OPEN_REPORTS_SHOWN);
    expect(open.items[0].reason).toBe("Report 0");
    expect(open.items.at(-1)!.reason).toBe(`Report ${OPEN_REPORTS_SHOWN - 1}`);
  });
});
