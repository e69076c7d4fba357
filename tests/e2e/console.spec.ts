// Issue 14: every public page loads cleanly. Opened in Chromium (with JavaScript on, and in the nojs
// project off), a page logs no console error and throws nothing, and every request it makes to the site
// answers below 400: its scripts, styles, icons and every picture, which all go through /images (the
// seed's are the demo pictures, read from the Worker's static files). Lazy pictures are asked for too;
// each must decode, and each <img> carries width and height (no layout shift). The pages are the sitemap's, so a new page is covered once it is listed there, plus the
// public pages it does not list. A missing page's own document is a 404 on purpose: only that one
// answer is expected.
import type { ConsoleMessage, Page, Request, Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ownClientAddress } from "./members";

/** Public pages the sitemap does not list (sign-in and account forms, a proposal, a language, a mailed link). */
const UNLISTED = [
  "/login",
  "/signup",
  "/forgot-password",
  "/admin/login",
  "/voting/50000000-0000-4000-8000-000000000003",
  "/groups?lng=ar",
  `/newsletter/confirm?token=${"a".repeat(48)}`,
];
/** Pages whose document answers an error on purpose, and that status. */
const EXPECTED_STATUS: Record<string, number> = { "/no-such-page": 404 };

async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
    const url = new URL(loc.replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
  return [...new Set(paths)];
}

/** Opens `path` and returns what went wrong there, each line naming the page. */
async function visit(page: Page, path: string, site: string): Promise<string[]> {
  const found: string[] = [];
  const expected = EXPECTED_STATUS[path];
  const documentUrl = new URL(path, site).href;
  const scriptsOff = test.info().project.use.javaScriptEnabled === false;
  const isExpected = (url: string, status: number) => expected !== undefined && status === expected && url === documentUrl;

  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    // Chromium reports the document's own status too ("Failed to load resource: … 404"): expected there.
    if (expected !== undefined && message.location().url === documentUrl && message.text().includes(`status of ${expected}`)) return;
    found.push(`${path}: console error: ${message.text()} (${message.location().url})`);
  };
  const onPageError = (error: Error) => found.push(`${path}: page error: ${error.message}`);
  const onResponse = (response: Response) => {
    const url = response.url();
    if (!url.startsWith(site) || response.status() < 400 || isExpected(url, response.status())) return;
    found.push(`${path}: ${response.status()} for ${url.slice(site.length)}`);
  };
  const onRequestFailed = (request: Request) => {
    // With JavaScript off, Chromium refuses every script a page names (its module preloads too) and
    // reports each as failed with "csp": that is the browser's setting, not the site.
    if (scriptsOff && request.failure()?.errorText === "csp" && new URL(request.url()).pathname.endsWith(".js")) return;
    if (request.url().startsWith(site)) found.push(`${path}: request failed (${request.failure()?.errorText}) for ${request.url().slice(site.length)}`);
  };
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  page.on("response", onResponse);
  page.on("requestfailed", onRequestFailed);
  try {
    const status = (await page.goto(path))?.status();
    if (status !== (expected ?? 200)) found.push(`${path}: the page answered ${status}`);
    await page.waitForLoadState("networkidle");

    const images = page.locator("img");
    const unsized = await images.evaluateAll((all: HTMLImageElement[]) =>
      all.filter((image) => !/^\d+$/.test(image.getAttribute("width") ?? "") || !/^\d+$/.test(image.getAttribute("height") ?? "")).map((image) => image.getAttribute("src")),
    );
    for (const src of unsized) found.push(`${path}: <img src="${src}"> without a numeric width and height`);
    // Lazy pictures load once near the viewport: ask for every one now; each must then have decoded.
    await images.evaluateAll((all: HTMLImageElement[]) => all.forEach((image) => (image.loading = "eager")));
    await expect
      .poll(() => images.evaluateAll((all: HTMLImageElement[]) => all.filter((image) => !image.complete).length), { message: `${path}: pictures still loading` })
      .toBe(0);
    const broken = await images.evaluateAll((all: HTMLImageElement[]) => all.filter((image) => image.naturalWidth === 0).map((image) => image.getAttribute("src")));
    for (const src of broken) found.push(`${path}: a picture that does not show: ${src}`);
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onPageError);
    page.off("response", onResponse);
    page.off("requestfailed", onRequestFailed);
  }
  return found;
}

test("every public page loads without a console error or a failed request, its pictures included", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await ownClientAddress(page.context());
  const site = new URL(baseURL!).origin;
  const paths = [...(await sitemapPaths(page)), ...UNLISTED, ...Object.keys(EXPECTED_STATUS)];
  expect(paths.length).toBeGreaterThan(30);

  const found: string[] = [];
  const pictures = new Set<string>();
  page.on("response", (response) => {
    if (response.url().startsWith(`${site}/images?`) && response.status() === 200) pictures.add(response.url());
  });
  for (const path of paths) found.push(...(await visit(page, path, site)));
  expect(found).toEqual([]);
  // The seed's 11 demo pictures were really served through the image route (news and events show them).
  expect(pictures.size).toBeGreaterThanOrEqual(11);
});
