import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ownClientAddress } from "./members";
import common from "../../locales/en/common.json" with { type: "json" };
import news from "../../locales/en/news.json" with { type: "json" };
import resources from "../../locales/en/resources.json" with { type: "json" };
import share from "../../locales/en/share.json" with { type: "json" };

/**
 * News and resources as a visitor sees them, with JavaScript ('js') and
 * without ('nojs'): lists, detail pages, the 404 of a draft, the download
 * counter, Share and Translate. Seed data: supabase/seed.sql.
 */

test.use({ locale: "en-US" });

const ARTICLE = {
  slug: "regional-assemblies-agree-on-shared-calendar",
  title: "Regional assemblies agree on a shared calendar for the congress year",
};
const DRAFT_ARTICLE = { slug: "report-from-the-southern-africa-regional-assembly", title: "Report from the Southern Africa regional assembly" };
const DRAFT_RESOURCE = { slug: "congress-delegate-handbook", title: "Congress delegate handbook" };

/** The <img> tags inside <main> of a page's HTML. */
function imgTags(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main.match(/<img [^>]*>/g) ?? [];
}

/** The number in "Downloads: 1,234" on a resource page. */
async function downloadsShown(page: Page): Promise<number> {
  const text = await page.getByText(/^Downloads: [\d,]+$/).innerText();
  return Number(text.replace(/\D/g, ""));
}

test.describe("news", () => {
  test("/news lists the published articles, newest first, and no draft", async ({ page }) => {
    const response = await page.goto("/news");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(news.meta.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(news.list.title);

    const titles = page.locator("main article h2");
    await expect(titles).toHaveCount(6);
    await expect(titles.first()).toHaveText(ARTICLE.title);
    await expect(page.getByText(DRAFT_ARTICLE.title)).toHaveCount(0);

    const readMore = page.getByRole("link", { name: new RegExp(`^${news.card.readMore}\\W+${ARTICLE.title}`) });
    await expect(readMore).toHaveAttribute("href", `/news/${ARTICLE.slug}`);
    await expect(page.locator("main article").first()).toContainText("By rosa");

    // Pictures come from this site only, through /images (the seed's are its demo pictures), lazily,
    // with their size reserved. (Read from the HTML: with JavaScript a picture that fails to load is
    // replaced by its frame.)
    const images = imgTags(await response!.text());
    expect(images).toHaveLength(6);
    for (const image of images) {
      expect(image).toMatch(/ src="\/images\?src=%2Fdemo%2F[a-z-]+\.webp"/);
      expect(image).toMatch(/ loading="lazy"/);
      expect(image).toMatch(/ width="\d+" height="\d+"/);
    }
  });

  test("a page past the last one shows the 404 screen with status 404", async ({ page }) => {
    const response = await page.goto("/news?page=2");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);
  });

  test("an article renders its title, sanitized content and tags, and asks nothing of third parties", async ({ page, baseURL }) => {
    const origins = new Set<string>();
    page.on("request", (request) => origins.add(new URL(request.url()).origin));

    const response = await page.goto(`/news/${ARTICLE.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(news.meta.articleTitle.replace("{{title}}", ARTICLE.title));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARTICLE.title);
    await expect(page.getByRole("heading", { level: 2, name: "What was agreed" })).toBeVisible();
    await expect(page.getByRole("link", { name: news.article.back })).toHaveAttribute("href", "/news");

    // Links inside the content leave in a new tab, without opener or referrer.
    const contentLink = page.getByRole("link", { name: "proposals page" });
    await expect(contentLink).toHaveAttribute("target", "_blank");
    await expect(contentLink).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(page.locator("main script, main iframe, main [style*='url(']")).toHaveCount(0);

    await expect(page.getByRole("listitem").filter({ hasText: "#announcement" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "#congress" })).toBeVisible();

    // The article's picture is the first one on the page: it loads at once.
    expect(imgTags(await response!.text())[0]).toMatch(/ loading="eager"/);

    await page.waitForLoadState("networkidle");
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
  });

  test("a draft article shows the 404 screen with status 404", async ({ page }) => {
    const response = await page.goto(`/news/${DRAFT_ARTICLE.slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);
    await expect(page.getByText(DRAFT_ARTICLE.title)).toHaveCount(0);
  });

  test("a card leads to its article", async ({ page }) => {
    await page.goto("/news");
    await page.getByRole("link", { name: ARTICLE.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${ARTICLE.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARTICLE.title);
  });
});

test.describe("resources", () => {
  test("/resources lists the published resources with their type labels", async ({ page }) => {
    const response = await page.goto("/resources");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resources.list.title);

    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    await expect(page.getByText(DRAFT_RESOURCE.title)).toHaveCount(0);
    for (const label of Object.values(resources.types)) {
      await expect(cards.filter({ hasText: label }).first()).toBeVisible();
    }
    // Every card carries its inline icon, and says whether there is a file.
    await expect(cards.locator("svg")).not.toHaveCount(0);
    const guide = cards.filter({ hasText: "Starting a mutual aid group" });
    await expect(guide).toContainText(resources.types.guide);
    await expect(guide).toContainText(resources.card.download);
    await expect(cards.filter({ hasText: "Digital security basics" })).toContainText(resources.card.readOnline);
  });

  test("a resource page shows its type, author, content and download count", async ({ page }) => {
    const response = await page.goto("/resources/starting-a-mutual-aid-group");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Starting a mutual aid group: a practical guide");
    await expect(page.locator("main header")).toContainText(resources.types.guide);
    await expect(page.locator("main header")).toContainText("By lucia");
    await expect(page.getByRole("heading", { level: 2, name: "Contents" })).toBeVisible();
    await expect(page.getByRole("button", { name: new RegExp(resources.resource.download) })).toBeVisible();
    expect(await downloadsShown(page)).toBeGreaterThanOrEqual(342);
  });

  test("a resource without a file has no Download button and no count", async ({ page }) => {
    await page.goto("/resources/digital-security-basics-for-organisers");
    await expect(page.getByRole("button", { name: new RegExp(resources.resource.download) })).toHaveCount(0);
    await expect(page.getByText(/^Downloads:/)).toHaveCount(0);
  });

  test("a draft resource shows the 404 screen with status 404", async ({ page }) => {
    const response = await page.goto(`/resources/${DRAFT_RESOURCE.slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);
  });

  test.describe(() => {
    // The visitor asked for the file: its host is the one request allowed outside the site.
    test.use({ allowedOrigins: ["https://files.example"] });

    test("Download opens a new tab and counts exactly one download", async ({ page }, testInfo) => {
      // A client address of its own: DOWNLOAD_LIMITER stops counting a client's sixth download in a minute.
      await ownClientAddress(page.context());
      // One resource per project: both projects run at the same time against one backend.
      const { slug, file } =
        testInfo.project.name === "js"
          ? { slug: "starting-a-mutual-aid-group", file: "https://files.example/starting-a-mutual-aid-group.pdf" }
          : { slug: "reading-notes-mutual-aid-and-direct-democracy", file: "https://files.example/reading-notes-mutual-aid-direct-democracy.pdf" };
      await page.goto(`/resources/${slug}`);
      const before = await downloadsShown(page);

      const answered = page.context().waitForEvent("response", {
        predicate: (response) => response.request().method() === "POST" && new URL(response.url()).pathname === `/resources/${slug}`,
      });
      const fileRequested = page.context().waitForEvent("request", { predicate: (request) => request.url() === file });
      const [popup] = await Promise.all([
        page.waitForEvent("popup"),
        page.getByRole("button", { name: new RegExp(resources.resource.download) }).click(),
      ]);
      const response = await answered;
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe(`/resources/${slug}/file`);
      // The new tab lands on the file page, whose refresh then leads to the file (a host the demo
      // data makes up: the browser's attempt to reach it is all that can be seen of it).
      const fileRequest = await fileRequested;
      expect(fileRequest.isNavigationRequest()).toBe(true);
      expect(fileRequest.frame().page()).toBe(popup);
      await popup.close();

      await expect
        .poll(async () => {
          await page.reload();
          return downloadsShown(page);
        })
        .toBe(before + 1);
    });
  });

  test("the download answers 303 to the file page, which refreshes to the file; 404 for a draft", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const download = await request.post("/resources/event-planning-checklist", {
      headers: { Origin: origin },
      form: {},
      maxRedirects: 0,
    });
    expect(download.status()).toBe(303);
    expect(download.headers().location).toBe("/resources/event-planning-checklist/file");
    const landing = await request.get(download.headers().location, { maxRedirects: 0 });
    expect(landing.status()).toBe(200);
    expect(await landing.text()).toContain(
      '<meta http-equiv="refresh" content="0; url=https://files.example/event-planning-checklist.pdf"/>',
    );

    const draft = await request.post(`/resources/${DRAFT_RESOURCE.slug}`, { headers: { Origin: origin }, form: {}, maxRedirects: 0 });
    expect(draft.status()).toBe(404);
    expect(draft.headers().location).toBeUndefined();

    const noFile = await request.post("/resources/digital-security-basics-for-organisers", {
      headers: { Origin: origin },
      form: {},
      maxRedirects: 0,
    });
    expect(noFile.status()).toBe(404);

    const crossSite = await request.post("/resources/event-planning-checklist", {
      headers: { Origin: "https://elsewhere.example" },
      form: {},
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
  });
});

test.describe("share and translate", () => {
  const path = `/news/${ARTICLE.slug}`;

  test("offer the page's address, a mailto link and an external translation link", async ({ page, baseURL }, testInfo) => {
    // Where a browser has the Web Share API, a Share button replaces the fallback; not here.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.goto(path);
    const url = `${new URL(baseURL!).origin}${path}`;

    await page.locator("summary", { hasText: share.share }).click();
    const field = page.getByLabel(share.link);
    await expect(field).toHaveValue(url);
    await expect(field).toHaveAttribute("readonly", "");
    const mail = page.getByRole("link", { name: share.email });
    await expect(mail).toHaveAttribute(
      "href",
      `mailto:?subject=${encodeURIComponent(ARTICLE.title)}&body=${encodeURIComponent(url)}`,
    );

    const translate = page.getByRole("link", { name: new RegExp(`^${share.translate}`) });
    await expect(translate).toHaveAttribute(
      "href",
      `https://translate.google.com/translate?sl=auto&tl=en&u=${encodeURIComponent(url)}`,
    );
    await expect(translate).toHaveAttribute("target", "_blank");
    await expect(translate).toHaveAttribute("rel", "noopener noreferrer");

    const copy = page.getByRole("button", { name: share.copy });
    if (testInfo.project.name === "nojs") {
      await expect(copy).toHaveCount(0);
    } else {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expect(page.getByRole("group", { name: share.panelLabel }).getByRole("status")).toHaveText(share.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    }
  });

  test("with the Web Share API, one Share button hands title and address to the browser", async ({ page, baseURL }, testInfo) => {
    test.skip(testInfo.project.name === "nojs", "the Web Share API needs the page's small script");
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto(path);
    await expect(page.locator("summary", { hasText: share.share })).toBeHidden();
    await page.getByRole("button", { name: share.share, exact: true }).click();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
    expect(calls).toEqual([{ title: ARTICLE.title, url: `${new URL(baseURL!).origin}${path}` }]);
  });
});
