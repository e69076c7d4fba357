// design.md's row-level-security matrix, cell by cell, for anon, a member and an admin, through the real
// supabase-js against the embedded backend. Allowed cells must succeed; denied cells must fail, either
// with PostgREST's 42501 (401 for anon, 403 for a signed-in role) or by touching no row.
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  anonClient,
  resetBackend,
  serviceClient,
  signedInClient,
  type Client,
  workerClient,
} from "../support/backend";

type Role = "anon" | "member" | "admin";
type Result = { data: unknown; error: { code: string } | null; status: number };

const ids = {
  member: "a0000000-0000-4000-8000-000000000002",
  otherMember: "a0000000-0000-4000-8000-000000000003",
  publishedNews: "20000000-0000-4000-8000-000000000001",
  draftNews: "20000000-0000-4000-8000-000000000007",
  publishedEvent: "30000000-0000-4000-8000-000000000001",
  draftEvent: "30000000-0000-4000-8000-000000000008",
  publishedResource: "40000000-0000-4000-8000-000000000001",
  draftResource: "40000000-0000-4000-8000-000000000009",
  group: "10000000-0000-4000-8000-000000000001",
  memberDraftProposal: "50000000-0000-4000-8000-000000000001",
  contact: "70000000-0000-4000-8000-000000000001",
};

const clients = {} as Record<Role, Client>;
const roles: Role[] = ["anon", "member", "admin"];

beforeAll(async () => {
  await resetBackend();
  clients.anon = anonClient();
  clients.member = await signedInClient(ACCOUNTS.member);
});
// A reset ends every session, and admin rights need a live one: the admin signs in after each.
beforeEach(async () => {
  await resetBackend();
  clients.admin = await signedInClient(ACCOUNTS.admin);
});

function expectRlsError(result: Result, role: Role) {
  expect(result.error?.code, JSON.stringify(result.error)).toBe("42501");
  expect(result.status).toBe(role === "anon" ? 401 : 403);
}

/** Denied: refused outright (42501) or no row touched/visible. */
function expectDenied(result: Result, role: Role) {
  if (result.error) expectRlsError(result, role);
  else expect(result.data).toEqual([]);
}

function expectRows(result: Result, count: number) {
  expect(result.error, JSON.stringify(result.error)).toBeNull();
  expect(result.data).toHaveLength(count);
}

const service = () => serviceClient();
// The loops below run one test body over several tables; the typed client cannot type a union of
// tables, so they use the same clients without the schema's types.
const untyped = (client: Client) => client as unknown as SupabaseClient;

const publishable = [
  { table: "news_articles", published: ids.publishedNews, draft: ids.draftNews },
  { table: "events", published: ids.publishedEvent, draft: ids.draftEvent },
  { table: "resources", published: ids.publishedResource, draft: ids.draftResource },
] as const;

function newRow(table: (typeof publishable)[number]["table"], slug: string): Record<string, string> {
  switch (table) {
    case "news_articles":
      return { title: "RLS test", slug, excerpt: "x", content: "<p>x</p>" };
    case "events":
      return { title: "RLS test", slug, description: "x", start_date: "2030-01-01T10:00:00Z" };
    case "resources":
      return { title: "RLS test", slug, description: "x", resource_type: "tool" };
  }
}

for (const { table, published, draft } of publishable) {
  describe(`${table}`, () => {
    for (const role of roles) {
      it(`${role}: reads published rows`, async () => {
        expectRows(await untyped(clients[role]).from(table).select("id").eq("id", published), 1);
      });
    }
    it("anon: does not see drafts", async () => {
      expectRows(await untyped(clients.anon).from(table).select("id").eq("id", draft), 0);
    });
    it("member: does not see drafts", async () => {
      expectRows(await untyped(clients.member).from(table).select("id").eq("id", draft), 0);
    });
    it("admin: sees drafts", async () => {
      expectRows(await untyped(clients.admin).from(table).select("id").eq("id", draft), 1);
    });

    for (const role of ["anon", "member"] as const) {
      it(`${role}: cannot insert, with or without naming the id`, async () => {
        expectRlsError(await untyped(clients[role]).from(table).insert(newRow(table, `rls-${role}`)), role);
        expectRlsError(await untyped(clients[role]).from(table).insert({ ...newRow(table, `rls-${role}-id`), id: crypto.randomUUID() }), role);
      });
      it(`${role}: cannot update`, async () => {
        expectDenied(await untyped(clients[role]).from(table).update({ title: "Hijacked" }).eq("id", published).select("id"), role);
        const { data } = await untyped(service()).from(table).select("title").eq("id", published).single();
        expect(data?.title).not.toBe("Hijacked");
      });
      it(`${role}: cannot delete`, async () => {
        expectDenied(await untyped(clients[role]).from(table).delete().eq("id", published).select("id"), role);
        expectRows(await untyped(service()).from(table).select("id").eq("id", published), 1);
      });
    }
    it("admin: inserts, updates and deletes", async () => {
      const inserted = await untyped(clients.admin).from(table).insert(newRow(table, "rls-admin")).select("id").single();
      expect(inserted.error).toBeNull();
      expectRows(await untyped(clients.admin).from(table).update({ title: "Edited" }).eq("id", inserted.data!.id).select("id"), 1);
      expectRows(await untyped(clients.admin).from(table).delete().eq("id", inserted.data!.id).select("id"), 1);
    });
    it("admin: may give a new row the id its form was given, once (decision 057)", async () => {
      const id = crypto.randomUUID();
      expectRows(await untyped(clients.admin).from(table).insert({ ...newRow(table, "rls-named"), id }).select("id"), 1);
      const again = await untyped(clients.admin).from(table).insert({ ...newRow(table, "rls-named-again"), id });
      expect(again.error?.code).toBe("23505");
    });
  });
}

describe("groups", () => {
  for (const role of roles) {
    it(`${role}: reads every group`, async () => {
      const { count } = await service().from("groups").select("id", { count: "exact", head: true });
      expectRows(await clients[role].from("groups").select("id"), count!);
    });
  }
  for (const role of ["anon", "member"] as const) {
    it(`${role}: cannot insert`, async () => {
      expectRlsError(await clients[role].from("groups").insert({ name: "Fake", description: "x" }), role);
    });
    it(`${role}: cannot update`, async () => {
      expectDenied(await clients[role].from("groups").update({ name: "Hijacked" }).eq("id", ids.group).select("id"), role);
    });
    it(`${role}: cannot delete`, async () => {
      expectDenied(await clients[role].from("groups").delete().eq("id", ids.group).select("id"), role);
      expectRows(await service().from("groups").select("id").eq("id", ids.group), 1);
    });
  }
  it("member: cannot insert a group by naming its id", async () => {
    expectRlsError(await clients.member.from("groups").insert({ id: crypto.randomUUID(), name: "Fake", description: "x" }), "member");
  });
  it("admin: may give a new group the id its form was given (decision 057)", async () => {
    const id = crypto.randomUUID();
    expectRows(await clients.admin.from("groups").insert({ id, name: "Named group", description: "x" }).select("id"), 1);
  });
  it("admin: inserts, updates and deletes", async () => {
    const inserted = await clients.admin.from("groups").insert({ name: "New group", description: "x" }).select("id").single();
    expect(inserted.error).toBeNull();
    expectRows(await clients.admin.from("groups").update({ is_verified: true }).eq("id", inserted.data!.id).select("id"), 1);
    expectRows(await clients.admin.from("groups").delete().eq("id", inserted.data!.id).select("id"), 1);
  });
});

describe("contacts", () => {
  const message = { name: "Ana", email: "ana@example.net", message: "Hello", region: null };
  for (const role of roles) {
    it(`${role}: cannot insert a message directly, single or bulk (only the Worker's function does, with its secret)`, async () => {
      expectRlsError(await clients[role].from("contacts").insert({ ...message, name: `Ana ${role}` }), role);
      const bulk = Array.from({ length: 50 }, (_, i) => ({ ...message, name: `Bulk ${role} ${i}` }));
      expectRlsError(await clients[role].from("contacts").insert(bulk), role);
      expectRlsError(await clients[role].rpc("submit_contact_message", { name: `Ana ${role}`, email: message.email, message: "Hi", source: "contact" }), role);
      expectRows(await service().from("contacts").select("id").like("name", `% ${role}%`), 0);
    });
  }
  it("the Worker: sends a message, always 'new', its timestamp the database's", async () => {
    const sent = await workerClient().rpc("submit_contact_message", { name: "Ana via the site", email: message.email, message: "Hello", source: "join" });
    expect(sent.error).toBeNull();
    const { data } = await service().from("contacts").select("status, source, region").eq("name", "Ana via the site").single();
    expect(data).toEqual({ status: "new", source: "join", region: null });
    expect((await workerClient("a-wrong-secret-that-is-long-enough-too").rpc("submit_contact_message", { name: "Forged", email: message.email, message: "Hi", source: "contact" })).error?.code).toBe("42501");
  });
  for (const role of ["anon", "member"] as const) {
    it(`${role}: cannot read messages`, async () => {
      expectDenied(await clients[role].from("contacts").select("id"), role);
    });
    it(`${role}: cannot mark a message read`, async () => {
      expectDenied(await clients[role].from("contacts").update({ status: "read" }).eq("id", ids.contact).select("id"), role);
    });
    it(`${role}: cannot delete a message`, async () => {
      expectDenied(await clients[role].from("contacts").delete().eq("id", ids.contact).select("id"), role);
      expectRows(await service().from("contacts").select("id").eq("id", ids.contact), 1);
    });
  }
  it("admin: reads, marks read and deletes messages", async () => {
    const { data } = await clients.admin.from("contacts").select("id");
    expect(data!.length).toBeGreaterThanOrEqual(4);
    expectRows(await clients.admin.from("contacts").update({ status: "read" }).eq("id", ids.contact).select("id"), 1);
    expectRows(await clients.admin.from("contacts").delete().eq("id", ids.contact).select("id"), 1);
  });
  it("admin: cannot rewrite a message's text (only its status)", async () => {
    expectRlsError(await clients.admin.from("contacts").update({ message: "Rewritten" }).eq("id", ids.contact), "admin");
  });
});

describe("proposals", () => {
  it("anon: reads only non-draft proposals", async () => {
    const { data } = await clients.anon.from("proposals").select("status");
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.every((row) => row.status !== "draft")).toBe(true);
  });
  it("member: reads non-drafts and their own draft, not others' drafts", async () => {
    await service().from("proposals").insert({ title: "Other draft", author_id: ids.otherMember });
    const { data } = await clients.member.from("proposals").select("id, status, author_id");
    const drafts = data!.filter((row) => row.status === "draft");
    expect(drafts.map((row) => row.id)).toEqual([ids.memberDraftProposal]);
  });
  it("admin: reads every proposal, drafts included", async () => {
    const { count } = await service().from("proposals").select("id", { count: "exact", head: true });
    expectRows(await clients.admin.from("proposals").select("id"), count!);
  });
  it("anon: cannot create a proposal", async () => {
    expectRlsError(await clients.anon.from("proposals").insert({ title: "Anon", author_id: ids.member }), "anon");
  });
  it("member: creates their own draft", async () => {
    const result = await clients.member.from("proposals").insert({ title: "Mine" }).select("author_id, status").single();
    expect(result.error).toBeNull();
    expect(result.data).toEqual({ author_id: ids.member, status: "draft" });
  });
  it("member: may give a new draft the id its form was given, once (decision 056)", async () => {
    const id = crypto.randomUUID();
    const result = await clients.member.from("proposals").insert({ id, title: "Named" }).select("id, author_id").single();
    expect(result.data).toEqual({ id, author_id: ids.member });
    const again = await clients.member.from("proposals").insert({ id, title: "Named again" });
    expect(again.error?.code).toBe("23505");
  });
  it("member: cannot create a proposal that is not a draft", async () => {
    expectRlsError(await clients.member.from("proposals").insert({ title: "Skip", status: "voting" }), "member");
  });
  it("member: cannot create a proposal in another member's name", async () => {
    expectRlsError(await clients.member.from("proposals").insert({ title: "Spoof", author_id: ids.otherMember }), "member");
  });
  it("member: publishes their own draft (draft → discussion sets published_at)", async () => {
    const result = await clients.member
      .from("proposals")
      .update({ status: "discussion" })
      .eq("id", ids.memberDraftProposal)
      .select("status, published_at")
      .single();
    expect(result.error).toBeNull();
    expect(result.data?.status).toBe("discussion");
    expect(result.data?.published_at).not.toBeNull();
  });
  it("member: cannot skip discussion and decide their own draft (409, unchanged)", async () => {
    const result = await clients.member.from("proposals").update({ status: "passed" }).eq("id", ids.memberDraftProposal);
    expect(result.status).toBe(409);
    expect(result.error?.code).toBe("PT409");
    const { data } = await service().from("proposals").select("status").eq("id", ids.memberDraftProposal).single();
    expect(data?.status).toBe("draft");
  });
  it("member: cannot edit someone else's or a published proposal", async () => {
    const { data: others } = await service().from("proposals").select("id").neq("author_id", ids.member).neq("status", "draft");
    for (const { id } of others!) {
      expectDenied(await clients.member.from("proposals").update({ title: "Hijacked" }).eq("id", id).select("id"), "member");
    }
  });
  it("anon: cannot update", async () => {
    expectDenied(await clients.anon.from("proposals").update({ title: "x" }).neq("status", "draft").select("id"), "anon");
  });
  for (const role of ["anon", "member"] as const) {
    it(`${role}: cannot delete`, async () => {
      expectDenied(await clients[role].from("proposals").delete().eq("id", ids.memberDraftProposal).select("id"), role);
    });
  }
  it("admin: takes any proposal through every step and deletes it", async () => {
    const id = ids.memberDraftProposal;
    const window = { voting_starts_at: new Date(Date.now() - 60_000).toISOString(), voting_ends_at: new Date(Date.now() + 3_600_000).toISOString() };
    expectRows(await clients.admin.from("proposals").update({ status: "discussion" }).eq("id", id).select("id"), 1);
    expectRows(await clients.admin.from("proposals").update({ status: "voting", ...window }).eq("id", id).select("id"), 1);
    expectRows(await clients.admin.from("proposals").update({ status: "withdrawn" }).eq("id", id).select("id"), 1);
    expectRows(await clients.admin.from("proposals").delete().eq("id", id).select("id"), 1);
  });
  it("admin: creates a draft of their own, never in another's name", async () => {
    const own = await clients.admin.from("proposals").insert({ title: "By admin" }).select("status").single();
    expect(own.data?.status).toBe("draft");
    expectRlsError(await clients.admin.from("proposals").insert({ title: "Spoof", author_id: ids.otherMember }), "admin");
  });
});

// Votes are secret ballots: their cells are in members-rls.test.ts.
const childTables = [{ table: "proposal_comments", owner: "author_id", row: { content: "A comment" } }] as const;

for (const { table, owner, row } of childTables) {
  describe(table, () => {
    /** A proposal open to comments (discussion or voting) where the account has none yet. */
    async function publishedProposalWithout(userId: string) {
      const { data } = await untyped(service())
        .from("proposals")
        .select(`id, ${table}(${owner})`)
        .in("status", ["discussion", "voting"]);
      const rows = data as unknown as Array<Record<string, string> & Record<typeof table, Array<Record<string, string>>>>;
      const free = rows.find((p) => !p[table].some((c) => c[owner] === userId));
      return free!.id;
    }

    for (const role of roles) {
      it(`${role}: reads rows on published proposals, none on drafts`, async () => {
        await untyped(service()).from(table).insert({ ...row, proposal_id: ids.memberDraftProposal, [owner]: ids.otherMember });
        const { data } = await untyped(clients[role]).from(table).select(`proposal_id, proposal:proposals(status)`);
        expect(data!.length).toBeGreaterThan(0);
        const onDrafts = data!.filter((r) => r.proposal_id === ids.memberDraftProposal);
        expect(onDrafts.length).toBe(role === "admin" ? 1 : 0);
      });
    }
    it("anon: cannot write", async () => {
      const proposal = await publishedProposalWithout(ids.member);
      expectRlsError(await untyped(clients.anon).from(table).insert({ ...row, proposal_id: proposal, [owner]: ids.member }), "anon");
    });
    it("member: writes their own on a published proposal, edits and removes it", async () => {
      const proposal = await publishedProposalWithout(ids.member);
      const insert = await untyped(clients.member).from(table).insert({ ...row, proposal_id: proposal });
      expect(insert.error).toBeNull();
      const change = { content: "Edited" };
      expectRows(await untyped(clients.member).from(table).update(change).eq("proposal_id", proposal).eq(owner, ids.member).select(owner), 1);
      expectRows(await untyped(clients.member).from(table).delete().eq("proposal_id", proposal).eq(owner, ids.member).select(owner), 1);
    });
    it("member: cannot write on a draft, even their own (409: comments are not open)", async () => {
      const result = await untyped(clients.member).from(table).insert({ ...row, proposal_id: ids.memberDraftProposal });
      expect(result.status).toBe(409);
      expect(result.error?.code).toBe("PT409");
    });
    it("member: cannot write in another member's name", async () => {
      const proposal = await publishedProposalWithout(ids.otherMember);
      expectRlsError(
        await untyped(clients.member).from(table).insert({ ...row, proposal_id: proposal, [owner]: ids.otherMember }),
        "member",
      );
    });
    it("member: cannot change or remove another member's row", async () => {
      const { data } = await untyped(service()).from(table).select(`proposal_id, ${owner}`).neq(owner, ids.member).limit(1).single();
      const theirs = data as unknown as Record<string, string>;
      const change = { content: "Hijacked" };
      expectDenied(
        await untyped(clients.member).from(table).update(change).eq("proposal_id", theirs.proposal_id).eq(owner, theirs[owner]).select(owner),
        "member",
      );
      expectDenied(
        await untyped(clients.member).from(table).delete().eq("proposal_id", theirs.proposal_id).eq(owner, theirs[owner]).select(owner),
        "member",
      );
    });
    it("admin: hides any comment, which then reads as removed for everyone", async () => {
      const comment = "60000000-0000-4000-8000-000000000001";
      expectRows(await clients.admin.from("proposal_comments").update({ is_hidden: true }).eq("id", comment).select("id"), 1);
      const { data } = await clients.anon.from("proposal_comments").select("content, is_hidden").eq("id", comment).single();
      expect(data).toEqual({ content: "", is_hidden: true });
    });
    it("admin: cannot rewrite or delete another member's comment", async () => {
      const comment = "60000000-0000-4000-8000-000000000001";
      expectRlsError(await clients.admin.from("proposal_comments").update({ content: "Rewritten" }).eq("id", comment), "admin");
      expectDenied(await clients.admin.from("proposal_comments").delete().eq("id", comment).select("id"), "admin");
    });
  });
}

describe("profiles", () => {
  for (const role of roles) {
    it(`${role}: reads the public name of an author the site shows`, async () => {
      const { data, error } = await clients[role].from("profiles").select("id, username, avatar_url").eq("id", ids.member).single();
      expect(error).toBeNull();
      expect(data?.username).toBe("member");
    });
  }
  it("anon: cannot create or change a profile", async () => {
    expectRlsError(await clients.anon.from("profiles").insert({ id: ids.member, username: "x" }), "anon");
    expectDenied(await clients.anon.from("profiles").update({ username: "x" }).eq("id", ids.member).select("id"), "anon");
  });
  it("member: renames themselves, and cannot create a profile (the database does on sign-up)", async () => {
    expectRows(await clients.member.from("profiles").update({ username: "member-renamed" }).eq("id", ids.member).select("id"), 1);
    expectRlsError(await clients.member.from("profiles").upsert({ id: ids.member, username: "member" }), "member");
  });
  it("member: cannot create or change another member's profile", async () => {
    expectRlsError(
      await clients.member.from("profiles").insert({ id: "a0000000-0000-4000-8000-0000000000ff", username: "ghost" }),
      "member",
    );
    expectDenied(await clients.member.from("profiles").update({ username: "x" }).eq("id", ids.otherMember).select("id"), "member");
  });
  it("member: cannot delete a profile", async () => {
    expectDenied(await clients.member.from("profiles").delete().eq("id", ids.member).select("id"), "member");
  });
  it("admin: renames any profile (an abusive public name)", async () => {
    expectRows(await clients.admin.from("profiles").update({ username: "renamed-by-admins" }).eq("id", ids.otherMember).select("id"), 1);
  });
});

describe("newsletter_subscriptions", () => {
  for (const role of roles) {
    it(`${role}: cannot subscribe directly (only the Worker's function does, with its secret)`, async () => {
      expectRlsError(await clients[role].from("newsletter_subscriptions").insert({ email: `${role}@news.example` }), role);
      expectRlsError(await clients[role].rpc("newsletter_subscribe", { address: `${role}@news.example` }), role);
      expectRlsError(await clients[role].rpc("newsletter_purge_unconfirmed"), role);
    });
  }
  for (const role of ["anon", "member"] as const) {
    it(`${role}: cannot read or delete subscriptions`, async () => {
      expectDenied(await clients[role].from("newsletter_subscriptions").select("email"), role);
      expectDenied(await clients[role].from("newsletter_subscriptions").delete().neq("email", "").select("id"), role);
    });
  }
  it("admin: reads and deletes confirmed subscriptions, never an unconfirmed one nor a confirmation token", async () => {
    const pending = "pending-admin-view@news.example";
    expect((await service().from("newsletter_subscriptions").insert({ email: pending })).error).toBeNull();
    const { data } = await clients.admin.from("newsletter_subscriptions").select("id, email, confirmed_at");
    expect(data!.length).toBeGreaterThanOrEqual(2);
    expect(data!.every((row) => row.confirmed_at !== null)).toBe(true);
    expect(data!.map((row) => row.email)).not.toContain(pending);
    expectDenied(await clients.admin.from("newsletter_subscriptions").delete().eq("email", pending).select("id"), "admin");
    expectRlsError(await clients.admin.from("newsletter_subscriptions").select("confirmation_token_hash"), "admin");
    expectRlsError(await clients.admin.from("newsletter_subscriptions").update({ confirmed_at: null }).eq("id", data![0].id).select("id"), "admin");
    expectRows(await clients.admin.from("newsletter_subscriptions").delete().eq("id", data![0].id).select("id"), 1);
  });
});

describe("admins", () => {
  for (const role of roles) {
    it(`${role}: can neither read nor write the admins table through the API`, async () => {
      expectRlsError(await clients[role].from("admins").select("user_id"), role);
      expectRlsError(await clients[role].from("admins").insert({ user_id: ids.member }), role);
    });
  }
  it("is_admin() answers for the caller only", async () => {
    expect((await clients.anon.rpc("is_admin")).data).toBe(false);
    expect((await clients.member.rpc("is_admin")).data).toBe(false);
    expect((await clients.admin.rpc("is_admin")).data).toBe(true);
  });
});

describe("increment_download_count", () => {
  it("the Worker: counts a download of a published resource and gets its file", async () => {
    const before = await service().from("resources").select("download_count, file_url").eq("id", ids.publishedResource).single();
    const { data, error } = await workerClient().rpc("increment_download_count", { resource_id: ids.publishedResource });
    expect(error).toBeNull();
    expect(data).toBe(before.data!.file_url);
    const after = await service().from("resources").select("download_count").eq("id", ids.publishedResource).single();
    expect(after.data!.download_count).toBe(before.data!.download_count + 1);
  });
  it("the Worker: a draft resource is a 404 and is not counted", async () => {
    const before = await service().from("resources").select("download_count").eq("id", ids.draftResource).single();
    const result = await workerClient().rpc("increment_download_count", { resource_id: ids.draftResource });
    expect(result.status).toBe(404);
    const after = await service().from("resources").select("download_count").eq("id", ids.draftResource).single();
    expect(after.data!.download_count).toBe(before.data!.download_count);
  });
  for (const role of roles) {
    it(`${role}: cannot move the counter, through the function or directly`, async () => {
      const before = await service().from("resources").select("download_count").eq("id", ids.publishedResource).single();
      for (let i = 0; i < 5; i++) expectRlsError(await clients[role].rpc("increment_download_count", { resource_id: ids.publishedResource }), role);
      expectRlsError(await clients[role].from("resources").update({ download_count: 999999 }).eq("id", ids.publishedResource).select("id"), role);
      const after = await service().from("resources").select("download_count").eq("id", ids.publishedResource).single();
      expect(after.data!.download_count).toBe(before.data!.download_count);
    });
  }
});

describe("events constraints", () => {
  it("a time zone is an IANA name or UTC: made-up names, abbreviations and offsets are refused", async () => {
    const event = ids.publishedEvent;
    for (const time_zone of ["Mars/Olympus_Mons", "CET", "+05", ""]) {
      const result = await clients.admin.from("events").update({ time_zone }).eq("id", event);
      expect(result.status, time_zone).toBe(400);
      expect(result.error?.code).toBe("23514");
    }
    expectRows(await clients.admin.from("events").update({ time_zone: "America/Mexico_City" }).eq("id", event).select("id"), 1);
  });
  it("a five-digit year is refused (JavaScript could not show the event)", async () => {
    const result = await clients.admin
      .from("events")
      .insert({ title: "Far future", slug: "far-future", description: "x", start_date: "20266-07-01T10:00:00Z" });
    expect(result.status).toBe(400);
    expect(result.error?.code).toBe("23514");
  });
});
