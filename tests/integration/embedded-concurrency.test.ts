// The embedded backend under concurrent writes (spec §8: one PGlite session behind one global lock), through the
// real supabase-js: no write may be lost, doubled or half-applied, and a unique constraint must hold under a race.
import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, resetBackend, serviceClient, signedInClient, workerClient } from "../support/backend";

const RESOURCE = "40000000-0000-4000-8000-000000000001";

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`[embedded-concurrency] ${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

beforeEach(resetBackend);

describe("concurrent writes through the embedded gateway", () => {
  it("200 concurrent contact messages through the Worker's function give exactly 200 new rows", async () => {
    const service = serviceClient();
    const before = await service.from("contacts").select("id", { count: "exact", head: true });
    expect(before.error).toBeNull();

    const worker = workerClient();
    const results = await timed("200 concurrent rpc submit_contact_message", () =>
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          worker.rpc("submit_contact_message", { name: `Concurrent ${i}`, email: `concurrent${i}@example.net`, message: `Message ${i}`, source: "contact" }),
        ),
      ),
    );
    expect(results.filter((result) => result.error).map((result) => result.error)).toEqual([]);

    const after = await service.from("contacts").select("id", { count: "exact", head: true });
    expect(after.count).toBe(before.count! + 200);
    // Each message exactly once.
    const { data } = await service.from("contacts").select("name").like("name", "Concurrent %");
    expect(new Set(data!.map((row) => row.name)).size).toBe(200);
  });

  it("100 concurrent increment_download_count calls add exactly 100", async () => {
    const service = serviceClient();
    const before = await service.from("resources").select("download_count, file_url").eq("id", RESOURCE).single();
    expect(before.error).toBeNull();

    const worker = workerClient();
    const results = await timed("100 concurrent rpc increment_download_count", () =>
      Promise.all(Array.from({ length: 100 }, () => worker.rpc("increment_download_count", { resource_id: RESOURCE }))),
    );
    expect(results.filter((result) => result.error).map((result) => result.error)).toEqual([]);
    expect(results.every((result) => result.data === before.data!.file_url)).toBe(true);

    const after = await service.from("resources").select("download_count").eq("id", RESOURCE).single();
    expect(after.data!.download_count).toBe(before.data!.download_count + 100);
  });

  it("20 concurrent admin inserts of one news slug: one 201, nineteen 409 23505, one row", async () => {
    const admin = await signedInClient(ACCOUNTS.admin);
    const slug = "concurrent-slug-race";
    const results = await timed("20 concurrent admin inserts of one slug", () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          admin.from("news_articles").insert({ title: `Race ${i}`, slug, excerpt: "x", content: "<p>x</p>" }),
        ),
      ),
    );
    const succeeded = results.filter((result) => !result.error);
    const conflicts = results.filter((result) => result.error);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0].status).toBe(201);
    expect(conflicts).toHaveLength(19);
    for (const conflict of conflicts) {
      expect(conflict.status).toBe(409);
      expect(conflict.error?.code).toBe("23505");
      expect(conflict.error?.message).toBe('duplicate key value violates unique constraint "news_articles_slug_key"');
      // Postgres leaves out the "Key (slug)=(…) already exists." detail for a role under row-level security.
      expect(conflict.error?.details).toBeNull();
    }

    const { data, count } = await serviceClient().from("news_articles").select("title", { count: "exact" }).eq("slug", slug);
    expect(count).toBe(1);
    expect(data![0].title).toMatch(/^Race \d+$/);
  });
});
