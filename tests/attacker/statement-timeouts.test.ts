// Issue 12's regular-expression filter (`news_articles?and=(content.match."(.*.*)*\1z",…)` ran 12 s as
// anon while every other request waited). Hosted Supabase cancels it after the role's statement timeout;
// the migrations write those timeouts down so that they hold on any Postgres. PGlite, the local backend,
// ignores statement_timeout (supabase/embedded/README.md, Limits), so what is checked here is the
// setting each API role gets from a database built by the migrations.
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type EmbeddedDatabase } from "../../supabase/embedded/database";

let database: EmbeddedDatabase;

beforeAll(async () => {
  database = await openDatabase({ dataDir: null, seedFile: "/dev/null", log: () => {} });
}, 120_000);

afterAll(() => database?.close());

it("the migrations give anon 3 s and authenticated 8 s per statement", async () => {
  const { rows } = await database.db.query<{ rolname: string; rolconfig: string[] | null }>(
    "select rolname, rolconfig from pg_roles where rolname in ('anon', 'authenticated') order by rolname",
  );
  expect(rows).toEqual([
    { rolname: "anon", rolconfig: ["statement_timeout=3s"] },
    { rolname: "authenticated", rolconfig: ["statement_timeout=8s"] },
  ]);
});
