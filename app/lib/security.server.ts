/**
 * Security policy of every response: the CSP nonce, the security headers and
 * the Origin check of mutating requests. server.ts applies it to assets and to
 * Remix responses alike; nothing here depends on Remix.
 */

// Methods that change nothing (OPTIONS included: a CORS preflight or a probe); Remix answers them as usual.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A fresh, unguessable nonce for one request (128 random bits, base64). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The Content-Security-Policy for a response. By default (every response
 * but a document that needs no React): scripts run only with the nonce
 * ('strict-dynamic' lets those scripts load the route modules), and styles
 * come from the site's own stylesheets or a <style> element with the nonce.
 * A document without React (app/lib/page-scripts.ts) carries no nonce at
 * all: `script-src` names exactly its own small scripts, or is 'none'. Such
 * a page is the same for every visitor and can be cached as it is.
 * Never a style attribute in server HTML (React's style props set styles
 * through the CSSOM after hydration, which style-src does not govern).
 */
export function contentSecurityPolicy(scripts: { nonce: string } | { urls: readonly string[] }): string {
  const scriptSrc = "nonce" in scripts ? `'nonce-${scripts.nonce}' 'strict-dynamic'` : scripts.urls.join(" ") || "'none'";
  const styleSrc = "nonce" in scripts ? `'self' 'nonce-${scripts.nonce}'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    `style-src ${styleSrc}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** True for hosts where the site runs over plain HTTP during development. */
export function isLocalHost(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}

/**
 * Sets the security headers on a mutable Headers object. A Content-Security-Policy or
 * Cross-Origin-Opener-Policy already there is the one the document render chose for the page
 * (entry.server.tsx) and stays.
 */
export function applySecurityHeaders(headers: Headers, { nonce, url }: { nonce: string; url: URL }): void {
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce }));
  headers.set("X-Content-Type-Options", "nosniff");
  // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the site's own
  // form posts, which the Origin check must refuse. Other sites still receive no referrer at all.
  headers.set("Referrer-Policy", "same-origin");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), interest-cohort=(), browsing-topics=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()",
  );
  // A document's own policy (entry.server.tsx, app/lib/opener-policy.ts) stays.
  if (!headers.has("Cross-Origin-Opener-Policy")) headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  if (isLocalHost(url)) headers.delete("Strict-Transport-Security");
  else headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

/**
 * Returns a response with the security headers, copying it when its headers
 * are immutable (responses of env.ASSETS and of fetch are).
 */
export function withSecurityHeaders(response: Response, options: { nonce: string; url: URL }): Response {
  const copy = new Response(response.body, response);
  applySecurityHeaders(copy.headers, options);
  return copy;
}

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request check for every method that can change state (all but
 * GET, HEAD and OPTIONS). The Origin header must be the site's own origin;
 * browsers that omit it (some old ones on same-origin form posts) are judged
 * by the Referer instead. With neither, the request is refused: a legitimate
 * browser form sends one of them.
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const own = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  // A privacy setting (Referrer-Policy no-referrer, e.g. in a user's browser) makes some browsers
  // send `Origin: null` on same-origin posts; Sec-Fetch-Site, which pages cannot forge, tells them apart.
  if (origin === "null") return request.headers.get("Sec-Fetch-Site") === "same-origin";
  if (origin !== null) return originOf(origin) === own;
  const referer = request.headers.get("Referer");
  if (referer !== null) return originOf(referer) === own;
  return false;
}

/** The 403 sent instead of running Remix for a cross-site mutating request. */
export function forbiddenCrossOrigin(): Response {
  return new Response("Forbidden: cross-origin request refused.\n", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
