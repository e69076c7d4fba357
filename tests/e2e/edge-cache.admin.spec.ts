import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import admin from "../../locales/en/admin.json" with { type: "json" };
import { deleteRow, field, ownClientAddress, signInAsAdmin, unique } from "./members";

/**
 * An admin's write empties the edge cache (docs/decisions/041-edge-caching.md): the public pages
 * show the change at once, in every language, though they were stored a moment before. In the
 * admin projects (its name matches /admin\.spec/), because it publishes a news item that the public
 * pages' tests would count.
 */

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

/** Stores `path` in the edge cache for `visitor`: GETs until one answers from it. */
async function stored(visitor: APIRequestContext, path: string) {
  await expect
    .poll(async () => (await visitor.get(path)).headers()["x-cache"], { message: `${path} stored in the edge cache`, timeout: 15_000 })
    .toBe("HIT");
}

test("an admin renames a news item: the list and its page show the new title at once, in every language; deleted, it is gone at once", async ({ page, playwright, baseURL }) => {
  await signInAsAdmin(page, "/admin/news");
  const id = unique();
  const title = `Edge cache ${id}`;
  const renamed = `Edge renamed ${id}`;
  await page.goto("/admin/news/new");
  await field(page, admin.fields.title).fill(title);
  await field(page, admin.fields.excerpt).fill("Stored at the edge.");
  await field(page, admin.fields.imageUrl).fill("/demo/congress.webp");
  await page.locator("main").getByLabel(admin.fields.content, { exact: false }).first().click();
  await page.keyboard.type("A page the edge cache keeps.");
  await page.getByLabel(admin.fields.isPublished).check();
  await page.getByRole("button", { name: admin.form.create, exact: true }).click();
  await expect(page.getByText(admin.flash.news.created)).toBeVisible();
  const slug = title.toLowerCase().replace(/\s+/g, "-");

  const english = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": "en-US" } });
  const arabic = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": "ar" } });
  // The landing page lists the newest three: the other admin tests' items may push this one off it.
  const pages = ["/news", `/news/${slug}`];
  for (const visitor of [english, arabic]) {
    for (const path of [...pages, "/"]) await stored(visitor, path);
    for (const path of pages) expect(await (await visitor.get(path)).text(), path).toContain(title);
  }

  await page.goto(`/admin/news?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `${admin.list.edit} ${title}` }).click();
  await field(page, admin.fields.title).fill(renamed);
  await page.getByRole("button", { name: admin.form.save, exact: true }).click();
  await expect(page.getByText(admin.flash.news.updated)).toBeVisible();

  // At once: no waiting, no polling (HIT or MISS: another test's visitor may have stored the new
  // page already). The slug stays: the item was published.
  for (const visitor of [english, arabic]) {
    for (const path of pages) {
      const answer = await visitor.get(path);
      expect(answer.status(), path).toBe(200);
      const html = await answer.text();
      expect(html, path).toContain(renamed);
      expect(html, path).not.toContain(title);
    }
    expect(await (await visitor.get("/")).text()).not.toContain(title);
  }

  await page.goto(`/admin/news?q=${encodeURIComponent(renamed)}`);
  await deleteRow(page, renamed);
  await expect(page.getByText(admin.flash.news.deleted)).toBeVisible();
  for (const visitor of [english, arabic]) {
    expect((await visitor.get(`/news/${slug}`)).status()).toBe(404);
    expect(await (await visitor.get("/news")).text()).not.toContain(renamed);
    await visitor.dispose();
  }
});
