/**
 * The edge cache (docs/decisions/041-edge-caching.md): anonymous GETs of public pages, kept in the
 * Workers Cache API (`caches.default`: per Cloudflare data centre, and only on a custom domain or
 * route; on workers.dev it stores nothing, so it is not even asked there). server.ts calls
 * `serveWithEdgeCache` for the requests `edgeCacheable` accepts and `purgeEdgeCache` after an
 * admin's write.
 *
 * - What: GET (and HEAD, answered from the stored GET) of the public pages in CACHEABLE_PATHS, from a
 *   visitor without any cookie but `lng`, without `?lng=` (which sets that cookie). Pages that
 *   visitors' own writes change are not cached: the voting pages (votes, comments, proposals, and
 *   the clock, which opens and closes the ballots) and a resource's page (its download count).
 * - Stored only: a 200 HTML page that sets no cookie, whose Cache-Control (app/lib/cache.server.ts)
 *   is public, and whose Content-Security-Policy has no nonce, i.e. a page without React that is the
 *   same for every visitor (app/lib/page-scripts.ts); a nonce must never be served twice.
 * - Key: the deployed build's version, the language the request resolves to (?lng=, cookie,
 *   Accept-Language: the render's own detectLanguage) and the URL with its query parameters sorted.
 * - Stored with `s-maxage=600` and the time of storing (X-Stored-At); served as HIT while younger
 *   than 60 s, then as STALE while a fresh render replaces it (ctx.waitUntil, once per key per isolate).
 *   The visitor's Cache-Control stays what cache.server.ts decided (kept in X-Edge-Cache-Control).
 * - Purge: every stored page carries the cache's generation (X-Edge-Generation); a page counts only
 *   while its generation is the current one, which lives in one more cache entry. An admin's write
 *   replaces the generation: one `put` empties the whole cache, every page, language and query
 *   (?page=2…) at once, within the Cache API's 50 calls per request (free plan). The generation is
 *   read before a page's data, so a render that read old data can only be stored under an old one.
 *   An isolate trusts the generation it last read for EDGE_GENERATION_TRUST_MS: a HIT is one read.
 */
import { logError } from "./log.server";

/** What the stored copy tells the Cache API: ten minutes (the visitor's own Cache-Control is kept apart). */
const EDGE_STORE_CACHE_CONTROL = "public, s-maxage=600";
/** A stored page younger than this is a HIT; older, it is served once more while a fresh one replaces it. */
export const EDGE_FRESH_MS = 60_000;

const STORED_AT = "X-Stored-At";
const GENERATION = "X-Edge-Generation";
const VISITOR_CACHE_CONTROL = "X-Edge-Cache-Control";
const VISITOR_VARY = "X-Edge-Vary";
const GENERATION_PATH = "/__edge-cache/generation";

type EdgeCacheStatus = "HIT" | "MISS" | "STALE";

/** The part of the Cache API used here (caches.default in the Worker; an in-memory one in tests). */
export type EdgeCacheStore = {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
};

/**
 * The public pages that may be stored: the static pages, the lists, and a news item's and an event's
 * page (an event's .ics answers another type and is never stored). Not a resource's page: every
 * visitor's download changes its count. Not the voting pages (above).
 */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/(?:about|principles|structure|congress|security|privacy|terms|campaigns|groups|contact|join|newsletter|resources)$/,
  /^\/(?:news|events)(?:\/[^/]+)?$/,
];

/** True when a request may be answered from, and stored in, the edge cache (its response decides the latter). */
export function edgeCacheable(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const url = new URL(request.url);
  // workers.dev has no edge cache: asking it would only cost time.
  if (url.hostname.endsWith(".workers.dev")) return false;
  if (url.pathname.endsWith(".data") || !CACHEABLE_PATHS.some((path) => path.test(url.pathname))) return false;
  // ?lng= is a language choice, which every answer remembers in a cookie: never stored.
  if (url.searchParams.has("lng")) return false;
  return onlyLanguageCookie(request.headers.get("Cookie"));
}

/** No cookie, or only `lng`: a session, a flash message or a pending password reset make a page personal. */
function onlyLanguageCookie(header: string | null): boolean {
  if (!header) return true;
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .every((part) => part.slice(0, part.indexOf("=")).trim() === "lng");
}

/** True when a rendered response may be stored: the same page for every visitor, and nothing personal in it. */
export function edgeStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  const headers = response.headers;
  if (headers.has("Set-Cookie")) return false;
  if (!(headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /no-store|private|no-cache/.test(cacheControl)) return false;
  const policy = headers.get("Content-Security-Policy");
  return policy !== null && !policy.includes("'nonce-");
}

/** The key of a page: build version, language, path, and the query with its parameters sorted. */
export function edgeCacheKey(url: URL, language: string, version: string): string {
  const query = new URLSearchParams(url.search);
  query.sort();
  const search = query.toString();
  return `${url.origin}/__edge-cache/${encodeURIComponent(version)}/${encodeURIComponent(language)}${url.pathname}${search ? `?${search}` : ""}`;
}

function newGeneration(): string {
  return crypto.randomUUID();
}

/**
 * How long an isolate goes on using the generation it last read before it reads it again. A HIT then
 * costs one Cache API read, not two; a purge made by another isolate reaches this one within this time
 * (the purging isolate itself knows at once). docs/decisions/041-edge-caching.md, addendum.
 */
export const EDGE_GENERATION_TRUST_MS = 1_000;

/** Per cache and origin: the generation this isolate last read or wrote, and until when it goes on using it. */
const knownGenerations = new WeakMap<EdgeCacheStore, Map<string, { generation: string; until: number }>>();

function knownIn(cache: EdgeCacheStore): Map<string, { generation: string; until: number }> {
  let known = knownGenerations.get(cache);
  if (!known) knownGenerations.set(cache, (known = new Map()));
  return known;
}

async function readGeneration(cache: EdgeCacheStore, origin: string, now: number): Promise<string | null> {
  const known = knownIn(cache).get(origin);
  if (known && now < known.until) return known.generation;
  const marker = await cache.match(origin + GENERATION_PATH);
  const generation = marker ? (await marker.text()) || null : null;
  if (generation) knownIn(cache).set(origin, { generation, until: now + EDGE_GENERATION_TRUST_MS });
  return generation;
}

async function writeGeneration(cache: EdgeCacheStore, origin: string, generation: string, now: number): Promise<void> {
  // Forgotten first: should the write fail, the next request reads the cache again.
  knownIn(cache).delete(origin);
  await cache.put(
    origin + GENERATION_PATH,
    new Response(generation, { headers: { "Content-Type": "text/plain", "Cache-Control": "public, max-age=31536000" } }),
  );
  knownIn(cache).set(origin, { generation, until: now + EDGE_GENERATION_TRUST_MS });
}

/** The current generation; when the cache holds none (new, or evicted), a new one, stored before any page is rendered. */
async function currentGeneration(cache: EdgeCacheStore, origin: string, now: number, known?: string | null): Promise<string> {
  const generation = known ?? (await readGeneration(cache, origin, now));
  if (generation) return generation;
  const created = newGeneration();
  await writeGeneration(cache, origin, created, now);
  return created;
}

/**
 * Empties the edge cache of `origin` (in this data centre): every page stored so far belongs to
 * an older generation from now on. Call it after the write has been made.
 */
export async function purgeEdgeCache(cache: EdgeCacheStore, origin: string): Promise<void> {
  try {
    await writeGeneration(cache, origin, newGeneration(), Date.now());
  } catch (error) {
    logError("Edge cache: purge failed", error);
  }
}

export type EdgeCacheContext = {
  cache: EdgeCacheStore;
  /** The language the request renders in (detectLanguage). */
  language: string;
  /** The deployed build's version: a new deployment never serves an old one's pages (asset names change). */
  version: string;
  waitUntil(promise: Promise<unknown>): void;
  /** The whole answer without the edge cache: assets, Remix, security headers, Cache-Control. */
  render(request: Request): Promise<Response>;
  now?: () => number;
};

const clock = (context: EdgeCacheContext) => context.now?.() ?? Date.now();

/** A stored page as the visitor gets it: their Cache-Control back, the cache's own headers gone, X-Cache set. */
function served(stored: Response, status: EdgeCacheStatus, method: string): Response {
  const headers = new Headers(stored.headers);
  headers.set("Cache-Control", headers.get(VISITOR_CACHE_CONTROL) ?? "no-store");
  const vary = headers.get(VISITOR_VARY);
  if (vary) headers.set("Vary", vary);
  for (const name of [VISITOR_CACHE_CONTROL, VISITOR_VARY, GENERATION, "CF-Cache-Status", "Age", "Expires"]) headers.delete(name);
  headers.set("X-Cache", status);
  return new Response(method === "HEAD" ? null : stored.body, { status: stored.status, statusText: stored.statusText, headers });
}

function withStatus(response: Response, status: EdgeCacheStatus): Response {
  const copy = new Response(response.body, response);
  copy.headers.set("X-Cache", status);
  return copy;
}

/** Stores `response` (whose body the caller no longer reads) under `key` as generation `generation`. */
async function store(context: EdgeCacheContext, key: string, response: Response, generation: string): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(VISITOR_CACHE_CONTROL, headers.get("Cache-Control") ?? "");
  headers.set("Cache-Control", EDGE_STORE_CACHE_CONTROL);
  headers.set(GENERATION, generation);
  headers.set(STORED_AT, new Date(clock(context)).toISOString());
  // The key already holds the language: the cache itself must not vary on the visitor's headers.
  const vary = headers.get("Vary");
  if (vary) headers.set(VISITOR_VARY, vary);
  headers.delete("Vary");
  await context.cache.put(key, new Response(response.body, { status: response.status, headers }));
}

/** Renders, and stores the page when it may be: the client's copy and the stored one from one render. */
async function renderAndStore(context: EdgeCacheContext, request: Request, key: string, generation: string): Promise<Response> {
  const response = await context.render(request);
  if (request.method !== "GET" || !edgeStorable(response) || !response.body) return response;
  const [forVisitor, forCache] = response.body.tee();
  context.waitUntil(store(context, key, new Response(forCache, response), generation).catch((error) => logError("Edge cache: storing failed", error)));
  return new Response(forVisitor, response);
}

/** Keys being revalidated in this isolate: one fresh render per stale page at a time. */
const revalidating = new Set<string>();

function revalidate(context: EdgeCacheContext, request: Request, key: string): void {
  if (revalidating.has(key)) return;
  revalidating.add(key);
  const url = new URL(request.url);
  const get = new Request(request.url, { method: "GET", headers: request.headers });
  const work = (async () => {
    // The generation first, then the data: a purge in between leaves this render under the old one.
    const generation = await currentGeneration(context.cache, url.origin, clock(context));
    const response = await renderAndStore(context, get, key, generation);
    // Nobody reads this copy; the stored one is written from the other branch of the body.
    await response.body?.cancel();
  })()
    .catch((error) => logError("Edge cache: revalidation failed", error))
    .finally(() => revalidating.delete(key));
  context.waitUntil(work);
}

/**
 * Answers an `edgeCacheable` request from the edge cache when it holds a current copy (HIT; STALE
 * past EDGE_FRESH_MS, while a fresh one is rendered), else renders it (MISS) and stores the page
 * when `edgeStorable`. A failing cache never fails the request: it is rendered as if there were none.
 */
export async function serveWithEdgeCache(request: Request, context: EdgeCacheContext): Promise<Response> {
  const url = new URL(request.url);
  const key = edgeCacheKey(url, context.language, context.version);
  let generation: string | null;
  let stored: Response | undefined;
  try {
    [generation, stored] = await Promise.all([readGeneration(context.cache, url.origin, clock(context)), context.cache.match(key)]);
  } catch (error) {
    logError("Edge cache: lookup failed", error);
    return withStatus(await context.render(request), "MISS");
  }

  if (stored && generation && stored.headers.get(GENERATION) === generation) {
    const storedAt = Date.parse(stored.headers.get(STORED_AT) ?? "");
    const age = clock(context) - storedAt;
    if (Number.isFinite(age) && age <= EDGE_FRESH_MS) return served(stored, "HIT", request.method);
    revalidate(context, request, key);
    return served(stored, "STALE", request.method);
  }
  await stored?.body?.cancel();

  if (request.method !== "GET") return withStatus(await context.render(request), "MISS");
  try {
    generation = await currentGeneration(context.cache, url.origin, clock(context), generation);
  } catch (error) {
    logError("Edge cache: generation failed", error);
    return withStatus(await context.render(request), "MISS");
  }
  return withStatus(await renderAndStore(context, request, key, generation), "MISS");
}
