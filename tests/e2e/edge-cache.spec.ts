import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { approvedMember, ownClientAddress, signIn, unique } from "./members";

/**
 * The edge cache (docs/decisions/041-edge-caching.md) against wrangler dev's own Cache API: an
 * anonymous visitor's page without scripts is stored and the next visitor gets it (X-Cache: HIT);
 * per language; HEAD from the stored GET; a signed-in visitor's page is never served from it nor
 * stored; no two visitors ever share a nonce. The back-office's writes: edge-cache.admin.spec.ts.
 * Other tests' admin writes empty the cache at any moment, so a HIT is awaited, not assumed.
 */

test.use({ locale: "en-US" });

const cacheOf = (response: APIResponse) => response.headers()["x-cache"];
const nonceOf = (response: APIResponse) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? null;

/** A new anonymous visitor: no cookie, a language of its own. */
function visitor(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string | undefined, language = "en-US") {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": language } });
}

/** Asks for `path` until an answer comes from the cache (another test's admin write may empty it at any time), and returns that answer. */
async function untilHit(request: APIRequestContext, path: string, method: "GET" | "HEAD" = "GET"): Promise<APIResponse> {
  let answer: APIResponse | undefined;
  await expect
    .poll(
      async () => {
        // A HEAD never stores: a GET before it does, should the cache have been emptied.
        if (method === "HEAD") await request.get(path);
        answer = method === "GET" ? await request.get(path) : await request.head(path);
        return cacheOf(answer);
      },
      { message: `${method} ${path} served from the edge cache`, timeout: 15_000 },
    )
    .toBe("HIT");
  return answer!;
}

test("a page without scripts: MISS for the first visitor, HIT with its time of storing for the next; per language; HEAD too", async ({ playwright, baseURL }) => {
  const path = `/news?probe=${unique()}`;
  const first = await visitor(playwright, baseURL);
  const answer = await first.get(path);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-security-policy"], "the news list runs no script (issue 14, item 2)").not.toContain("'nonce-");
  expect(cacheOf(answer)).toBe("MISS");
  const html = await answer.text();

  const next = await visitor(playwright, baseURL);
  const hit = await untilHit(next, path);
  expect(await hit.text()).toBe(html);
  expect(Date.now() - Date.parse(hit.headers()["x-stored-at"])).toBeLessThan(60_000);
  // The visitor's own Cache-Control (app/lib/cache.server.ts), not the stored copy's.
  expect(hit.headers()["cache-control"]).toBe(answer.headers()["cache-control"]);
  expect(hit.headers()["set-cookie"]).toBeUndefined();
  const head = await untilHit(next, path, "HEAD");
  expect(head.status()).toBe(200);
  expect(await head.body()).toHaveLength(0);

  // A French visitor, by Accept-Language or by the lng cookie, gets the French page, stored apart.
  const french = await visitor(playwright, baseURL, "fr-FR");
  const frenchAnswer = await french.get(path);
  expect(await frenchAnswer.text()).toContain('<html lang="fr"');
  await untilHit(french, path);
  const german = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": "fr-FR", Cookie: "lng=de" } });
  expect(await (await german.get(path)).text()).toContain('<html lang="de"');
  for (const context of [first, next, french, german]) await context.dispose();
});

test("a signed-in visitor's page is never served from the edge cache, nor stored for anyone", async ({ page, playwright, baseURL }) => {
  await ownClientAddress(page.context());
  const { email } = await approvedMember("edge");
  await signIn(page, email);
  const path = `/news?probe=${unique()}`;
  for (let i = 0; i < 3; i += 1) {
    const answer = await page.request.get(path);
    expect(answer.status()).toBe(200);
    expect(cacheOf(answer)).not.toBe("HIT");
    expect(answer.headers()["x-stored-at"]).toBeUndefined();
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
  }
  // Nothing the member was sent was kept: the first anonymous visitor of the address renders it.
  const anonymous = await visitor(playwright, baseURL);
  expect(cacheOf(await anonymous.get(path))).toBe("MISS");
  // And a page an anonymous visitor stored is not what the member gets.
  await untilHit(anonymous, path);
  expect(cacheOf(await page.request.get(path))).not.toBe("HIT");
  await anonymous.dispose();
});

test("no two visitors ever get the same nonce, and a page with one is never served from the edge cache", async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const probe = await visitor(playwright, baseURL);
  const xml = await (await probe.get("/sitemap.xml")).text();
  const paths = [...new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname).concat(["/login", "/signup", "/voting"]))];
  expect(paths.length).toBeGreaterThan(20);
  const [a, b] = [await visitor(playwright, baseURL), await visitor(playwright, baseURL)];
  for (const path of paths) {
    // Each path twice, by two visitors: a stored page would be the second visitor's HIT.
    const [first, second] = [await a.get(path), await b.get(path)];
    for (const answer of [first, second]) {
      const nonce = nonceOf(answer);
      const html = await answer.text();
      const attributes = [...html.matchAll(/\snonce="([^"]*)"/g)].map(([, value]) => value);
      if (nonce === null) {
        expect(attributes, `${path}: nonce attributes without a nonce in the CSP`).toEqual([]);
      } else {
        expect(cacheOf(answer), `${path} has a nonce`).not.toBe("HIT");
        expect(cacheOf(answer), `${path} has a nonce`).not.toBe("STALE");
        expect(new Set(attributes), `${path}: the HTML's nonces are the CSP's`).toEqual(new Set(attributes.length ? [nonce] : []));
      }
    }
    if (nonceOf(first) !== null || nonceOf(second) !== null) expect(nonceOf(first), path).not.toBe(nonceOf(second));
  }
  for (const context of [probe, a, b]) await context.dispose();
});
