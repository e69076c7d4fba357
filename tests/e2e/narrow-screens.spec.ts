// The public pages on a small phone (320 px wide), in every language: no page scrolls sideways. Long
// words are the risk: German's compounds in a heading ("Gefangenenunterstützung") widened /campaigns to
// 370 px until words could break. And the share panel of a detail page opens inside the screen and holds
// its contents, on a phone, a tablet and a small laptop: hanging from its button, it ran past the edge
// of an event's side panel at 1,024 px. A member's words are a risk of their own: a long one in a
// proposal's title widened /voting to 488 px, so the test writes one.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { proposalInDiscussion } from "./members";
import common from "../../locales/en/common.json" with { type: "json" };

const LANGUAGES = Object.keys(common.languageNames);
const DETAIL_ROUTES = [
  "/news/call-for-congress-proposals-is-open",
  "/events/digital-self-defence-workshop-barcelona",
  "/resources/starting-a-mutual-aid-group",
];
// No hyphen or space to break at, 81 letters: only overflow-wrap can break it.
const LONG_WORD = "Gefangenenunterstützungsnetzwerkkoordinationsversammlungsbeschlussvorlagenentwurf";
const ROUTES = [
  "/", "/about", "/principles", "/structure", "/congress", "/security", "/privacy", "/terms", "/campaigns",
  "/news", "/events", "/resources", "/groups", "/contact", "/join", "/voting",
  "/voting/50000000-0000-4000-8000-000000000003", "/login", "/signup", "/forgot-password", "/no-such-page",
  ...DETAIL_ROUTES,
];

/** Opens `route` in `language`, checking that it is the page asked for in the language asked for. */
async function open(page: Page, route: string, language: string) {
  const response = await page.goto(`${route}?lng=${language}`);
  expect(response?.status(), route).toBe(route === "/no-such-page" ? 404 : 200);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** How far the open page reaches past the screen's width (0 when it fits). */
function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.use({ viewport: { width: 320, height: 640 } });

test.describe("the layout alone", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the same HTML and CSS with or without scripts: once is enough");

  // The newest proposal, so it heads /voting's first page.
  let longWordsProposal: string;
  test.beforeAll(async () => {
    longWordsProposal = await proposalInDiscussion({ title: LONG_WORD, content: `<p>${LONG_WORD.repeat(2)}</p>`, comment: LONG_WORD.repeat(2) });
  });

  for (const language of LANGUAGES) {
    test(`no public page scrolls sideways at 320 px in ${language}`, async ({ page }) => {
      test.setTimeout(60_000);
      const found: string[] = [];
      for (const route of [...ROUTES, `/voting/${longWordsProposal}`]) {
        await open(page, route, language);
        const past = await overflow(page);
        if (past > 0) found.push(`${route}: ${past} px too wide`);
      }
      expect(found).toEqual([]);
    });
  }
});

// With scripts the panel gains a Copy button (share-links.js), so this runs in both projects.
test("a detail page's share panel opens inside the screen and holds its contents, at 320, 768 and 1,024 px, in every language", async ({ page }) => {
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const language of LANGUAGES) {
    for (const route of DETAIL_ROUTES) {
      await page.setViewportSize({ width: 320, height: 640 });
      await open(page, route, language);
      const share = page.locator("details:has(> [role=group])");
      await share.locator("summary").click();
      const panel = share.locator("[role=group]");
      await expect(panel).toBeVisible();
      for (const width of [320, 768, 1024]) {
        await page.setViewportSize({ width, height: 640 });
        const box = (await panel.boundingBox())!;
        const clipped = await panel.evaluate((element) => [...element.querySelectorAll("*")].some((child) => {
          const inner = child.getBoundingClientRect();
          const outer = element.getBoundingClientRect();
          return child.checkVisibility() && (inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5);
        }));
        if (box.x < 0 || box.x + box.width > width) found.push(`${language} ${route} at ${width} px: the panel spans ${Math.round(box.x)}–${Math.round(box.x + box.width)} px`);
        if (clipped) found.push(`${language} ${route} at ${width} px: something in the panel sticks out of it`);
      }
    }
  }
  expect(found).toEqual([]);
});
