import type { BrowserContext, Response } from "@playwright/test";
import { brotliCompressSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { approvedMember, hydrated, signIn } from "./members";
import common from "../../locales/en/common.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };

/**
 * Which pages load which scripts (docs/decisions/040). Every count starts
 * from a fresh page.goto: after a client-side navigation from a page that
 * runs React, React stays loaded whatever the next page needs.
 */

const MAP = /\/assets\/groups-map-[\w-]+\.js$/;
const FORM = /\/assets\/form-submitting-[\w-]+\.js$/;
const SHARE = /\/assets\/share-links-[\w-]+\.js$/;

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
  ["/login", []],
  ["/signup", []],
  ["/forgot-password", []],
  ["/admin/login", []],
  [`/newsletter/confirm?token=${"a".repeat(48)}`, []],
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

test.describe("pages that need React", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "counts what a browser with JavaScript loads");

  test("a member's proposals page and the proposal editor hydrate, with a fresh nonce on every script; the account pages do not", async ({ page }) => {
    const { email } = await approvedMember("scripts");
    await signIn(page, email);

    for (const path of ["/account", "/account/two-factor"]) {
      const { page: fresh, html, urls } = await scriptsOf(page.context(), path);
      expect(urls, path).toHaveLength(1);
      expect(urls[0], path).toMatch(FORM);
      expect(await fresh.evaluate(() => "__remixContext" in window), path).toBe(false);
      expect((await html.allHeaders())["content-security-policy"], path).not.toContain("nonce");
      await fresh.close();
    }

    for (const path of ["/voting", "/voting/new"]) {
      const fresh = await scriptsOf(page.context(), path);
      const { html, urls } = fresh;
      expect(urls.length, path).toBeGreaterThan(1);
      await expect.poll(() => fresh.page.evaluate(() => "__remixContext" in window), { message: path }).toBe(true);
      const nonce = /'nonce-([^']+)'/.exec((await html.allHeaders())["content-security-policy"] ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      const tags = [...(await html.text()).matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(tags.length, path).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      await fresh.page.close();
    }
    const first = /'nonce-([^']+)'/.exec((await page.request.get("/voting/new")).headers()["content-security-policy"] ?? "")?.[1];
    const second = /'nonce-([^']+)'/.exec((await page.request.get("/voting/new")).headers()["content-security-policy"] ?? "")?.[1];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);

    // React works: the proposal form opens in a dialog, and a link to an unknown page is routed in the page.
    await page.goto("/voting");
    await hydrated(page);
    await page.getByRole("link", { name: voting.list.create }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
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
    const { email } = await approvedMember("pages-in-app");
    await signIn(page, email);
    const PAGES = ["/", "/about", "/principles", "/structure", "/congress", "/security", "/campaigns", "/privacy", "/terms"];
    for (const path of PAGES) {
      // A fresh app each time: i18next keeps what an earlier page brought.
      await page.goto("/voting");
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
