import type { BrowserContext, Response } from "@playwright/test";
import { brotliCompressSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { approvedMember, hydrated, signIn, signInAsAdmin } from "./members";
import common from "../../locales/en/common.json" with { type: "json" };
import editor from "../../locales/en/editor.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };

/**
 * Which pages load which scripts (docs/decisions/040). Every count starts
 * from a fresh page.goto: after a client-side navigation from a page that
 * runs React, React stays loaded whatever the next page needs.
 */

const MAP = /\/assets\/groups-map-[\w-]+\.js$/;
const FORM = /\/assets\/form-submitting-[\w-]+\.js$/;
const SHARE = /\/assets\/share-links-[\w-]+\.js$/;
const DIALOG = /\/assets\/dialog-links-[\w-]+\.js$/;
/** The editor's island: a few hundred bytes at load; React and Tiptap come when the member is about to write (decision 044). */
const RICH_TEXT = /\/assets\/rich-text-island-[\w-]+\.js$/;
/** Vite's helper that the island's lazy import goes through. */
const PRELOAD = /\/assets\/preload-helper-[\w-]+\.js$/;

/** Anonymous public pages and the small scripts each may load; none loads React. */
const PUBLIC_PAGES: [path: string, scripts: RegExp[]][] = [
  ["/", [MAP, FORM]],
  ["/about", []],
  ["/principles", []],
  ["/structure", []],
  ["/congress", []],
  ["/security", []],
  ["/campaigns", []],
  ["/privacy", []],
  ["/terms", []],
  ["/news", []],
  ["/news/call-for-congress-proposals-is-open", [SHARE]],
  ["/events", []],
  ["/events/digital-self-defence-workshop-barcelona", [SHARE]],
  ["/resources", []],
  ["/resources/starting-a-mutual-aid-group", [SHARE]],
  ["/groups", [MAP]],
  ["/contact", [FORM]],
  ["/join", [FORM]],
  ["/voting", []],
  ["/voting/50000000-0000-4000-8000-000000000003", []],
  ["/login", [FORM]],
  ["/signup", [FORM]],
  ["/forgot-password", [FORM]],
  ["/admin/login", [FORM]],
  [`/newsletter/confirm?token=${"a".repeat(48)}`, [FORM]],
  ["/no-such-page", []],
];

const JS_BUDGET = 30 * 1024;

/** Loads `path` in a new page of the context and returns the scripts it requested and their brotli size. */
async function scriptsOf(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  const html = await page.goto(path, { waitUntil: "networkidle" });
  const brotli = async () => {
    let total = 0;
    for (const script of scripts) total += brotliCompressSync(await script.body()).length;
    return total;
  };
  return { page, html: html!, urls: scripts.map((script) => new URL(script.url()).pathname), brotli };
}

test.describe("pages that need no React", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "counts what a browser with JavaScript loads");

  for (const [path, expected] of PUBLIC_PAGES) {
    test(`${path} loads only its own small scripts`, async ({ context }) => {
      const { page, html, urls, brotli } = await scriptsOf(context, path);
      expect(urls).toHaveLength(expected.length);
      for (const pattern of expected) expect(urls.some((url) => pattern.test(url)), `${pattern} in ${urls}`).toBe(true);
      expect(await brotli()).toBeLessThanOrEqual(JS_BUDGET);
      expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);

      // The policy allows exactly those scripts, with no nonce: the page is the same for everyone.
      const csp = (await html.allHeaders())["content-security-policy"] ?? "";
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
      expect(csp).not.toContain("nonce");
      if (expected.length === 0) expect(scriptSrc).toBe("'none'");
      else expect(scriptSrc.split(" ").map((source) => new URL(source).pathname).sort()).toEqual([...urls].sort());
      expect(await html.text()).not.toMatch(/<script(?![^>]*\bsrc=)/);
    });
  }
});

test.describe("a member's pages", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "counts what a browser with JavaScript loads");

  test("run no React app: the proposal pages load their own scripts, and the editor's code only once the member is about to write", async ({ page }) => {
    const { email } = await approvedMember("scripts");
    await signIn(page, email);

    const pages: [path: string, scripts: RegExp[]][] = [
      ["/account", [FORM]],
      ["/account/two-factor", [FORM]],
      ["/voting", [DIALOG, FORM, RICH_TEXT, PRELOAD]],
      ["/voting/new", [FORM, RICH_TEXT, PRELOAD]],
      ["/voting/50000000-0000-4000-8000-000000000003", [FORM]],
    ];
    for (const [path, expected] of pages) {
      const { page: fresh, html, urls, brotli } = await scriptsOf(page.context(), path);
      expect(urls, path).toHaveLength(expected.length);
      for (const pattern of expected) expect(urls.some((url) => pattern.test(url)), `${path}: ${pattern}`).toBe(true);
      expect(await brotli(), path).toBeLessThan(JS_BUDGET);
      expect(await fresh.evaluate(() => "__remixContext" in window), path).toBe(false);
      expect((await html.allHeaders())["content-security-policy"], path).not.toContain("nonce");
      await fresh.close();
    }

    // The editor arrives on the first focus in the form, and takes over the field.
    const { page: writing, urls } = await scriptsOf(page.context(), "/voting/new");
    const later: string[] = [];
    writing.on("request", (request) => later.push(request.url()));
    expect(urls.some((url) => /RichTextEditor\.client/.test(url))).toBe(false);
    await writing.getByLabel(new RegExp(`^${voting.form.title}`)).focus();
    await expect(writing.getByRole("toolbar", { name: editor.toolbar.label })).toBeVisible();
    expect(later.some((url) => /RichTextEditor\.client/.test(url))).toBe(true);
    await writing.close();
  });
});

test.describe("the back-office, which runs React", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "counts what a browser with JavaScript loads");

  test("hydrates, with a fresh nonce on every script; its app routes in the page and still runs a reached page's own script", async ({ page }) => {
    await signInAsAdmin(page, "/admin");
    const fresh = await scriptsOf(page.context(), "/admin");
    const { html, urls } = fresh;
    expect(urls.length).toBeGreaterThan(1);
    await expect.poll(() => fresh.page.evaluate(() => "__remixContext" in window)).toBe(true);
    const nonce = /'nonce-([^']+)'/.exec((await html.allHeaders())["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const tags = [...(await html.text()).matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    await fresh.page.close();
    const first = /'nonce-([^']+)'/.exec((await page.request.get("/admin")).headers()["content-security-policy"] ?? "")?.[1];
    const second = /'nonce-([^']+)'/.exec((await page.request.get("/admin")).headers()["content-security-policy"] ?? "")?.[1];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);

    // React works: a link to an unknown page is routed in the page.
    await page.goto("/admin");
    await hydrated(page);
    await page.evaluate(() => {
      const a = Object.assign(document.createElement("a"), { href: "/missing-client-side", textContent: "missing", id: "probe" });
      document.body.appendChild(a);
    });
    await page.locator("#probe").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);
    // A small script of a page reached in the app still runs: the map's zoom buttons appear.
    await page.getByRole("navigation", { name: common.header.primaryNav }).first().locator('a[href="/groups"]').click();
    await expect(page.locator("[data-zoom-buttons]")).toBeVisible();
  });

  test("the static pages and the landing page's about section read the same reached in the app as loaded on their own", async ({ page, context }) => {
    // Their `pages` strings travel with them (a route namespace), not with every hydrated page.
    test.setTimeout(120_000); // nine pages, each from a freshly hydrated app: 30 s was too short under CI's load
    await signInAsAdmin(page, "/admin");
    const PAGES = ["/", "/about", "/principles", "/structure", "/congress", "/security", "/campaigns", "/privacy", "/terms"];
    for (const path of PAGES) {
      // A fresh app each time: i18next keeps what an earlier page brought.
      await page.goto("/admin");
      await hydrated(page);
      const selector = path === "/" ? "#about" : "main";
      const loaded = await context.newPage();
      await loaded.goto(path);
      const expected = await loaded.locator(selector).innerText();
      await loaded.close();
      await page.evaluate((to) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(to), path);
      await page.waitForFunction((to) => location.pathname === to, path);
      await expect.poll(() => page.locator(selector).innerText(), { message: path }).toBe(expected);
    }
  });
});
