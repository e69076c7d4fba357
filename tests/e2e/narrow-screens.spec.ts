// The public pages on a small phone (320 px wide), in every language: no page scrolls sideways, and the
// share panel of a detail page opens inside the screen (there, on a tablet and a small laptop too: anchored
// to its button, it ran past the edge of an event's side panel at 1,024 px). Long words are the risk: German's compounds
// in a heading ("Gefangenenunterstützung") widened /campaigns to 370 px until headings could break
// them. Run without JavaScript only: the layout is the same HTML and CSS either way.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import common from "../../locales/en/common.json" with { type: "json" };

const ROUTES = [
  "/", "/about", "/principles", "/structure", "/congress", "/security", "/privacy", "/terms", "/campaigns",
  "/news", "/news/call-for-congress-proposals-is-open", "/events", "/events/digital-self-defence-workshop-barcelona",
  "/resources", "/resources/starting-a-mutual-aid-group", "/groups", "/contact", "/join", "/voting",
  "/voting/50000000-0000-4000-8000-000000000003", "/login", "/signup", "/forgot-password", "/no-such-page",
];

/** What sticks out of the screen sideways on the open page: the page's own width, or the share panel's (also on a tablet and a small laptop). */
async function sideways(page: Page): Promise<string[]> {
  const found: string[] = [];
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  if (scrollWidth > clientWidth) found.push(`the page is ${scrollWidth} px wide`);
  const share = page.locator("details:has(> [role=group])");
  if (await share.count()) {
    await share.locator("summary").click();
    for (const width of [320, 768, 1024]) {
      await page.setViewportSize({ width, height: 640 });
      const box = await share.locator("[role=group]").boundingBox();
      if (!box || box.x < 0 || box.x + box.width > width) found.push(`at ${width} px the share panel spans ${box?.x}–${box ? box.x + box.width : "?"} px`);
    }
    await page.setViewportSize({ width: 320, height: 640 });
  }
  return found;
}

test.use({ viewport: { width: 320, height: 640 } });

for (const language of Object.keys(common.languageNames)) {
  test(`no public page scrolls sideways at 320 px in ${language}`, async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the layout is the same with or without scripts");
    const found: string[] = [];
    for (const route of ROUTES) {
      await page.goto(`${route}?lng=${language}`);
      for (const problem of await sideways(page)) found.push(`${route}: ${problem}`);
    }
    expect(found).toEqual([]);
  });
}
