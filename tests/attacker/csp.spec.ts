// Issue 12: the Content-Security-Policy allows no inline style ('unsafe-inline' is gone from
// style-src) and scripts only with the response's nonce. Every page, public, member and admin, with
// JavaScript on and off, is opened in Chromium: not one violation. The public pages are the
// sitemap's, so a new page is covered when it is listed there.
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../e2e/fixtures";
import { approvedMember, ownClientAddress, signIn, signInAsAdmin } from "../e2e/members";
import { watchPage } from "./policy-watch";

const UNLISTED = ["/login", "/signup", "/forgot-password", "/reset-password", "/admin/login", "/no-such-page", "/groups?lng=ar", `/newsletter/confirm?token=${"0".repeat(48)}`];
const MEMBER = ["/account", "/account/two-factor", "/voting/new"];
const ADMIN = ["/admin", "/admin/news", "/admin/news/new", "/admin/events/new", "/admin/resources/new", "/admin/groups/new", "/admin/contacts", "/admin/proposals", "/admin/members", "/admin/newsletter", "/admin/activity"];

async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname + new URL(loc).search);
  return [...new Set(paths.filter((path) => !path.includes("lng=")))];
}

/** Visits each path and returns what went wrong, path by path. */
async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const problems = await watchPage(page);
  const found: string[] = [];
  for (const path of paths) {
    problems.length = 0;
    await page.goto(path);
    await page.waitForLoadState(test.info().project.use.javaScriptEnabled === false ? "load" : "networkidle");
    for (const problem of problems) found.push(`${path}: ${problem}`);
  }
  return found;
}

async function contextPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: test.info().project.use.baseURL });
  await ownClientAddress(context);
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test(`${mode}: no CSP violation on any public page`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await contextPage(browser, javaScriptEnabled);
    const paths = [...(await sitemapPaths(page)), ...UNLISTED];
    expect(paths.length).toBeGreaterThan(30);
    expect(await sweep(page, paths)).toEqual([]);
  });

  test(`${mode}: no CSP violation on a member's pages`, async ({ browser }) => {
    const page = await contextPage(browser, javaScriptEnabled);
    const { email } = await approvedMember("csp");
    await signIn(page, email);
    expect(await sweep(page, MEMBER)).toEqual([]);
    if (!javaScriptEnabled) return;
    // The editor is an island that starts on the first focus in the form (decision 044): its chunks too.
    const problems = await watchPage(page);
    await page.goto("/voting/new");
    await page.locator("form input[name=title]").focus();
    await expect(page.locator(".ProseMirror")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test(`${mode}: no CSP violation in the back-office, the rich-text editor included`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await contextPage(browser, javaScriptEnabled);
    await signInAsAdmin(page);
    expect(await sweep(page, ADMIN)).toEqual([]);
    if (javaScriptEnabled) {
      // The editor adds no stylesheet of its own (a page without a nonce could not): ProseMirror's rules
      // come with the site's stylesheet, and apply.
      await page.goto("/admin/news/new");
      const editable = page.locator("[contenteditable=true]").first();
      await expect(editable).toBeVisible();
      await expect(page.locator("style[data-tiptap-style]")).toHaveCount(0);
      expect(await editable.evaluate((element) => getComputedStyle(element).whiteSpace)).toMatch(/break-spaces|pre-wrap/);
      // The gap cursor (beside a horizontal rule, where no text caret can go) is drawn by its own rules.
      const gapCursor = await editable.evaluate((element) => {
        const cursor = element.appendChild(document.createElement("div"));
        cursor.className = "ProseMirror-gapcursor";
        const { position } = getComputedStyle(cursor);
        const { borderTopStyle, animationName } = getComputedStyle(cursor, "::after");
        cursor.remove();
        return { position, borderTopStyle, animationName };
      });
      expect(gapCursor).toEqual({ position: "absolute", borderTopStyle: "solid", animationName: "ProseMirror-cursor-blink" });
    }
  });
}

test("no page's server HTML carries a style attribute", async ({ page }) => {
  for (const path of [...(await sitemapPaths(page)), ...UNLISTED]) {
    const html = await (await page.request.get(path)).text();
    expect(html.match(/<[^>]+\sstyle=/g) ?? [], path).toEqual([]);
  }
});
