/**
 * The image proxy behind /images?src=…: the Worker fetches a picture for the
 * visitor, so the visitor's browser only ever talks to this site.
 *
 * It is not an open proxy. A URL is fetched only when it is the image of a
 * record the anonymous visitor may see (news_articles.image_url and
 * events.image_url of published rows, groups.logo_url), checked through
 * supabase-js under row-level security on every request, before any fetch.
 * So unpublishing an article stops its picture being served at once.
 *
 * And only an https URL on a public host is fetched (app/lib/public-url.ts), checked again
 * at every redirect, which are followed by hand, at most MAX_REDIRECTS: a row written past the
 * back-office's validation cannot point the Worker at its own network.
 *
 * The site's demo pictures (DEMO_IMAGES, the seed's) are the one other source: a `src` that is
 * exactly one of their paths is read from the Worker's own static files (env.ASSETS), never from
 * the network and without asking the database (they are public files anyway). Any other path,
 * /demo/../… or a demo-looking name not on the list, is a 404 like any unknown URL.
 *
 * What comes back, from either source, must be a raster image (SVG can carry script), at most
 * IMAGE_MAX_BYTES, within IMAGE_TIMEOUT_MS. Every upstream failure is one bare 502 with no
 * body: nothing about the upstream host (not even whether a path exists there) reaches the page.
 */
import { readAtMost } from "~/lib/bounded-body.server";
import { isDemoImage } from "~/lib/images";
import { isPublicHttpsUrl } from "~/lib/public-url";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { FAILED_READ, QueryError, tryRead, type Supabase } from "~/models/query.server";

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 8_000;
const MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2_048;

/** Raster formats browsers show in <img>. image/svg+xml is deliberately absent. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"]);

/** A day in browsers and shared caches; a stored image URL names one picture for good. */
export const IMAGE_CACHE_CONTROL = "public, max-age=86400, immutable";
/** Short, so a picture published a minute later is not refused for long. */
const MISSING_CACHE_CONTROL = "public, max-age=60";

/** The Worker's static files (env.ASSETS, build/client): where a demo picture is read. */
export type AssetFetcher = { fetch(input: string): Promise<Response> };
/** Any origin does for the ASSETS binding, which serves by path. */
const ASSETS_ORIGIN = "https://assets.local";

/** The subset of the Workers Cache API the proxy uses (caches.default). */
export type ImageCache = {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
};

export type ImageProxyOptions = {
  /** Edge cache of fetched images, keyed by the /images URL. Absent in tests. */
  cache?: ImageCache;
  /** Lets the cache write finish after the response is sent (ctx.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
  timeoutMs?: number;
  maxBytes?: number;
  /** How the Worker reaches the network; tests hand in one that plays a public image host. */
  fetch?: typeof fetch;
  /**
   * An admin previewing a picture not yet published (checked by the caller): no allow-list,
   * and the answer is neither cached here nor cacheable by anyone else.
   */
  preview?: boolean;
};

function bare(status: 404 | 502 | 503, cacheControl = "no-store"): Response {
  return new Response(null, { status, headers: { "Cache-Control": cacheControl } });
}

/** The `src` parameter when it is an https URL on a public host, else null. */
function imageUrlFrom(requestUrl: URL): string | null {
  const src = requestUrl.searchParams.get("src");
  return src && src.length <= MAX_URL_LENGTH && isPublicHttpsUrl(src) ? src : null;
}

/** Whether `url` is the image of a published news article or event, or a group's logo. */
async function isPublishedImage(supabase: Supabase, url: string): Promise<boolean> {
  const news = supabase.from("news_articles").select("id").eq("image_url", url).eq("is_published", true).limit(1);
  const events = supabase.from("events").select("id").eq("image_url", url).eq("is_published", true).limit(1);
  const groups = supabase.from("groups").select("id").eq("logo_url", url).limit(1);
  const results = await Promise.all([news, events, groups]);
  for (const result of results) {
    if (result.error) throw new QueryError("image allow-list", result.error);
  }
  return results.some((result) => (result.data?.length ?? 0) > 0);
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/** A Location header as an absolute URL (it may be relative to the address that sent it), or null. */
function resolved(location: string | null, base: string): string | null {
  if (location === null) return null;
  try {
    return new URL(location, base).href;
  } catch {
    return null;
  }
}

/**
 * The upstream's answer to `url`, redirects followed by hand so that each new address passes the
 * same check as the first; null when a redirect leads off the public web, there are too many,
 * or the host cannot be reached in time.
 */
async function fetchPublic(url: string, fetcher: typeof fetch, timeoutMs: number): Promise<Response | null> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects++) {
    let upstream: Response;
    try {
      upstream = await fetcher(current, { headers: { Accept: [...IMAGE_TYPES].join(", ") }, redirect: "manual", signal });
    } catch {
      return null; // DNS failure, refused connection, TLS error or timeout
    }
    if (!isRedirect(upstream.status)) return upstream;
    await upstream.body?.cancel().catch(() => undefined);
    const next = resolved(upstream.headers.get("Location"), current);
    if (!next || redirects === MAX_REDIRECTS || next.length > MAX_URL_LENGTH || !isPublicHttpsUrl(next)) return null;
    current = next;
  }
}

/** Fetches an allowed image URL from the Worker and checks what came back. */
async function fetchImage(url: string, fetcher: typeof fetch, timeoutMs: number, maxBytes: number): Promise<Response> {
  const upstream = await fetchPublic(url, fetcher, timeoutMs);
  if (!upstream) return bare(502);
  return checkedImage(upstream, maxBytes);
}

/** A demo picture from the Worker's static files, checked as a fetched one is. */
async function readDemoImage(path: string, assets: AssetFetcher, maxBytes: number): Promise<Response> {
  let file: Response;
  try {
    file = await assets.fetch(new URL(path, ASSETS_ORIGIN).href);
  } catch {
    return bare(502);
  }
  return checkedImage(file, maxBytes);
}

/**
 * The answer for an image source's response: a raster image of at most `maxBytes`, with this
 * site's headers and none of the source's; anything else a bare 502.
 */
async function checkedImage(upstream: Response, maxBytes: number): Promise<Response> {
  const type = (upstream.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const declared = Number(upstream.headers.get("Content-Length") ?? "0");
  if (!upstream.ok || !upstream.body || !IMAGE_TYPES.has(type) || declared > maxBytes) {
    await upstream.body?.cancel().catch(() => undefined);
    return bare(502);
  }
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readAtMost(upstream.body, maxBytes);
  } catch {
    return bare(502); // the connection broke or the timeout hit while reading
  }
  if (!bytes) return bare(502);
  return new Response(bytes, {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": IMAGE_CACHE_CONTROL,
      // Our pages may show it; other sites may not use this Worker as their image proxy.
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/**
 * Answers GET /images?src=…: a demo picture from the static files; else 404 unless `src`
 * is an image of a published record on a public https host (checked before anything is
 * fetched), 503 when the allow-list cannot be read, 502 when the upstream image is unusable.
 */
export async function serveImage(
  request: Request,
  env: Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY"> & { ASSETS: AssetFetcher },
  { cache, waitUntil, fetch: fetcher = fetch, timeoutMs = IMAGE_TIMEOUT_MS, maxBytes = IMAGE_MAX_BYTES, preview = false }: ImageProxyOptions = {},
): Promise<Response> {
  const requestUrl = new URL(request.url);
  // Exactly a path of the list, as the query gives it: no further decoding, no normalising.
  const asked = requestUrl.searchParams.get("src") ?? "";
  if (isDemoImage(asked)) return readDemoImage(asked, env.ASSETS, maxBytes);
  const src = imageUrlFrom(requestUrl);
  if (!src) return bare(404, MISSING_CACHE_CONTROL);
  if (preview) {
    const response = await fetchImage(src, fetcher, timeoutMs, maxBytes);
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  }

  // As the anonymous visitor, whoever asks: a session cookie must neither widen the
  // allow-list nor cause a token refresh whose Set-Cookie would ride on a cached image.
  const supabase = createAnonSupabaseClient(env);
  const published = await tryRead("whether a picture is published", isPublishedImage(supabase, src));
  if (published === FAILED_READ) return bare(503);
  if (!published) return bare(404, MISSING_CACHE_CONTROL);

  const cacheKey = new Request(requestUrl.href, { method: "GET" });
  const cached = await cache?.match(cacheKey);
  if (cached) return cached;

  const response = await fetchImage(src, fetcher, timeoutMs, maxBytes);
  if (response.status === 200 && cache) {
    const stored = cache.put(cacheKey, response.clone());
    if (waitUntil) waitUntil(stored);
    else await stored;
  }
  return response;
}
