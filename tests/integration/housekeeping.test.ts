// The daily housekeeping (supabase/migrations/20261130000000_housekeeping.sql, app/models/housekeeping.server.ts):
// the retention periods agree everywhere they are written (the database's function, app/lib/retention.ts, which
// /privacy shows, and the README's table); public.run_housekeeping() runs only with the Worker's secret, and
// removes exactly the rows kept past their period, each side of every boundary; the Cron Trigger's module runs
// it through supabase-js as the Worker does. The backend is reset before the file.
import { readFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RETENTION_PERIODS, type HousekeepingCounts, type RetentionItem, type RetentionPeriod } from "~/lib/retention";
import { runHousekeeping, scheduledHousekeeping } from "~/models/housekeeping.server";
import { QueryError } from "~/models/query.server";
import { ACCOUNTS, LOCAL_WORKER_SECRET, anonClient, anonKey, backendUrl, resetBackend, serviceClient, signedInClient, workerClient } from "../support/backend";
import { uniqueEmail } from "../support/route-context";
import english from "../../locales/en/pages.json" with { type: "json" };

const ITEMS = Object.keys(RETENTION_PERIODS) as RetentionItem[];
const SEEDED_PROPOSAL = "50000000-0000-4000-8000-000000000002"; // in discussion
const SEEDED_MEMBER = "a0000000-0000-4000-8000-000000000002";

/** The moment `period` ago, moved by `days` (positive: further back, past the boundary; negative: within it). */
function beyond(period: RetentionPeriod, days: number): string {
  const date = new Date();
  if (period.unit === "months") date.setUTCMonth(date.getUTCMonth() - period.amount);
  else date.setUTCDate(date.getUTCDate() - period.amount);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString();
}
const OLD = (item: RetentionItem) => beyond(RETENTION_PERIODS[item], 2);
const RECENT = (item: RetentionItem) => beyond(RETENTION_PERIODS[item], -2);

/** "7 days", "12 months": how the README and the English /privacy write a period. */
const spelled = ({ amount, unit }: RetentionPeriod) => `${amount} ${unit}`;

beforeAll(async () => {
  await resetBackend();
});

describe("the retention periods", () => {
  it("the database's public.retention_periods(), which run_housekeeping() applies, is app/lib/retention.ts (what /privacy shows)", async () => {
    const { data, error } = await anonClient().rpc("retention_periods");
    expect(error).toBeNull();
    const stored = Object.fromEntries((data ?? []).map(({ item, amount, unit }) => [item, { amount, unit }]));
    expect(stored).toEqual(RETENTION_PERIODS);
  });

  it("the README's table says the same", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.split("## What the site keeps, and for how long")[1]?.split(/\n## /)[0] ?? "";
    expect(section, "README: the section 'What the site keeps, and for how long'").not.toBe("");
    for (const item of ITEMS) {
      const row = section.split("\n").find((line) => line.startsWith("|") && line.includes(`\`${item}\``));
      expect(row, `README: a table row naming \`${item}\``).toBeDefined();
      expect(row, `README: ${item}`).toContain(spelled(RETENTION_PERIODS[item]));
    }
  });

  it("the English /privacy spells each period as the README does (the other languages translate the same keys)", () => {
    const duration = english.privacy.stored.duration as Record<string, string>;
    for (const item of ITEMS) {
      const { amount, unit } = RETENTION_PERIODS[item];
      expect(duration[`${unit}_other`].replace("{{count}}", String(amount))).toBe(spelled(RETENTION_PERIODS[item]));
    }
  });
});

describe("public.run_housekeeping()", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is refused without the Worker's secret, and with another one, and removes nothing then", async () => {
    const email = uniqueEmail("refused");
    const service = serviceClient();
    expect((await service.from("contacts").insert({ name: "Old", email, message: "old", source: "contact", created_at: OLD("messages") })).error).toBeNull();
    const anon = await anonClient().rpc("run_housekeeping");
    expect(anon.error?.code).toBe("42501");
    expect(anon.error?.message).toMatch(/only the site itself/);
    expect((await workerClient("another-secret-of-at-least-32-characters").rpc("run_housekeeping")).error?.code).toBe("42501");
    const admin = await signedInClient(ACCOUNTS.admin);
    expect((await admin.rpc("run_housekeeping")).error?.code).toBe("42501");
    expect((await service.from("contacts").select("id").eq("email", email)).data).toHaveLength(1);
  });

  it("removes exactly the rows kept past their period, and counts them", async () => {
    const service = serviceClient();
    // The previous test's old message is still there: clear the slate first.
    expect((await workerClient().rpc("run_housekeeping")).error).toBeNull();
    const tag = crypto.randomUUID().slice(0, 8);

    // Newsletter: unconfirmed rows, by their last confirmation mail (or their creation); a confirmed one stays however old.
    const subscriptions = {
      gone: [
        { email: `gone-mailed-${tag}@example.org`, created_at: OLD("newsletter_unconfirmed"), confirmation_sent_at: OLD("newsletter_unconfirmed"), confirmed_at: null },
        { email: `gone-unmailed-${tag}@example.org`, created_at: OLD("newsletter_unconfirmed"), confirmation_sent_at: null, confirmed_at: null },
      ],
      kept: [
        { email: `kept-recent-${tag}@example.org`, created_at: OLD("newsletter_unconfirmed"), confirmation_sent_at: RECENT("newsletter_unconfirmed"), confirmed_at: null },
        { email: `kept-confirmed-${tag}@example.org`, created_at: OLD("admin_activity"), confirmation_sent_at: OLD("admin_activity"), confirmed_at: OLD("admin_activity") },
      ],
    };
    // Messages: by the last time an admin changed their status, else by their arrival.
    const message = (label: string, created_at: string, handled_at: string | null) => ({
      name: `Housekeeping ${label}`,
      email: `${label}-${tag}@example.org`,
      message: "A message old enough to go, or not.",
      source: "contact",
      status: handled_at ? "read" : "new",
      created_at,
      handled_at,
    });
    const messages = {
      gone: [message("unread-old", OLD("messages"), null), message("read-old", OLD("messages"), OLD("messages"))],
      kept: [message("unread-recent", RECENT("messages"), null), message("read-recently", OLD("messages"), RECENT("messages"))],
    };
    // Reports: resolved ones by their resolution; open ones stay however old.
    const report = (label: string, created_at: string, resolved_at: string | null) => ({
      proposal_id: SEEDED_PROPOSAL,
      reporter_id: SEEDED_MEMBER,
      reason: `Housekeeping ${label} ${tag}`,
      created_at,
      resolved_at,
      resolved_by: resolved_at ? SEEDED_MEMBER : null,
    });
    const reports = {
      gone: [report("resolved-old", OLD("resolved_reports"), OLD("resolved_reports"))],
      kept: [report("resolved-recently", OLD("resolved_reports"), RECENT("resolved_reports")), report("open-old", OLD("admin_activity"), null)],
    };
    const activity = (label: string, created_at: string) => ({
      actor_name: "rosa",
      table_name: "news_articles",
      record_id: `${label}-${tag}`,
      action: "updated",
      created_at,
    });
    const entries = { gone: [activity("old", OLD("admin_activity"))], kept: [activity("recent", RECENT("admin_activity"))] };

    for (const [table, rows] of [
      ["newsletter_subscriptions", [...subscriptions.gone, ...subscriptions.kept]],
      ["contacts", [...messages.gone, ...messages.kept]],
      ["proposal_reports", [...reports.gone, ...reports.kept]],
      ["admin_activity", [...entries.gone, ...entries.kept]],
    ] as const) {
      const { error } = await service.from(table).insert(rows as never);
      expect(error, table).toBeNull();
    }

    const { data, error } = await workerClient().rpc("run_housekeeping");
    expect(error).toBeNull();
    expect(data).toEqual({
      newsletter_unconfirmed: subscriptions.gone.length,
      messages: messages.gone.length,
      resolved_reports: reports.gone.length,
      admin_activity: entries.gone.length,
    } satisfies HousekeepingCounts);

    const left = async (table: "newsletter_subscriptions" | "contacts", rows: { email: string }[]) =>
      (await service.from(table).select("email").in("email", rows.map((row) => row.email))).data?.map((row) => row.email).sort();
    expect(await left("newsletter_subscriptions", [...subscriptions.gone, ...subscriptions.kept])).toEqual(subscriptions.kept.map((row) => row.email).sort());
    expect(await left("contacts", [...messages.gone, ...messages.kept])).toEqual(messages.kept.map((row) => row.email).sort());
    const reasons = (await service.from("proposal_reports").select("reason").like("reason", `% ${tag}`)).data?.map((row) => row.reason).sort();
    expect(reasons).toEqual(reports.kept.map((row) => row.reason).sort());
    const records = (await service.from("admin_activity").select("record_id").like("record_id", `%-${tag}`)).data?.map((row) => row.record_id);
    expect(records).toEqual(entries.kept.map((row) => row.record_id));
    // The housekeeping is not an admin: its deletions leave no entry in the activity log.
    expect((await service.from("admin_activity").select("id").eq("action", "deleted")).data).toEqual([]);

    // A second run finds nothing more.
    expect((await workerClient().rpc("run_housekeeping")).data).toEqual({ newsletter_unconfirmed: 0, messages: 0, resolved_reports: 0, admin_activity: 0 });
  });

  it("counts a message's period from the moment an admin last marked it read (the database sets it)", async () => {
    const service = serviceClient();
    const email = uniqueEmail("marked");
    const { data: row } = await service
      .from("contacts")
      .insert({ name: "Marked late", email, message: "Read a year after it came.", source: "join", created_at: OLD("messages") })
      .select("id, handled_at")
      .single();
    expect(row?.handled_at).toBeNull();
    const admin = await signedInClient(ACCOUNTS.admin);
    const before = Date.now();
    expect((await admin.from("contacts").update({ status: "read" }).eq("id", row!.id)).error).toBeNull();
    const { data: marked } = await service.from("contacts").select("handled_at").eq("id", row!.id).single();
    expect(new Date(marked!.handled_at!).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    // Nobody sets it through the API, admins included.
    expect((await admin.from("contacts").update({ handled_at: OLD("messages") } as never).eq("id", row!.id)).error?.code).toBe("42501");
    expect((await workerClient().rpc("run_housekeeping")).data).toMatchObject({ messages: 0 });
    expect((await service.from("contacts").select("id").eq("email", email)).data).toHaveLength(1);
  });
});

describe("the Cron Trigger's module (app/models/housekeeping.server.ts)", () => {
  const env = () => ({ SUPABASE_URL: backendUrl(), SUPABASE_ANON_KEY: anonKey(), WORKER_SECRET: LOCAL_WORKER_SECRET });
  afterEach(() => vi.restoreAllMocks());

  it("runs the housekeeping through supabase-js with the Worker's secret and logs the counts, numbers only", async () => {
    const email = uniqueEmail("cron");
    expect((await serviceClient().from("contacts").insert({ name: "Cron", email, message: "old", source: "contact", created_at: OLD("messages") })).error).toBeNull();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const removed = await scheduledHousekeeping(env());
    expect(removed).toMatchObject({ messages: 1 });
    expect(log).toHaveBeenCalledWith(`Housekeeping removed: ${JSON.stringify(removed)}`);
    expect((await serviceClient().from("contacts").select("id").eq("email", email)).data).toEqual([]);
  });

  it("without the secret the database refuses: thrown (the run fails in Cron Events) and logged", async () => {
    await expect(runHousekeeping({ ...env(), WORKER_SECRET: undefined })).rejects.toBeInstanceOf(QueryError);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(scheduledHousekeeping({ ...env(), WORKER_SECRET: "another-secret-of-at-least-32-characters" })).rejects.toThrow(/only the site itself/);
    expect(logged).toHaveBeenCalledWith("Housekeeping failed:", expect.stringContaining("42501"));
  });
});
