// The edge cache's rules (app/lib/edge-cache.server.ts) against an in-memory Cache API: what may be
// asked, what may be stored, the key, HIT / STALE / MISS, revalidation and the purge.
// tests/e2e/edge-cache.spec.ts checks the same against wrangler dev's own Cache API.
import { describe, expect, it } from "vitest";
import {
  EDGE_FRESH_MS,
  EDGE_GENERATION_TRUST_MS,
  edgeCacheable,
  edgeCacheKey,
  edgeStorable,
  purgeEdgeCache,
  serveWithEdgeCache,
  type EdgeCacheContext,
  type EdgeCacheStore,
} from "~/lib/edge-cache.server";

const ORIGIN = "https://inag.example";
const SCRIPT_FREE = "default-src 'self'; script-src 'none'; style-src 'self'";
const WITH_NONCE = "default-src 'self'; script-src 'nonce-abc' 'strict-dynamic'; style-src 'self' 'nonce-abc'";
const VISITOR_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** A Cache API in memory: stores what it is given, as caches.default does for a public response. */
class MemoryCache implements EdgeCacheStore {
  entries = new Map<string, { status: number; headers: [string, string][]; body: ArrayBuffer }>();
  async match(key: string) {
    const entry = this.entries.get(key);
    return entry ? new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers }) : undefined;
  }
  async put(key: string, response: Response) {
    this.entries.set(key, { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() });
  }
}

function page(body: string, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": VISITOR_CACHE_CONTROL,
      Vary: "Cookie, Accept-Language",
      "Content-Security-Policy": SCRIPT_FREE,
      ...headers,
    },
  });
}

/** A site whose pages say how many times they were rendered; `answer` overrides a render's response. */
function site(options: { cache?: EdgeCacheStore; answer?: (n: number) => Response } = {}) {
  const cache = options.cache ?? new MemoryCache();
  const pending: Promise<unknown>[] = [];
  let renders = 0;
  let now = Date.parse("2026-11-30T12:00:00Z");
  const context = (language = "en"): EdgeCacheContext => ({
    cache,
    language,
    version: "build-1",
    waitUntil: (promise) => void pending.push(promise),
    render: async () => {
      renders += 1;
      return options.answer?.(renders) ?? page(`render ${renders}`);
    },
    now: () => now,
  });
  return {
    cache,
    get renders() {
      return renders;
    },
    advance: (ms: number) => void (now += ms),
    settled: async () => {
      while (pending.length) await Promise.all(pending.splice(0));
    },
    async get(path: string, init: RequestInit & { language?: string } = {}) {
      const response = await serveWithEdgeCache(new Request(ORIGIN + path, init), context(init.language));
      const body = await response.text();
      await this.settled();
      return { response, body, status: response.headers.get("X-Cache") };
    },
  };
}

describe("which requests the edge cache answers", () => {
  const cacheable = (path: string, init?: RequestInit) => edgeCacheable(new Request(ORIGIN + path, init));

  it("anonymous GETs and HEADs of the public pages", () => {
    for (const path of ["/", "/about", "/news", "/news?page=2", "/news/a-slug", "/events?past=1", "/events/a-slug", "/resources", "/groups", "/contact"]) {
      expect(cacheable(path), path).toBe(true);
    }
    expect(cacheable("/news", { method: "HEAD" })).toBe(true);
    expect(cacheable("/news", { headers: { Cookie: "lng=fr" } })).toBe(true);
  });

  it("never a form post, a signed-in visitor, another cookie, a language choice or a page outside the list", () => {
    expect(cacheable("/", { method: "POST" })).toBe(false);
    expect(cacheable("/news", { headers: { Cookie: "lng=fr; sb-127-auth-token=abc" } })).toBe(false);
    expect(cacheable("/news", { headers: { Cookie: "sb-project-auth-token.0=abc" } })).toBe(false);
    expect(cacheable("/news", { headers: { Cookie: "admin_flash=x" } })).toBe(false);
    expect(cacheable("/news?lng=fr")).toBe(false);
    for (const path of ["/voting", "/voting/50000000-0000-4000-8000-000000000003", "/resources/a-slug", "/resources/a-slug/file", "/admin", "/account", "/login", "/news.data", "/news/a-slug.data", "/rss", "/events.ics", "/news/a/b"]) {
      expect(cacheable(path), path).toBe(false);
    }
    expect(edgeCacheable(new Request("https://inag-site.someone.workers.dev/news"))).toBe(false);
  });
});

describe("which responses it stores", () => {
  it("a 200 HTML page without a nonce, a cookie or a private Cache-Control", () => {
    expect(edgeStorable(page("ok"))).toBe(true);
    expect(edgeStorable(page("ok", { "Content-Security-Policy": WITH_NONCE }))).toBe(false);
    expect(edgeStorable(page("ok", { "Set-Cookie": "lng=fr; Path=/" }))).toBe(false);
    expect(edgeStorable(page("ok", { "Cache-Control": "private, no-store" }))).toBe(false);
    expect(edgeStorable(page("ok", { "Cache-Control": "no-store" }))).toBe(false);
    expect(edgeStorable(page("not found", {}, 404))).toBe(false);
    expect(edgeStorable(page("failed", {}, 503))).toBe(false);
    expect(edgeStorable(page("{}", { "Content-Type": "text/x-script" }))).toBe(false);
    const withoutPolicy = page("ok");
    withoutPolicy.headers.delete("Content-Security-Policy");
    expect(edgeStorable(withoutPolicy)).toBe(false);
  });

  it("keys a page by build, language and URL, its query parameters sorted", () => {
    const key = (path: string, language = "en") => edgeCacheKey(new URL(ORIGIN + path), language, "v1");
    expect(key("/news?page=2&past=1")).toBe(key("/news?past=1&page=2"));
    expect(key("/news?page=2")).not.toBe(key("/news"));
    expect(key("/news", "fr")).not.toBe(key("/news"));
    expect(edgeCacheKey(new URL(`${ORIGIN}/news`), "en", "v2")).not.toBe(key("/news"));
  });
});

describe("serving", () => {
  it("MISS, then HIT with the time of storing and the visitor's own Cache-Control; per language", async () => {
    const cache = new MemoryCache();
    const s = site({ cache });
    const first = await s.get("/news");
    expect([first.status, first.body]).toEqual(["MISS", "render 1"]);
    const second = await s.get("/news");
    expect([second.status, second.body]).toEqual(["HIT", "render 1"]);
    expect(second.response.headers.get("Cache-Control")).toBe(VISITOR_CACHE_CONTROL);
    expect(second.response.headers.get("Vary")).toBe("Cookie, Accept-Language");
    expect(Date.parse(second.response.headers.get("X-Stored-At") ?? "")).toBe(Date.parse("2026-11-30T12:00:00Z"));
    expect(second.response.headers.has("X-Edge-Generation")).toBe(false);
    expect(second.response.headers.has("X-Edge-Cache-Control")).toBe(false);
    // The stored copy: ten minutes for the cache, no Vary (the key holds the language).
    const entry = [...cache.entries].find(([key]) => key.endsWith("/en/news"))![1];
    expect(new Headers(entry.headers).get("Cache-Control")).toBe("public, s-maxage=600");
    expect(new Headers(entry.headers).has("Vary")).toBe(false);
    const french = await s.get("/news", { language: "fr" });
    expect([french.status, french.body]).toEqual(["MISS", "render 2"]);
  });

  it("HEAD is answered from the stored GET, without a body, and never stores", async () => {
    const s = site();
    expect((await s.get("/about", { method: "HEAD" })).status).toBe("MISS");
    expect((await s.get("/about", { method: "HEAD" })).status).toBe("MISS");
    await s.get("/about");
    const head = await s.get("/about", { method: "HEAD" });
    expect([head.status, head.body]).toEqual(["HIT", ""]);
    expect(s.renders).toBe(3);
  });

  it("older than a minute: served STALE once while a fresh render replaces it", async () => {
    const s = site();
    await s.get("/events");
    s.advance(EDGE_FRESH_MS - 1);
    expect((await s.get("/events")).status).toBe("HIT");
    s.advance(2);
    const stale = await s.get("/events");
    expect([stale.status, stale.body]).toEqual(["STALE", "render 1"]);
    expect(s.renders).toBe(2);
    const fresh = await s.get("/events");
    expect([fresh.status, fresh.body]).toEqual(["HIT", "render 2"]);
  });

  it("never stores a page with a nonce, a cookie, an error or a private answer", async () => {
    for (const answer of [
      () => page("nonce", { "Content-Security-Policy": WITH_NONCE }),
      () => page("cookie", { "Set-Cookie": "lng=fr" }),
      () => page("error", { "Cache-Control": "no-store" }, 503),
      () => page("missing", {}, 404),
      () => page("private", { "Cache-Control": "private, no-store" }),
    ]) {
      const s = site({ answer });
      expect((await s.get("/")).status).toBe("MISS");
      expect((await s.get("/")).status).toBe("MISS");
      expect(s.renders).toBe(2);
    }
  });

  it("two visitors of a page with a nonce get their own render, each with its nonce", async () => {
    const s = site({ answer: (n) => page(`nonce ${n}`, { "Content-Security-Policy": WITH_NONCE.replaceAll("abc", `n${n}`) }) });
    const [a, b] = [await s.get("/"), await s.get("/")];
    expect(a.response.headers.get("Content-Security-Policy")).not.toBe(b.response.headers.get("Content-Security-Policy"));
  });

  it("a purge empties every page and language at once", async () => {
    const s = site();
    await s.get("/news");
    await s.get("/news?page=2");
    await s.get("/", { language: "ar" });
    await purgeEdgeCache(s.cache, ORIGIN);
    expect((await s.get("/news")).status).toBe("MISS");
    expect((await s.get("/news?page=2")).status).toBe("MISS");
    expect((await s.get("/", { language: "ar" })).status).toBe("MISS");
    expect((await s.get("/news")).status).toBe("HIT");
  });

  it("a purge made by another isolate (a new generation in the cache) stops every stored copy within EDGE_GENERATION_TRUST_MS", async () => {
    const cache = new MemoryCache();
    const s = site({ cache });
    await s.get("/about");
    expect((await s.get("/about")).status).toBe("HIT");
    // Another isolate's purge: only the generation in the cache changes. This isolate goes on trusting
    // the generation it read a moment ago, then reads the cache again.
    await cache.put(`${ORIGIN}/__edge-cache/generation`, new Response("another isolate's"));
    s.advance(EDGE_GENERATION_TRUST_MS - 1);
    expect((await s.get("/about")).status).toBe("HIT");
    s.advance(1);
    const after = await s.get("/about");
    expect([after.status, after.body]).toEqual(["MISS", "render 2"]);
  });

  it("a HIT reads the cache once: the generation comes from memory while it is trusted", async () => {
    const cache = new MemoryCache();
    const s = site({ cache });
    await s.get("/principles");
    const reads: string[] = [];
    const match = cache.match.bind(cache);
    cache.match = async (key: string) => (reads.push(key), match(key));
    expect((await s.get("/principles")).status).toBe("HIT");
    expect(reads).toEqual([expect.stringContaining("/principles")]);
  });

  it("a render that began before a purge is never served after it", async () => {
    const cache = new MemoryCache();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let renders = 0;
    const pending: Promise<unknown>[] = [];
    const context: EdgeCacheContext = {
      cache,
      language: "en",
      version: "v",
      waitUntil: (promise) => void pending.push(promise),
      render: async () => {
        renders += 1;
        if (renders === 1) await gate; // the old data, read before the admin's write
        return page(`render ${renders}`);
      },
    };
    const slow = serveWithEdgeCache(new Request(`${ORIGIN}/news`), context);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await purgeEdgeCache(cache, ORIGIN);
    release();
    expect(await (await slow).text()).toBe("render 1");
    await Promise.all(pending);
    const after = await serveWithEdgeCache(new Request(`${ORIGIN}/news`), context);
    expect([after.headers.get("X-Cache"), await after.text()]).toEqual(["MISS", "render 2"]);
  });

  it("a failing Cache API never fails the page", async () => {
    const broken: EdgeCacheStore = {
      match: () => Promise.reject(new Error("cache down")),
      put: () => Promise.reject(new Error("cache down")),
    };
    const s = site({ cache: broken });
    const answer = await s.get("/");
    expect([answer.response.status, answer.status, answer.body]).toEqual([200, "MISS", "render 1"]);
  });
});
