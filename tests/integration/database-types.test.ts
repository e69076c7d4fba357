// app/lib/database.types.ts must be what the migrations produce. The first test regenerates the file
// from supabase/migrations and compares; the second uses the committed types through supabase-js, so
// that a drift between them and the queries the app writes also breaks `tsc`.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createClient } from "@supabase/supabase-js";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Database, Tables, TablesInsert, TablesUpdate } from "~/lib/database.types";
import { generateDatabaseTypes } from "../../supabase/embedded/types";

const COMMITTED = fileURLToPath(new URL("../../app/lib/database.types.ts", import.meta.url));

/** The request URL a query builder would fetch (PostgrestBuilder keeps it protected). */
const urlOf = (builder: object) => (builder as unknown as { url: URL }).url;

describe("database types", () => {
  it("app/lib/database.types.ts matches the migrated schema", { timeout: 120_000 }, async () => {
    const [generated, committed] = await Promise.all([generateDatabaseTypes(), readFile(COMMITTED, "utf8")]);
    expect(
      committed,
      "app/lib/database.types.ts differs from the schema built from supabase/migrations: run `npm run db:types` and commit the result",
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
      id?: string;
      message: string;
      name: string;
      region?: string | null;
      source?: string;
      status?: string;
    }>();
    expectTypeOf<Database["public"]["Tables"]["news_articles"]["Row"]["tags"]>().toEqualTypeOf<string[]>();
  });
});
