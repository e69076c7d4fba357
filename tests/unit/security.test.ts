import { describe, expect, it } from "vitest";
import { applyAssetCachePolicy, applyCachePolicy, HASHED_ASSET_CACHE, PRIVATE_NO_STORE, PUBLIC_HTML_CACHE } from "~/lib/cache.server";
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  isSameOriginRequest,
  withSecurityHeaders,
} from "~/lib/security.server";

const SITE = "https://inag.network";

function post(headers: Record<string, string>, path = "/contact") {
  return new Request(`${SITE}${path}`, { method: "POST", headers });
}

describe("Origin check of mutating requests", () => {
  it("lets GET and HEAD through whatever their origin", () => {
    expect(isSameOriginRequest(new Request(`${SITE}/`, { headers: { Origin: "https://evil.example" } }))).toBe(true);
    expect(isSameOriginRequest(new Request(`${SITE}/`, { method: "HEAD" }))).toBe(true);
  });

  it("lets OPTIONS through whatever its origin: it changes nothing", () => {
    expect(isSameOriginRequest(new Request(`${SITE}/`, { method: "OPTIONS" }))).toBe(true);
    expect(isSameOriginRequest(new Request(`${SITE}/contact`, { method: "OPTIONS", headers: { Origin: "https://evil.example" } }))).toBe(true);
    expect(isSameOriginRequest(new Request(`${SITE}/`, { method: "DELETE", headers: { Origin: "https://evil.example" } }))).toBe(false);
  });

  it("accepts a POST from the site's own origin", () => {
    expect(isSameOriginRequest(post({ Origin: SITE }))).toBe(true);
  });

  it("refuses a POST from another origin, another scheme, another port, or origin null", () => {
    expect(isSameOriginRequest(post({ Origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "http://inag.network" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "https://inag.network:8443" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "https://inag.network.evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "null", "Sec-Fetch-Site": "cross-site" }))).toBe(false);
  });

  it("accepts origin null only when the browser says the post is same-origin (privacy settings)", () => {
    expect(isSameOriginRequest(post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "null", "Sec-Fetch-Site": "same-site" }))).toBe(false);
  });

  it("trusts Origin over Referer when both are present", () => {
    expect(isSameOriginRequest(post({ Origin: "https://evil.example", Referer: `${SITE}/contact` }))).toBe(false);
  });

  it("falls back to the Referer when Origin is missing", () => {
    expect(isSameOriginRequest(post({ Referer: `${SITE}/contact` }))).toBe(true);
    expect(isSameOriginRequest(post({ Referer: "https://evil.example/inag.network" }))).toBe(false);
    expect(isSameOriginRequest(post({ Referer: "not a url" }))).toBe(false);
  });

  it("refuses a form post with neither Origin nor Referer", () => {
    expect(isSameOriginRequest(post({ "Content-Type": "application/x-www-form-urlencoded" }))).toBe(false);
  });

  it("covers PUT, PATCH and DELETE too", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isSameOriginRequest(new Request(`${SITE}/x`, { method, headers: { Origin: "https://evil.example" } }))).toBe(
        false,
      );
    }
  });
});

describe("CSP and security headers", () => {
  it("makes a different unguessable nonce per call", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });

  const directivesOf = (csp: string) =>
    Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );

  it("allows scripts only with the nonce and locks everything else to self", () => {
    const directives = directivesOf(contentSecurityPolicy({ nonce: "abc123" }));
    expect(directives).toEqual({
      "default-src": "'self'",
      "script-src": "'nonce-abc123' 'strict-dynamic'",
      "style-src": "'self' 'nonce-abc123'",
      "img-src": "'self' data:",
      "connect-src": "'self'",
      "font-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(directives["script-src"]).not.toContain("unsafe");
    expect(directives["style-src"]).not.toContain("unsafe");
  });

  it("gives a page without React no nonce: no script at all, or exactly its own", () => {
    const none = directivesOf(contentSecurityPolicy({ urls: [] }));
    expect(none["script-src"]).toBe("'none'");
    expect(none["style-src"]).toBe("'self'");
    const own = directivesOf(contentSecurityPolicy({ urls: [`${SITE}/assets/map-zoom-abc.js`] }));
    expect(own["script-src"]).toBe(`${SITE}/assets/map-zoom-abc.js`);
    expect(contentSecurityPolicy({ urls: [] })).not.toContain("nonce");
  });

  it("keeps the policy a document chose for its scripts", () => {
    const headers = new Headers({ "Content-Security-Policy": contentSecurityPolicy({ urls: [] }) });
    applySecurityHeaders(headers, { nonce: "n", url: new URL(SITE) });
    expect(headers.get("Content-Security-Policy")).toContain("script-src 'none'");
  });

  it("keeps the opener policy a document chose for its page", () => {
    const headers = new Headers({ "Cross-Origin-Opener-Policy": "unsafe-none" });
    applySecurityHeaders(headers, { nonce: "n", url: new URL(SITE) });
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
  });

  it("sets the security headers, with HSTS except on localhost", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce: "n", url: new URL(SITE) });
    expect(headers.get("Content-Security-Policy")).toContain("'nonce-n'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("same-origin");
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    const permissions = headers.get("Permissions-Policy") ?? "";
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "interest-cohort=()"]) {
      expect(permissions).toContain(feature);
    }
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8,}/);

    for (const local of ["http://localhost:8787/", "http://127.0.0.1:8787/"]) {
      const localHeaders = new Headers();
      applySecurityHeaders(localHeaders, { nonce: "n", url: new URL(local) });
      expect(localHeaders.get("Strict-Transport-Security")).toBeNull();
      expect(localHeaders.get("Content-Security-Policy")).toContain("'nonce-n'");
    }
  });

  it("adds the headers to responses with immutable headers (assets)", async () => {
    const immutable = Response.redirect(`${SITE}/`, 302);
    expect(() => immutable.headers.set("x", "y")).toThrow();
    const copy = withSecurityHeaders(immutable, { nonce: "n", url: new URL(SITE) });
    expect(copy.status).toBe(302);
    expect(copy.headers.get("Location")).toBe(`${SITE}/`);
    expect(copy.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("cache policy", () => {
  const html = (init: ResponseInit = {}) =>
    new Response("<!DOCTYPE html>", { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers } });

  it("lets a shared cache keep a public page for a minute, varying on cookie and language", () => {
    const response = html();
    applyCachePolicy(new Request(`${SITE}/about`), response);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_HTML_CACHE);
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Language");
  });

  it("never lets a shared cache keep a response that sets a cookie", () => {
    const response = html({ headers: { "Set-Cookie": "lng=ar; Path=/" } });
    applyCachePolicy(new Request(`${SITE}/about?lng=ar`), response);
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    // Nor a feed or a redirect that carries one (?lng= is remembered on every answer).
    const feed = new Response("<rss/>", { headers: { "Content-Type": "application/rss+xml", "Cache-Control": "public, max-age=600", "Set-Cookie": "lng=fr; Path=/" } });
    applyCachePolicy(new Request(`${SITE}/rss?lng=fr`), feed);
    expect(feed.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    const redirect = new Response(null, { status: 302, headers: { Location: "/login", "Set-Cookie": "lng=fr; Path=/" } });
    applyCachePolicy(new Request(`${SITE}/account?lng=fr`), redirect);
    expect(redirect.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("never lets a shared cache keep a signed-in user's page", () => {
    const response = html();
    applyCachePolicy(new Request(`${SITE}/`, { headers: { Cookie: "lng=en; sb-127-auth-token=base64-abc" } }), response);
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    const chunked = html();
    applyCachePolicy(new Request(`${SITE}/`, { headers: { Cookie: "sb-abcd-auth-token.0=x" } }), chunked);
    expect(chunked.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("does not cache errors or answers to posts, and leaves assets alone", () => {
    const error = html({ status: 500 });
    applyCachePolicy(new Request(`${SITE}/`), error);
    expect(error.headers.get("Cache-Control")).toBe("no-store");

    const posted = html();
    applyCachePolicy(new Request(`${SITE}/contact`, { method: "POST" }), posted);
    expect(posted.headers.get("Cache-Control")).toBe("no-store");

    const css = new Response("body{}", { headers: { "Content-Type": "text/css", "Cache-Control": "public, max-age=31536000, immutable" } });
    applyCachePolicy(new Request(`${SITE}/assets/app.css`), css);
    expect(css.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("lets a browser keep the build's hashed files for a year, and only those", () => {
    const revalidate = "public, max-age=0, must-revalidate";
    const file = (status = 200) => new Response(status === 304 ? null : "x", { status, headers: { "Cache-Control": revalidate } });
    for (const response of [file(), file(304)]) {
      applyAssetCachePolicy(new URL(`${SITE}/assets/app-C1I3Lgfq.css`), response);
      expect(response.headers.get("Cache-Control"), String(response.status)).toBe(HASHED_ASSET_CACHE);
    }
    for (const [path, response] of [["/favicon.svg", file()], ["/locales/ar.json", file()], ["/demo/congress.webp", file()], ["/assets/app-missing.css", file(404)], ["/favicon.svg", file(304)]] as const) {
      applyAssetCachePolicy(new URL(`${SITE}${path}`), response);
      expect(response.headers.get("Cache-Control"), path).toBe(revalidate);
    }
  });
});
