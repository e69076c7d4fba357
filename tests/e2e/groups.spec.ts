import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { COUNTRY_PATHS } from "../../app/components/GroupsMap.countries";
import groups from "../../locales/en/groups.json" with { type: "json" };

/**
 * /groups: the world map (server-rendered countries and marker links, with
 * JavaScript zoom, pan and a tooltip) and the list of every group. The
 * seed has nine groups; eight have coordinates, and each of those a website.
 */

test.use({ locale: "en-US" });

const MAPPED = [
  { name: "Assemblea Llibertària del Raval", location: "Barcelona, Spain", website: "https://raval-llibertaria.example/" },
  { name: "Coletivo Terra e Liberdade", location: "Porto Alegre, Brazil", website: "https://terraeliberdade.example/" },
  { name: "Harbour City Solidarity Circle", location: "Wellington, New Zealand", website: "https://harbourcity-solidarity.example/" },
  { name: "Khayelitsha Commons Collective", location: "Cape Town, South Africa", website: "https://khayelitsha-commons.example/" },
  { name: "Kolektif Pustaka Bebas", location: "Jakarta, Indonesia", website: "https://pustakabebas.example/" },
  { name: "Kolektyw Wzajemność", location: "Kraków, Poland", website: "https://wzajemnosc-krakow.example/" },
  { name: "Riverside Mutual Aid Collective", location: "Detroit, United States", website: "https://riverside-mutualaid.example/" },
  { name: "Tadamon Tunis", location: "Tunis, Tunisia", website: "https://tadamon-tunis.example/" },
];
const UNMAPPED = "Translation Working Group";
const VERIFIED = 5;

const map = (page: Page) => page.locator("figure svg.rsm-svg");
const markerLinks = (page: Page) => map(page).locator(".rsm-marker a[href]");
const zoomTransform = (page: Page) => page.locator(".rsm-zoomable-group").getAttribute("transform");

test("/groups lists every group by name, with its details", async ({ page }) => {
  const response = await page.goto("/groups");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(groups.meta.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(groups.title);

  const names = page.locator("main article h3");
  await expect(names).toHaveText([...MAPPED.map((group) => group.name), UNMAPPED]);
  await expect(page.locator("main article").getByText(groups.list.verified, { exact: true })).toHaveCount(VERIFIED);

  const raval = page.locator("main article", { hasText: MAPPED[0].name });
  const website = raval.locator(`a[href="${MAPPED[0].website}"]`);
  await expect(website).toHaveText(/^raval-llibertaria\.example/);
  await expect(website).toHaveAttribute("href", MAPPED[0].website);
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(website).toHaveAttribute("rel", /noopener/);
  await expect(website).toHaveAttribute("rel", /noreferrer/);
  await expect(raval.locator('a[href="mailto:assemblea@raval-llibertaria.example"]')).toHaveCount(1);
  await expect(raval).toContainText(MAPPED[0].location);
  await expect(page.getByText(groups.loadFailed)).toHaveCount(0);
});

test("the map's countries and markers are in the page, each marker a link that opens without opener or referrer", async ({
  page,
}) => {
  await page.goto("/groups");
  expect(await map(page).locator("path.rsm-geography").count()).toBeGreaterThanOrEqual(170);

  const links = markerLinks(page);
  await expect(links).toHaveCount(MAPPED.length);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual(MAPPED.map((group) => group.website).sort());
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    const rel = (await link.getAttribute("rel"))?.split(/\s+/) ?? [];
    expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
  }
  await expect(page.locator("figure [role=status]")).toHaveText(`${MAPPED.length} affiliated groups mapped`);
  await expect(page.locator("figure figcaption")).toContainText(`${MAPPED.length} locations`);
});

test("the first HTML has the whole map, each marker titled with name and location", async ({ request }) => {
  const html = await (await request.get("/groups")).text();
  expect(html.match(/<path class="rsm-geography/g)?.length ?? 0).toBeGreaterThanOrEqual(170);
  for (const group of MAPPED) expect(html).toContain(`<title>${group.name}, ${group.location}</title>`);
  expect(html).toMatch(new RegExp(`<p role="status"[^>]*>${MAPPED.length} affiliated groups mapped</p>`));
  expect(html).not.toMatch(/<title>Translation Working Group/);
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the map's enhancements need JavaScript");

  test("hovering a marker shows its tooltip: name, location and the hint to visit the website", async ({ page }) => {
    await page.goto("/groups");
    await page.waitForLoadState("networkidle");
    const tooltip = page.locator('figure [aria-hidden="true"]', { hasText: groups.map.visitHint });
    await expect(tooltip).toHaveCount(0);

    await page.locator(`figure a[aria-label^="${MAPPED[0].name}"]`).hover();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(MAPPED[0].name);
    await expect(tooltip).toContainText(MAPPED[0].location);
  });

  test("a marker reached with the keyboard shows the tooltip too", async ({ page }) => {
    await page.goto("/groups");
    await page.waitForLoadState("networkidle");
    await page.locator(`figure a[aria-label^="${MAPPED[7].name}"]`).focus();
    await expect(page.locator('figure [aria-hidden="true"]', { hasText: MAPPED[7].location })).toBeVisible();
  });

  test("the zoom buttons zoom in and out", async ({ page }) => {
    await page.goto("/groups");
    await page.waitForLoadState("networkidle");
    const initial = await zoomTransform(page);
    expect(initial).toMatch(/scale\(1\.5\)$/);

    await page.getByRole("button", { name: groups.map.zoomIn }).click();
    await expect.poll(() => zoomTransform(page)).not.toBe(initial);
    expect(await zoomTransform(page)).toMatch(/scale\(2\.25\)$/);

    await page.getByRole("button", { name: groups.map.zoomOut }).click();
    await page.getByRole("button", { name: groups.map.zoomOut }).click();
    await expect.poll(() => zoomTransform(page)).toMatch(/scale\(1\)$/);
    await expect(page.getByRole("button", { name: groups.map.zoomOut })).toBeDisabled();
  });

  test("dragging pans the map; the countries stay when the gesture code takes over", async ({ page }) => {
    await page.goto("/groups");
    await page.waitForLoadState("networkidle");
    await map(page).scrollIntoViewIfNeeded();
    const box = (await map(page).boundingBox())!;
    const initial = await zoomTransform(page);

    // The first pointer over the map loads ZoomableGroup, which replaces its stand-in (d3-zoom marks its element).
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.8);
    const zoomable = () =>
      page.evaluate(() => "__zoom" in (document.querySelector(".rsm-zoomable-group")?.parentElement ?? {}));
    await expect.poll(zoomable).toBe(true);
    // Taken over from the server's HTML at once, not reloaded.
    expect(await map(page).locator("path.rsm-geography").count()).toBe(COUNTRY_PATHS.length);
    await expect(markerLinks(page)).toHaveCount(MAPPED.length);

    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => zoomTransform(page)).not.toBe(initial);
    expect(await zoomTransform(page)).toMatch(/scale\(1\.5\)$/);
  });

  test("the outlines are not in the page's JavaScript, and the zoom code loads only when a pointer reaches the map", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith(".js")) scripts.push(await response.text());
    });
    await page.goto("/groups");
    await page.waitForLoadState("networkidle");
    const outline = COUNTRY_PATHS[0][2];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((script) => script.includes(outline))).toBe(false);
    expect(scripts.some((script) => script.includes("scaleExtent"))).toBe(false);

    await map(page).hover({ position: { x: 20, y: 20 } });
    await expect.poll(() => scripts.some((script) => script.includes("scaleExtent"))).toBe(true);
    expect(scripts.some((script) => script.includes(outline))).toBe(false);
  });

  test("arriving by a client-side link, the map still gets its countries", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/about");
    await page.waitForLoadState("networkidle");
    await page.locator('header a[href="/groups"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(groups.title);
    await expect.poll(() => map(page).locator("path.rsm-geography").count()).toBe(COUNTRY_PATHS.length);
    await expect(markerLinks(page)).toHaveCount(MAPPED.length);
    expect(errors).toEqual([]);
  });

  test("the page's content has no accessibility violations", async ({ page }) => {
    await page.goto("/groups");
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).include("main").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

test("in Arabic the page is right-to-left and the map is the same", async ({ page }) => {
  await page.goto("/groups?lng=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect.poll(() => map(page).locator("path.rsm-geography").count()).toBe(COUNTRY_PATHS.length);
  await expect(markerLinks(page)).toHaveCount(MAPPED.length);
});
