import { expect, test } from "./fixtures";
import pages from "../../locales/en/pages.json" with { type: "json" };
import { RETENTION_PERIODS } from "../../app/lib/retention";

/**
 * The eight static pages: each answers 200 with its translated h1, its
 * translated document title and at least one h2 in the first HTML, with or
 * without JavaScript (the 'js' and 'nojs' projects run this file alike).
 */

test.use({ locale: "en-US" });

const STATIC_PAGES = [
  { path: "/about", key: "about" },
  { path: "/principles", key: "principles" },
  { path: "/structure", key: "structure" },
  { path: "/congress", key: "congress" },
  { path: "/security", key: "security" },
  { path: "/privacy", key: "privacy" },
  { path: "/terms", key: "terms" },
  { path: "/campaigns", key: "campaigns" },
] as const;

for (const { path, key } of STATIC_PAGES) {
  test(`${path} renders its English content`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages[key].title);
    await expect(page).toHaveTitle(pages[key].meta.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", pages[key].meta.description);
    // Shared links show the page, as content pages' do.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", pages[key].meta.title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", pages[key].meta.description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));

    const sections = page.getByRole("heading", { level: 2 });
    expect(await sections.count()).toBeGreaterThan(0);
    // Every link in the content has words (a link tag lost by Trans would render empty).
    const linkTexts = await page.locator("main a").allInnerTexts();
    expect(linkTexts.filter((text) => text.trim() === "")).toEqual([]);
    // No untranslated key and no leftover interpolation or Trans markup.
    const text = await page.locator("body").innerText();
    // (/security names /.well-known/security.txt, a file, not a key.)
    expect(text).not.toMatch(new RegExp(`\\b${key}\\.(?!txt\\b)[a-zA-Z]`));
    expect(text).not.toMatch(/\{\{|<\/?[a-zA-Z]+>/);
  });
}

test("the congress page's three ways to take part lead to /join, /contact and /voting", async ({ page }) => {
  await page.goto("/congress");
  const { delegate, online, proposals } = pages.congress.participate;
  const expected = [
    { name: delegate.link, pathname: "/join" },
    { name: online.link, pathname: "/contact" },
    { name: proposals.link, pathname: "/voting" },
  ];
  for (const { name, pathname } of expected) {
    const link = page.getByRole("link", { name, exact: true });
    await expect(link).toHaveCount(1);
    const href = await link.getAttribute("href");
    expect(new URL(href ?? "", page.url()).pathname).toBe(pathname);
  }
});

test("the privacy page gives the general contact address for deletion requests", async ({ page }) => {
  await page.goto("/privacy");
  const opening = pages.privacy.deletion.p1.split("<mail>")[0];
  const mail = page.locator("p", { hasText: opening }).locator('a[href^="mailto:"]');
  await expect(mail).toHaveCount(1);
  const href = (await mail.getAttribute("href")) ?? "";
  const address = href.replace(/^mailto:/, "");
  expect(address).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  await expect(mail).toContainText(address);
});

test("the security page links to no third-party site", async ({ page }) => {
  await page.goto("/security");
  const hrefs = await page
    .locator("main a[href]")
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    if (href.startsWith("mailto:")) continue;
    expect(new URL(href).origin, href).toBe(origin);
  }
});

test("the security page says how to report a weakness, and /.well-known/security.txt names the same contact", async ({ page, request }) => {
  await page.goto("/security#disclosure");
  const section = page.getByRole("heading", { level: 2, name: pages.security.disclosure.heading });
  await expect(section).toBeVisible();
  const mail = page.locator('main a[href="mailto:security@inag.network"]');
  await expect(mail).toContainText("security@inag.network");

  const response = await request.get("/.well-known/security.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("Contact: mailto:security@inag.network\n");
  expect(text).toMatch(/^Expires: \d{4}-\d\d-\d\dT00:00:00\.000Z$/m);
  expect(text).toContain(`Policy: ${new URL(page.url()).origin}/security#disclosure\n`);
});

test("the privacy page lists everything the site keeps in a table, with the housekeeping's own periods", async ({ page }) => {
  await page.goto("/privacy");
  const { stored } = pages.privacy;
  const table = page.getByRole("table", { name: stored.caption });
  await expect(table).toHaveCount(1);
  await expect(table.locator("thead th[scope=col]")).toHaveText(Object.values(stored.columns));
  const rows = Object.keys(stored.rows);
  await expect(table.locator("tbody tr")).toHaveCount(rows.length);
  await expect(table.locator("tbody th[scope=row]")).toHaveCount(rows.length);
  // Each period as the daily housekeeping applies it (app/lib/retention.ts, the database's retention_periods()).
  const periods = { messages: "messages", newsletter: "newsletter_unconfirmed", reports: "resolved_reports", activity: "admin_activity" } as const;
  for (const [row, item] of Object.entries(periods)) {
    const { amount, unit } = RETENTION_PERIODS[item];
    await expect(page.locator(`#stored-${row} td`).nth(1)).toContainText(`${amount} ${unit}`);
  }
  // In Russian, each number takes its own plural form.
  await page.goto("/privacy?lng=ru");
  await expect(page.locator("#stored-messages td").nth(1)).toContainText("12 месяцев");
  await expect(page.locator("#stored-activity td").nth(1)).toContainText("24 месяца");
  await expect(page.locator("#stored-newsletter td").nth(1)).toContainText("7 дней");
});
