import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import common from "../../locales/en/common.json" with { type: "json" };
import events from "../../locales/en/events.json" with { type: "json" };

/**
 * The events pages as a visitor sees them, with JavaScript ('js') and
 * without ('nojs'), against the seed: six published upcoming events, one
 * past (the mutual aid fair) and one draft (the Asia-Pacific assembly).
 */

test.use({ locale: "en-US" });

const UPCOMING_TITLES = [
  "Digital self-defence workshop",
  "Online assembly of the Translation Working Group",
  "Rencontre régionale : autogestion et luttes locales",
  "Community garden work day",
  "Southern Africa regional assembly",
  "Congress preparation: open online briefing",
];
const PAST_TITLE = "Mutual aid fair";
const DRAFT_TITLE = "Asia-Pacific regional assembly";

const javaScript = (testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) =>
  testInfo.project.use.javaScriptEnabled !== false;

function card(page: Page, title: string): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test("/events lists the upcoming published events, soonest first, and neither the draft nor the past one", async ({ page }) => {
  const response = await page.goto("/events");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(events.list.title);
  await expect(page).toHaveTitle(events.meta.title);

  await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(UPCOMING_TITLES);
  await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
  await expect(page.getByText(PAST_TITLE)).toHaveCount(0);
  // Six events fit on one page: no pagination.
  await expect(page.getByRole("navigation", { name: events.list.pagination.label })).toHaveCount(0);
});

test("a multi-day event shows a range of days; a single-day one a date with its time", async ({ page }) => {
  await page.goto("/events");
  const multiDay = card(page, "Southern Africa regional assembly").locator("time");
  await expect(multiDay).toHaveText(/\d.*–.*\d/);
  await expect(multiDay).not.toHaveText(/UTC/);

  // In Barcelona: the time where the event happens, its zone named (GMT+1 in winter, GMT+2 in summer).
  const singleDay = card(page, "Digital self-defence workshop").locator("time");
  await expect(singleDay).toHaveText(/GMT\+[12]/);
  await expect(singleDay).not.toHaveText(/–/);

  // Online: in UTC.
  await expect(card(page, "Online assembly of the Translation Working Group").locator("time")).toHaveText(/UTC/);
});

test("in Burmese and Esperanto, which the server's Intl cannot write dates in, dates are ISO 8601, not English", async ({ page }) => {
  for (const language of ["my", "eo"]) {
    await page.goto(`/events?lng=${language}`);
    const dates = page.locator("main time");
    await expect(dates.first()).toHaveText(/^\d{4}-\d{2}-\d{2}/);
    expect((await dates.allTextContents()).join(" "), language).not.toMatch(/January|February|March|April|May|June|July|August|September|October|November|December|AM|PM/);
  }
});

test("in Chinese, single days and ranges of days are written alike, with numbers (the server's CLDR writes ranges no other way)", async ({ page }) => {
  await page.goto("/events?lng=zh");
  const dates = await page.locator("main time").allTextContents();
  expect(dates.length).toBeGreaterThan(2);
  for (const date of dates) expect(date).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}[^年月日]*$/);
  expect(dates.join(" ")).toMatch(/–/);
});

test("an online event has the Online badge and no location; an in-person one its location and no badge", async ({ page }) => {
  await page.goto("/events");
  const online = card(page, "Online assembly of the Translation Working Group");
  await expect(online.getByText(events.card.online, { exact: true })).toBeVisible();
  await expect(online.getByText(`${events.card.location}:`)).toHaveCount(0);

  const inPerson = card(page, "Digital self-defence workshop");
  await expect(inPerson.getByText("Barcelona, Spain")).toBeVisible();
  await expect(inPerson.getByText(events.card.online, { exact: true })).toHaveCount(0);
});

test("the Register link opens the registration page in a new tab without opener or referrer", async ({ page }) => {
  await page.goto("/events");
  const title = "Rencontre régionale : autogestion et luttes locales";
  // The label names the event (every card has a "Register") and says that a new tab opens.
  const register = card(page, title).getByRole("link", {
    name: events.card.registerLabel.replace("{{title}}", title),
    exact: true,
  });
  await expect(register).toHaveText(events.card.register);
  await expect(register).toHaveAttribute("href", "https://rencontre-lyon.example/inscription");
  await expect(register).toHaveAttribute("target", "_blank");
  await expect(register).toHaveAttribute("rel", "noopener noreferrer");
  // No registration URL, no link.
  await expect(card(page, "Community garden work day").getByRole("link", { name: new RegExp(`^${events.card.register}`) })).toHaveCount(0);
});

test("a card leads to the event's page, which has dates, place, limit, organiser, group and the calendar file", async ({ page }) => {
  await page.goto("/events");
  await card(page, "Southern Africa regional assembly").getByRole("link", { name: "Southern Africa regional assembly", exact: true }).click();
  await expect(page).toHaveURL(/\/events\/southern-africa-regional-assembly$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Southern Africa regional assembly");
  await expect(page).toHaveTitle("Southern Africa regional assembly — INAG");

  const facts = page.getByRole("complementary");
  await expect(facts.getByText("Cape Town, South Africa")).toBeVisible();
  await expect(facts.getByText("Limited to 120 participants")).toBeVisible();
  await expect(facts.getByText("amara")).toBeVisible();
  await expect(facts.getByRole("link", { name: new RegExp(`^${events.detail.register}`) })).toHaveAttribute(
    "href",
    "https://khayelitsha-commons.example/assembly",
  );
  await expect(facts.getByRole("link", { name: events.detail.calendar })).toHaveAttribute(
    "href",
    "/events/southern-africa-regional-assembly.ics",
  );
  await expect(page.getByText(events.detail.ended)).toHaveCount(0);
  await expect(page.getByText(/Three days of workshops, assemblies and shared meals/)).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/events\/southern-africa-regional-assembly$/);
});

test("an online event's page says 'Online Event' and names no place", async ({ page }) => {
  await page.goto("/events/online-assembly-translation-working-group");
  const facts = page.getByRole("complementary");
  await expect(facts.getByText(events.detail.online, { exact: true })).toBeVisible();
  await expect(facts.getByRole("link", { name: new RegExp(`^${events.detail.register}`) })).toHaveAttribute(
    "href",
    "https://meet.inag.example/translation-assembly",
  );
});

test("the archive lists the past event, and its page says it has ended", async ({ page }) => {
  await page.goto("/events");
  await page.getByRole("link", { name: events.list.toArchive }).click();
  await expect(page).toHaveURL(/\/events\?past=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(events.list.archiveTitle);
  await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText([PAST_TITLE]);

  await card(page, PAST_TITLE).getByRole("link", { name: PAST_TITLE, exact: true }).click();
  await expect(page).toHaveURL(/\/events\/riverside-mutual-aid-fair$/);
  await expect(page.getByText(events.detail.ended)).toBeVisible();
});

test("a draft event's page is the 404 screen with status 404", async ({ page }) => {
  const response = await page.goto("/events/asia-pacific-regional-assembly");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);
  await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
});

test("a page of the list past the last one is a 404", async ({ page }) => {
  const response = await page.goto("/events?page=2");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);
});

test("the calendar files are text/calendar; the event's downloads from its page", async ({ page, request }) => {
  const single = await request.get("/events/southern-africa-regional-assembly.ics");
  expect(single.status()).toBe(200);
  expect(single.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect((await single.text()).match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);

  const all = await request.get("/events.ics");
  expect(all.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect((await all.text()).match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(UPCOMING_TITLES.length);

  expect((await request.get("/events/asia-pacific-regional-assembly.ics")).status()).toBe(404);

  // No script needed: the link's download attribute makes the click a download.
  await page.goto("/events/southern-africa-regional-assembly");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: events.detail.calendar }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("southern-africa-regional-assembly.ics");
});

test("the RSS feed is well-formed XML for the browser's strict parser", async ({ page, request }, testInfo) => {
  test.skip(!javaScript(testInfo), "parses with DOMParser in the page");
  const response = await request.get("/rss");
  expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const xml = await response.text();
  await page.goto("/events");
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.querySelector("parsererror")) return null;
    return [...doc.querySelectorAll("item > link")].map((link) => link.textContent ?? "");
  }, xml);
  expect(parsed).not.toBeNull();
  expect(parsed).toHaveLength(6);
  for (const link of parsed ?? []) expect(link).toMatch(/^https?:\/\/[^/]+\/news\/[a-z0-9-]+$/);
});

test("every page of the site announces the RSS feed", async ({ page }) => {
  await page.goto("/events");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/rss");
});

for (const path of ["/events", "/events?past=1", "/events/southern-africa-regional-assembly", "/events/riverside-mutual-aid-fair"]) {
  test(`${path}: the page's content has no accessibility violations`, async ({ page }, testInfo) => {
    test.skip(!javaScript(testInfo), "axe runs as a script in the page");
    await page.goto(path);
    // The header and footer are the shell's and checked by its own tests.
    const results = await new AxeBuilder({ page }).include("main").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
