// app/lib/database.types.ts must be what the Supabase CLI generates for the migrations. The first test
// runs scripts/db-types.ts (supabase/migrations in PGlite, read by the pinned CLI over a Postgres socket,
// formatted by prettier) and compares; the second uses the committed types through supabase-js, so that
// a drift between them and the queries the app writes also breaks `tsc`.
import { readFile } from "node:fs/promises";
import { createClient } from "@supabase/supabase-js";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Database, Tables, TablesInsert, TablesUpdate } from "~/lib/database.types";
import { generateDatabaseTypes, SUPABASE_CLI, TYPES_FILE } from "../../scripts/db-types";

/** The request URL a query builder would fetch (PostgrestBuilder keeps it protected). */
const urlOf = (builder: object) => (builder as unknown as { url: URL }).url;

describe("database types", () => {
  // About 12 s here (building the schema ≈8 s, the CLI ≈3 s); the first run also downloads the CLI through npx.
  it(`app/lib/database.types.ts is what ${SUPABASE_CLI} generates for supabase/migrations`, { timeout: 240_000 }, async () => {
    const [generated, committed] = await Promise.all([generateDatabaseTypes(), readFile(TYPES_FILE, "utf8")]);
    expect(generated).toContain("export type Database = {");
    expect(
      committed,
      `app/lib/database.types.ts differs from what ${SUPABASE_CLI} generates for supabase/migrations: run \`npm run db:types\` and commit the result`,
    ).toBe(generated);
  });

  it("types supabase-js queries (checked by tsc, built without network)", () => {
    const supabase = createClient<Database>("http://127.0.0.1:54321", "anon-key", {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });

    const events = supabase
      .from("events")
      .select("id, slug, ends_at, group:groups!group_id(name), organizer:profiles!organizer_id(username)")
      .eq("is_published", true);
    expect(urlOf(events).pathname).toBe("/rest/v1/events");
    expect(urlOf(events).searchParams.get("select")).toBe(
      "id,slug,ends_at,group:groups!group_id(name),organizer:profiles!organizer_id(username)",
    );
    expect(urlOf(events).searchParams.get("is_published")).toBe("eq.true");
    type EventRow = NonNullable<Awaited<typeof events>["data"]>[number];
    expectTypeOf<EventRow>().toEqualTypeOf<{
      id: string;
      slug: string;
      ends_at: string | null;
      group: { name: string } | null;
      organizer: { username: string } | null;
    }>();

    const votes = supabase.from("proposals").select("title, proposal_votes(vote)").eq("status", "voting");
    expect(urlOf(votes).searchParams.get("select")).toBe("title,proposal_votes(vote)");
    expectTypeOf<NonNullable<Awaited<typeof votes>["data"]>[number]>().toEqualTypeOf<{
      title: string;
      proposal_votes: { vote: string }[];
    }>();

    const download = supabase.rpc("increment_download_count", { resource_id: "00000000-0000-0000-0000-000000000000" });
    expect(urlOf(download).pathname).toBe("/rest/v1/rpc/increment_download_count");
    expectTypeOf<Awaited<typeof download>["data"]>().toEqualTypeOf<string | null>();

    // Generated columns cannot be written; defaults and nullable columns are optional on insert.
    expectTypeOf<TablesInsert<"events">["ends_at"]>().toEqualTypeOf<undefined>();
    expectTypeOf<TablesUpdate<"events">["ends_at"]>().toEqualTypeOf<undefined>();
    expectTypeOf<Tables<"events">["ends_at"]>().toEqualTypeOf<string | null>();
    expectTypeOf<TablesInsert<"contacts">>().toEqualTypeOf<{
      created_at?: string;
      email: string;
      handled_at?: string | null;
      id?: string;
      message: string;
      name: string;
      region?: string | null;
      source?: string;
      status?: string;
    }>();
    expectTypeOf<Database["public"]["Tables"]["news_articles"]["Row"]["tags"]>().toEqualTypeOf<string[]>();

    // Functions that take a proposals row are computed fields (select=*,support_count): the CLI lists them.
    expectTypeOf<Database["public"]["Tables"]["proposals"]["ComputedFields"]>().toEqualTypeOf<
      "oppose_count" | "support_count" | "vote_count"
    >();
    expectTypeOf<TablesInsert<"proposals">>().not.toHaveProperty("support_count");
    const counts = supabase.from("proposals").select("id, support_count, oppose_count");
    expect(urlOf(counts).searchParams.get("select")).toBe("id,support_count,oppose_count");
    expectTypeOf<NonNullable<Awaited<typeof counts>["data"]>[number]>().toEqualTypeOf<{
      id: string;
      support_count: number | null;
      oppose_count: number | null;
    }>();
  });
});
