import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BORDERS, LAND } from "../../app/components/GroupsMap.countries";
import { MAP } from "../../app/components/GroupsMap.projection";
import common from "../../locales/en/common.json" with { type: "json" };
import groups from "../../locales/en/groups.json" with { type: "json" };
import { signInAsAdmin } from "./members";

/**
 * /groups: the world map (the whole map in the HTML, drawn on the server by
 * react-simple-maps: two paths and one marker link per group, its <title>
 * the tooltip; zoom and pan by a small script without React, groups-map.js)
 * and the groups by name, eight to a
 * page. The seed has nine groups; eight have coordinates, and each of those a
 * website: the first page lists those eight, the second the ninth.
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

const map = (page: Page) => page.locator("figure svg[data-zoom]");
const markerLinks = (page: Page) => map(page).locator("a[href]");
const outlines = (page: Page) => map(page).locator("path.groups-map-land, path.groups-map-borders");
/** The map's zoom, from its viewBox: the whole map is 800 units wide. */
const zoomOf = async (page: Page) => 800 / Number((await map(page).getAttribute("viewBox"))?.split(" ")[2]);
/** The websites of the markers whose dot is not wholly inside the map as drawn. */
async function markersOutOfView(page: Page): Promise<string[]> {
  const view = (await map(page).boundingBox())!;
  const outside: string[] = [];
  for (const link of await markerLinks(page).all()) {
    const dot = (await link.locator("use").boundingBox())!;
    const inside = dot.x >= view.x && dot.y >= view.y && dot.x + dot.width <= view.x + view.width && dot.y + dot.height <= view.y + view.height;
    if (!inside) outside.push((await link.getAttribute("href"))!);
  }
  return outside;
}
const markerTitle = (group: (typeof MAPPED)[number]) =>
  `${group.name}, ${group.location}\n${groups.map.visitHint} ${common.externalLink}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const pagination = (page: Page) => page.getByRole("navigation", { name: groups.list.pagination.label });
const status = (current: number, pages: number) =>
  groups.list.pagination.status.replace("{{page}}", String(current)).replace("{{pages}}", String(pages));

test("/groups lists the groups by name, eight to a page, with their details", async ({ page }) => {
  const response = await page.goto("/groups");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(groups.meta.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(groups.title);

  const names = page.locator("main article h3");
  await expect(names).toHaveText(MAPPED.map((group) => group.name));
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

test("the list pages with plain links that keep the visitor at the list; the map keeps every group on every page", async ({
  page,
}) => {
  await page.goto("/groups");
  await expect(pagination(page)).toContainText(status(1, 2));
  await expect(pagination(page).getByRole("link", { name: groups.list.pagination.previous })).toHaveCount(0);
  const next = pagination(page).getByRole("link", { name: groups.list.pagination.next });
  await expect(next).toHaveAttribute("href", "/groups?page=2#all-groups");
  await expect(next).toHaveAttribute("rel", "next");
  await next.click();
  await expect(page).toHaveURL(/\/groups\?page=2#all-groups$/);
  await expect(page).toHaveTitle(groups.meta.pageTitle.replace("{{page}}", "2"));
  await expect(page.locator("main article h3")).toHaveText([UNMAPPED]);
  await expect(page.getByRole("heading", { level: 2, name: groups.list.heading })).toBeInViewport();
  await expect(markerLinks(page)).toHaveCount(MAPPED.length);
  await expect(pagination(page)).toContainText(status(2, 2));
  await expect(pagination(page).getByRole("link", { name: groups.list.pagination.next })).toHaveCount(0);

  const previous = pagination(page).getByRole("link", { name: groups.list.pagination.previous });
  await expect(previous).toHaveAttribute("href", "/groups#all-groups");
  await previous.click();
  await expect(page).toHaveURL(/\/groups#all-groups$/);
  await expect(page.locator("main article h3")).toHaveText(MAPPED.map((group) => group.name));
  await expect(pagination(page)).toContainText(status(1, 2));
});

test("a page of the list past the last one is the 404 screen with status 404; a page number that is not one is the first page", async ({
  page,
}) => {
  const response = await page.goto("/groups?page=3");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);

  for (const number of ["0", "abc", "-2"]) {
    expect((await page.goto(`/groups?page=${number}`))?.status()).toBe(200);
    await expect(page.locator("main article h3").first()).toHaveText(MAPPED[0].name);
    await expect(pagination(page)).toContainText(status(1, 2));
  }
});

test("the map's land and borders and its markers are in the page, each marker a link named by its title that opens without opener or referrer", async ({
  page,
}) => {
  await page.goto("/groups");
  await expect(outlines(page)).toHaveCount(2);
  expect(await outlines(page).evaluateAll((paths) => paths.map((path) => path.getAttribute("d")))).toEqual([LAND, BORDERS]);

  const links = markerLinks(page);
  await expect(links).toHaveCount(MAPPED.length);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual(MAPPED.map((group) => group.website).sort());
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    const rel = (await link.getAttribute("rel"))?.split(/\s+/) ?? [];
    expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
  }
  // Named by its <title> (the tooltip): who, where, and that it opens the website in a new tab.
  for (const group of MAPPED) {
    const link = map(page).getByRole("link", { name: new RegExp(`^${escape(`${group.name}, ${group.location}`)}`) });
    await expect(link).toHaveAttribute("href", group.website);
    await expect(link).toHaveAccessibleName(markerTitle(group).replace("\n", " "));
  }
  await expect(page.locator("figure [role=status]")).toHaveText(`${MAPPED.length} affiliated groups mapped`);
  await expect(page.locator("figure figcaption")).toContainText(`${MAPPED.length} locations`);
});

test("the first HTML has the whole map: its outlines once, every marker with its title as tooltip, the zoom buttons hidden", async ({
  request,
}) => {
  const html = await (await request.get("/groups")).text();
  // The geometry in one place only: two paths, nowhere else in the page.
  expect(html.split(LAND)).toHaveLength(2);
  expect(html.split(BORDERS)).toHaveLength(2);
  const svg = html.slice(html.indexOf("<svg", html.indexOf("<figure")), html.indexOf("</svg>", html.indexOf("<figure")));
  expect(svg.match(/<path\b/g)).toHaveLength(2);
  // Drawn by react-simple-maps: its <ComposableMap>, a <Geography> for each path, a <Marker> around each link.
  expect(svg).toMatch(/^<svg [^>]*class="rsm-svg /);
  expect(svg.match(/<path class="rsm-geography /g)).toHaveLength(2);
  expect(svg.match(/<g transform="translate\(-?\d+(\.\d)?, -?\d+(\.\d)?\)" class="rsm-marker "><a /g)).toHaveLength(MAPPED.length);
  // No style attribute: the CSP allows none.
  expect(html).not.toMatch(/<[^>]+\sstyle=/);
  for (const group of MAPPED) expect(svg).toContain(`<title>${markerTitle(group)}</title>`);
  expect(html).toMatch(new RegExp(`<p role="status"[^>]*>${MAPPED.length} affiliated groups mapped</p>`));
  expect(html).not.toMatch(/<title>Translation Working Group/);
  expect(html).toMatch(/<div hidden="" data-zoom-buttons=""/);
  // Compact: about 200 bytes of markup per marker (there were 600).
  expect(svg.length - LAND.length - BORDERS.length).toBeLessThan(1_000 + MAPPED.length * 300);
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the map as it is without its script");

  test("the map is complete and still: the whole world in view, every marker reachable with the keyboard, no zoom buttons", async ({
    page,
  }) => {
    await page.goto("/groups");
    const initial = await map(page).getAttribute("viewBox");
    await expect(page.getByRole("button", { name: groups.map.zoomIn })).toBeHidden();
    await expect(page.getByRole("button", { name: groups.map.zoomOut })).toBeHidden();
    await expect(outlines(page)).toHaveCount(2);
    for (const link of await markerLinks(page).all()) {
      await expect(link).toBeVisible();
      await link.focus();
      await expect(link).toBeFocused();
    }
    // Wellington too, beyond the specification's view, which nothing could zoom out of here.
    expect(await markersOutOfView(page)).toEqual([]);
    // Its dots as large as in that view: a dot's target (2.5 times its radius) is that many units of its width.
    const target = 2 * 2.5 * MAP.markerRadius;
    expect((await markerLinks(page).first().locator("use").boundingBox())!.width).toBeCloseTo(
      ((await map(page).boundingBox())!.width * target) / (MAP.width / MAP.zoom),
      0,
    );
    expect(await map(page).getAttribute("viewBox")).toBe(initial);
  });
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the map's enhancements need JavaScript");

  test("the page's only script is the map's own, a few KB without React, and no script carries the outlines or react-simple-maps", async ({
    page,
  }) => {
    const scripts = new Map<string, string>();
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script") scripts.set(response.url(), await response.text());
    });
    await page.goto("/groups");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: groups.map.zoomIn })).toBeVisible();
    const urls = [...scripts.keys()];
    expect(urls.some((url) => /\/assets\/groups-map-[\w-]+\.js$/.test(url))).toBe(true);
    for (const [url, text] of scripts) {
      expect(text.includes(LAND.slice(0, 200)), url).toBe(false);
      expect(text.includes("rsm-marker"), url).toBe(false);
      if (url.includes("/groups-map-")) expect(text.length).toBeLessThan(10_000);
    }
  });

  test("the zoom buttons zoom in and out by the viewBox, within 1 and 8; the dots keep their size", async ({ page }) => {
    await page.goto("/groups");
    const zoomIn = page.getByRole("button", { name: groups.map.zoomIn });
    const zoomOut = page.getByRole("button", { name: groups.map.zoomOut });
    await expect(zoomIn).toBeVisible();
    expect(await zoomOf(page)).toBeCloseTo(1.5, 2);
    // The specification's view, not the whole map shown without scripts: Wellington is beyond it.
    await expect(map(page).locator("g[data-whole-map]")).not.toHaveAttribute("transform");
    expect(await markersOutOfView(page)).toEqual([MAPPED[2].website]);
    const dot = page.locator("#groups-map-dot");
    const dotSize = async () => (await markerLinks(page).first().locator("use").boundingBox())!.width;
    const size = await dotSize();

    await zoomIn.click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(2.25, 2);
    await expect(dot).toHaveAttribute("transform", "scale(0.667)");
    expect(await dotSize()).toBeCloseTo(size, 0);

    await zoomOut.click();
    await zoomOut.click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(1, 2);
    await expect(zoomOut).toBeDisabled();
    for (let i = 0; i < 6; i++) if (await zoomIn.isEnabled()) await zoomIn.click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(8, 2);
    await expect(zoomIn).toBeDisabled();
  });

  test("dragging pans the map, Ctrl with the wheel zooms it, and a drag that starts on a marker does not follow its link", async ({
    page,
  }) => {
    await page.goto("/groups");
    await expect(page.getByRole("button", { name: groups.map.zoomIn })).toBeVisible();
    await map(page).scrollIntoViewIfNeeded();
    const box = (await map(page).boundingBox())!;
    const initial = await map(page).getAttribute("viewBox");

    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => map(page).getAttribute("viewBox")).not.toBe(initial);
    expect(await zoomOf(page)).toBeCloseTo(1.5, 2);

    // A plain wheel scrolls the page; with Ctrl (a trackpad's pinch) it zooms the map.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 100);
    expect(await zoomOf(page)).toBeCloseTo(1.5, 2);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -100);
    await page.keyboard.up("Control");
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.6);

    const popups: string[] = [];
    page.on("popup", (popup) => popups.push(popup.url()));
    const marker = (await markerLinks(page).first().locator("use").boundingBox())!;
    await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
    await page.mouse.down();
    await page.mouse.move(marker.x + 80, marker.y + 20, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(popups).toEqual([]);
  });

  test("on a touch screen two fingers pinch the map, and one finger is left to the page", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto("/groups");
    await expect(page.getByRole("button", { name: groups.map.zoomIn })).toBeVisible();
    await map(page).scrollIntoViewIfNeeded();
    const box = (await map(page).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: { x: number; y: number }[]) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((point, id) => ({ ...point, id })) });

    await touch("touchStart", [{ x, y }]);
    for (let d = 10; d <= 80; d += 10) await touch("touchMove", [{ x: x + d, y }]);
    await touch("touchEnd", []);
    expect(await zoomOf(page)).toBeCloseTo(1.5, 2);

    await touch("touchStart", [{ x: x - 20, y }, { x: x + 20, y }]);
    for (let d = 24; d <= 80; d += 8) await touch("touchMove", [{ x: x - d, y }, { x: x + d, y }]);
    await touch("touchEnd", []);
    // Fingers 40 px apart, then 160: four times the zoom.
    await expect.poll(() => zoomOf(page)).toBeCloseTo(6, 1);
    await context.close();
  });

  test("a marker reached with the keyboard comes into view and shows its title as a tooltip, until Escape", async ({ page }) => {
    await page.goto("/groups");
    const zoomIn = page.getByRole("button", { name: groups.map.zoomIn });
    await expect(zoomIn).toBeVisible();
    await zoomIn.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Enter");
    // Wellington is far from the centre: out of view at this zoom until reached. The markers come
    // before the buttons, by name: Wellington's is the sixth back from the zoom-in button.
    const wellington = map(page).getByRole("link", { name: new RegExp(`^${escape(MAPPED[2].name)}`) });
    await expect(wellington).not.toBeInViewport();
    for (let i = 0; i < MAPPED.length - 2; i++) await page.keyboard.press("Shift+Tab");
    await expect(wellington).toBeFocused();
    const tip = page.locator("[data-map-tip]");
    await expect(tip).toBeVisible();
    await expect(tip).toHaveAttribute("aria-hidden", "true");
    await expect(tip).toContainText(`${MAPPED[2].name}, ${MAPPED[2].location}`);
    await expect(tip).toContainText(groups.map.visitHint);
    const [marker, svg] = [(await wellington.locator("use").boundingBox())!, (await map(page).boundingBox())!];
    expect(marker.x).toBeGreaterThan(svg.x);
    expect(marker.x + marker.width).toBeLessThan(svg.x + svg.width);
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();
  });

  test("arriving by a link from another page, the map has its outlines and its zoom", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/about");
    await page.waitForLoadState("networkidle");
    await page.locator('header a[href="/groups"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(groups.title);
    await expect(outlines(page)).toHaveCount(2);
    await expect.poll(() => outlines(page).first().getAttribute("d")).toBe(LAND);
    await expect(markerLinks(page)).toHaveCount(MAPPED.length);
    await page.getByRole("button", { name: groups.map.zoomIn }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(2.25, 2);
    expect(errors).toEqual([]);
  });

  test("arriving from a page that runs React (the back-office), drawn by React in the browser, the map loads its outlines and gets its zoom", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signInAsAdmin(page, "/admin");
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('header a[href="/groups"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(groups.title);
    // A client-side navigation: the document (and its marker) is still the same one.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect.poll(() => outlines(page).first().getAttribute("d")).toBe(LAND);
    await expect(markerLinks(page)).toHaveCount(MAPPED.length);
    // The same markup as the server's: react-simple-maps' <Marker>s, placed as the server places them.
    await expect(map(page).locator("g.rsm-marker > a[href]")).toHaveCount(MAPPED.length);
    const places = await map(page).locator("g.rsm-marker").evaluateAll((markers) => markers.map((g) => g.getAttribute("transform")));
    const html = await (await page.request.get("/groups")).text();
    expect(places).toEqual([...html.matchAll(/<g transform="([^"]+)" class="rsm-marker ">/g)].map((match) => match[1]));
    await page.getByRole("button", { name: groups.map.zoomIn }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(2.25, 2);
    expect(errors).toEqual([]);
  });
});

test("the page's content has no accessibility violations, with its script and without", async ({ page, browser }, testInfo) => {
  let target = page;
  if (testInfo.project.use.javaScriptEnabled === false) {
    // axe runs as a script: check the server HTML in a context where the page's own scripts are blocked.
    const context = await browser.newContext({ javaScriptEnabled: true, baseURL: testInfo.project.use.baseURL });
    await context.route(/\.js(\?|$)/, (route) => route.abort());
    target = await context.newPage();
  }
  await target.goto("/groups");
  await target.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page: target }).include("main").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  if (target !== page) await target.context().close();
});

test("in Arabic the page is right-to-left and the map is the same", async ({ page }) => {
  await page.goto("/groups?lng=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(outlines(page)).toHaveCount(2);
  await expect(markerLinks(page)).toHaveCount(MAPPED.length);
});

