/**
 * The one place that decides how HTML (and Remix's .data) responses may be
 * cached. server.ts calls it on every Remix response.
 *
 * - A response that sets a cookie (of any type: a feed or a redirect with
 *   ?lng= too), or a page for a request that carries a Supabase session cookie
 *   (a signed-in user), is `private, no-store`: a shared cache must never hand
 *   one person's page or token to another.
 * - Any other successful public GET/HEAD page is cacheable by a shared cache
 *   for a minute and may be served stale for ten while it revalidates
 *   (`public, max-age=0, s-maxage=60, stale-while-revalidate=600`). The
 *   language comes from the lng cookie or Accept-Language, hence
 *   `Vary: Cookie, Accept-Language`.
 * - Errors (5xx) and responses to mutating requests are `no-store`.
 * - A route that already chose `no-store`/`private` keeps its choice.
 *
 * And for static files: Vite's build output under /assets/ carries a hash of its content in every
 * name, so a browser keeps it for a year without asking again (applyAssetCachePolicy). The static
 * assets' own default (`max-age=0, must-revalidate`) cost every page after the first a round trip
 * for its render-blocking stylesheet. The other files (favicon, demo images, translations) keep it.
 */

export const PUBLIC_HTML_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PRIVATE_NO_STORE = "private, no-store";
export const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";

const SESSION_COOKIE = /(?:^|;\s*)sb-[^=;]+-auth-token(?:\.\d+)?=/;

export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
}

function isPageOrData(request: Request, response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return type.startsWith("text/html") || new URL(request.url).pathname.endsWith(".data");
}

/** Sets Cache-Control and Vary on a mutable response according to the rules above. */
export function applyCachePolicy(request: Request, response: Response): void {
  const headers = response.headers;
  // A cookie is one visitor's: whatever carries it (a page, a feed or a redirect with ?lng=) is kept by no shared cache.
  const setsCookie = headers.has("Set-Cookie");
  if (setsCookie) headers.set("Cache-Control", PRIVATE_NO_STORE);
  if (!isPageOrData(request, response)) return;

  const method = request.method.toUpperCase();
  const current = headers.get("Cache-Control") ?? "";

  if (setsCookie || hasSessionCookie(request)) {
    headers.set("Cache-Control", PRIVATE_NO_STORE);
  } else if (method !== "GET" && method !== "HEAD") {
    headers.set("Cache-Control", "no-store");
  } else if (/no-store|private/.test(current)) {
    // The route asked for it: keep.
  } else if (response.status >= 500) {
    headers.set("Cache-Control", "no-store");
  } else if (response.status === 200 || response.status === 404) {
    headers.set("Cache-Control", PUBLIC_HTML_CACHE);
  }
  headers.set("Vary", "Cookie, Accept-Language");
}

/**
 * Sets Cache-Control on a mutable static-file response: a year, immutable, for Vite's hashed build
 * output. A 304 too: its headers replace the browser's stored ones, so a copy kept under the old
 * `must-revalidate` becomes immutable at its next check instead of being asked for on every page.
 */
export function applyAssetCachePolicy(url: URL, response: Response): void {
  const fresh = response.status === 200 || response.status === 304;
  if (fresh && url.pathname.startsWith("/assets/")) response.headers.set("Cache-Control", HASHED_ASSET_CACHE);
}
