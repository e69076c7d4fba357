import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mkdirSync } from "node:fs";
import common from "../../locales/en/common.json" with { type: "json" };
import pages from "../../locales/en/pages.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };
import { DESKTOP_WIDTH, headerOverflow, headerSpareRoom } from "./header";

/**
 * The app shell: static routes, header, footer, language switching, the
 * mobile menu, 404, security headers and the CSP nonce, accessibility, and
 * screenshots. Every test runs in the 'js' and 'nojs' projects; the few that
 * test a JavaScript enhancement say so and skip in 'nojs'.
 */

test.use({ locale: "en-US" });

const STATIC_ROUTES = [
  { path: "/", h1: common.home.hero.title },
  { path: "/about", h1: pages.about.title },
  { path: "/principles", h1: pages.principles.title },
  { path: "/structure", h1: pages.structure.title },
  { path: "/congress", h1: pages.congress.title },
  { path: "/security", h1: pages.security.title },
  { path: "/privacy", h1: pages.privacy.title },
  { path: "/terms", h1: pages.terms.title },
  { path: "/campaigns", h1: pages.campaigns.title },
];

/** Routes that later issues implement: the shell only links to them. */
const LATER_ROUTES = new Set(["/news", "/events", "/groups", "/resources", "/join", "/contact", "/rss", "/admin/login"]);

const HEADER_LINKS = ["/about", "/news", "/groups", "/resources", "/events", "/join"];
const FOOTER_LINKS = [
  "/about", "/principles", "/structure", "/contact", "/news", "/events", "/congress", "/campaigns",
  "/rss", "/privacy", "/terms", "/security", "/admin/login",
];

const javaScript = (testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) =>
  testInfo.project.use.javaScriptEnabled !== false;

for (const { path, h1 } of STATIC_ROUTES) {
  test(`${path} answers 200 with its h1`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.locator("header.site-header")).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
  });
}

test("the header links to the main sections, Join as the highlighted button", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: common.header.primaryNav }).first();
  for (const href of HEADER_LINKS) await expect(nav.locator(`a[href="${href}"]`)).toHaveCount(1);
  await expect(nav.locator('a[href="/join"]')).toHaveClass(/btn-primary/);
  await expect(page.locator('header a[href="/"]')).toHaveAccessibleName(common.header.homeLabel);
  for (const href of HEADER_LINKS.filter((h) => !LATER_ROUTES.has(h))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});

test("the header's row fits in every language: the navigation on one line from the desktop breakpoint, the slide-in menu below it", async ({ page }) => {
  // 768 px, a tablet held upright; 1,152 px, the row's full width; DESKTOP_WIDTH, the breakpoint.
  for (const language of Object.keys(common.languageNames)) {
    await page.goto(`/about?lng=${language}`);
    for (const width of [768, 1152, DESKTOP_WIDTH - 1, DESKTOP_WIDTH, 1440]) {
      await page.setViewportSize({ width, height: 600 });
      await expect(page.locator('header button[popovertarget="site-menu"]:not([popovertargetaction])'), `${language} at ${width} px`).toBeVisible({ visible: width < DESKTOP_WIDTH });
      await expect(page.locator('header a[href="/news"]').first(), `${language} at ${width} px`).toBeVisible({ visible: width >= DESKTOP_WIDTH });
      await expect.poll(() => headerOverflow(page), `${language} at ${width} px`).toEqual([]);
    }
    expect(await headerSpareRoom(page), language).toBeGreaterThanOrEqual(16);
  }
});

test("the footer has its links, contacts, newsletter form, year and no-rights notice", async ({ page, request }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  for (const href of FOOTER_LINKS) await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
  await expect(footer.locator('a[href="/admin/login"]')).toHaveText(common.footer.links.admin);
  for (const href of FOOTER_LINKS.filter((h) => !LATER_ROUTES.has(h))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }

  for (const address of [
    "contact@inag.network",
    "europe@inag.network",
    "americas@inag.network",
    "asiapacific@inag.network",
    "africa-mideast@inag.network",
  ]) {
    const link = footer.locator(`a[href="mailto:${address}"]`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  for (const href of ["https://kolektiva.social/@inag", "https://codeberg.org/inag"]) {
    const link = footer.locator(`a[href="${href}"]`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }

  const form = footer.locator('form[action="/newsletter"]');
  await expect(form).toHaveAttribute("method", "post");
  await expect(form.getByLabel(common.footer.newsletter.emailLabel)).toHaveAttribute("type", "email");
  await expect(form).toContainText(common.footer.newsletter.description);

  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer).toContainText("No rights reserved");
});

test("internal links route inside the site, external ones open a new tab", async ({ page }) => {
  await page.goto("/");
  const external = page.locator('a[href^="http"], a[href^="mailto:"]');
  expect(await external.count()).toBeGreaterThan(5);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(page.locator('a[href^="/"][target="_blank"]')).toHaveCount(0);
});

test("the hero links to /congress, /about and /contact and shows the four figures", async ({ page }) => {
  await page.goto("/");
  const hero = page.locator("main section").first();
  await expect(hero.locator('a[href="/congress"]')).toContainText(common.home.hero.tagline);
  await expect(hero.getByRole("link", { name: common.home.hero.aboutNetwork })).toHaveAttribute("href", "/about");
  await expect(hero.getByRole("link", { name: common.home.hero.join })).toHaveAttribute("href", "/contact");
  const figures = hero.locator("dl > div");
  await expect(figures).toHaveCount(4);
  await expect(figures).toContainText(["2+", "300+", "20+", "2026"]);
});

test("switching to Arabic sets dir=rtl and lang=ar and persists across navigation", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

  await page.locator('button[popovertarget="language-list"]').click();
  await page.locator('#language-list a[hreflang="ar"]').click();
  await expect(page).toHaveURL(/\/about\?lng=ar$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // A plain internal link, no ?lng=: the cookie carries the choice.
  await page.locator('footer a[href="/principles"]').click();
  await expect(page).toHaveURL(/\/principles$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  await page.goto("/structure");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");

  await page.locator('button[popovertarget="language-list"]').click();
  await page.locator('#language-list a[hreflang="en"]').click();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("?lng= on a page that redirects is remembered: the page it leads to is in that language", async ({ page }) => {
  // A visitor's /account sends them to sign in, before the root's loader (which answers pages) runs.
  await page.goto("/account?lng=fr");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test("?lng= sets a year-long HttpOnly lng cookie and makes the response private", async ({ request }) => {
  const response = await request.get("/about?lng=fr");
  expect(response.status()).toBe(200);
  const setCookie = response.headers()["set-cookie"] ?? "";
  expect(setCookie).toMatch(/lng=fr/);
  expect(setCookie).toMatch(/Max-Age=31536000/);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(await response.text()).toContain('<html lang="fr" dir="ltr"');

  const plain = await request.get("/about", { headers: { Cookie: "", "Accept-Language": "en" } });
  expect(plain.headers()["set-cookie"]).toBeUndefined();
  expect(plain.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  expect(plain.headers()["vary"]).toBe("Cookie, Accept-Language");

  const byHeader = await request.get("/", { headers: { Cookie: "", "Accept-Language": "ar-EG,ar;q=0.9" } });
  expect(await byHeader.text()).toContain('<html lang="ar" dir="rtl"');
});

test("the mobile menu at 360 px opens and closes", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const toggle = page.locator('header button[popovertarget="site-menu"]:not([popovertargetaction])');
  const menu = page.locator("#site-menu");
  const panelLink = menu.locator('a[href="/about"]');
  // The desktop nav is hidden at this width.
  await expect(page.locator('header nav.desktop\\:flex a[href="/news"]')).toHaveCount(1);
  await expect(page.locator('header nav.desktop\\:flex a[href="/news"]')).toBeHidden();
  await expect(panelLink).toBeHidden();

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(panelLink).toBeVisible();
  await expect(menu.locator('a[href="/join"]')).toBeVisible();

  await menu.getByRole("button", { name: common.header.menu.close }).click();
  await expect(panelLink).toBeHidden();

  // Escape and a click outside close it too, with or without scripts (a popover).
  await toggle.click();
  await page.keyboard.press("Escape");
  await expect(panelLink).toBeHidden();
  await toggle.click();
  await page.mouse.click(20, 400);
  await expect(panelLink).toBeHidden();

  // Following a link in the menu leaves it closed on the next page.
  await toggle.click();
  await panelLink.click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.about.title);
  await expect(page.locator("#site-menu")).toBeHidden();
});

test("the language list closes on an outside click and on Escape", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const button = page.locator('button[popovertarget="language-list"]');
  const list = page.locator("#language-list");
  await button.click();
  await expect(list.locator('a[hreflang="de"]')).toBeVisible();
  await page.locator("main h1").click();
  await expect(list).toBeHidden();

  await button.click();
  await expect(list).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
});

test("the language list names all eleven languages in their own scripts", async ({ page }) => {
  await page.goto("/");
  const links = page.locator("#language-list a[hreflang]");
  await expect(links).toHaveCount(11);
  for (const [code, name] of Object.entries({ ar: "العربية", zh: "中文", hi: "हिन्दी", my: "မြန်မာ", ru: "Русский", de: "Deutsch" })) {
    await expect(page.locator(`#language-list a[hreflang="${code}"] span[lang="${code}"]`)).toHaveText(name);
  }
});

test("the header is transparent at the top and dark once scrolled", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/about");
  const header = page.locator("header.site-header");
  const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(background).toBe("rgba(0, 0, 0, 0)");
  await page.mouse.wheel(0, 600);
  await expect.poll(background).not.toBe("rgba(0, 0, 0, 0)");
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).borderBottomColor)).not.toBe("rgba(0, 0, 0, 0)");
});

test("an unknown route shows the 404 screen with status 404", async ({ page }) => {
  for (const path of ["/no-such-page", "/deeply/nested/missing", "/404"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.heading);
    await expect(page).toHaveTitle(common.notFound.title);
    await expect(page.locator("main").getByRole("link", { name: common.notFound.home })).toHaveAttribute("href", "/");
  }
});

// Which pages carry scripts, with which policy and nonce: tests/e2e/scripts.spec.ts.
test("every response has the security headers", async ({ request }) => {
  for (const path of ["/favicon.svg", "/", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["content-security-policy"], path).toContain("default-src 'self'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
  }
});

test("the build's hashed files are kept for a year; the stylesheet is not asked for again", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const stylesheet = html.match(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/)?.[1];
  expect(stylesheet).toBeTruthy();
  const first = await request.get(stylesheet!);
  expect(first.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // A copy kept under the old policy is checked once more; the 304 makes it immutable too.
  const check = await request.get(stylesheet!, { headers: { "If-None-Match": first.headers().etag } });
  expect(check.status()).toBe(304);
  expect(check.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/favicon.svg")).headers()["cache-control"]).not.toContain("immutable");
});

// app/lib/opener-policy.ts: a page people read shares a process; one where they type a secret does not.
test("pages where visitors type a password or a message keep their own browser process; pages they read do not", async ({ request }) => {
  for (const path of ["/favicon.svg", "/", "/contact", "/join", "/login", "/signup", "/forgot-password", "/account", "/admin/login"]) {
    expect((await request.get(path, { maxRedirects: 0 })).headers()["cross-origin-opener-policy"], path).toBe("same-origin");
  }
  for (const path of ["/about", "/news", "/events", "/resources", "/groups", "/voting", "/no-such-page"]) {
    expect((await request.get(path)).headers()["cross-origin-opener-policy"], path).toBe("unsafe-none");
  }
});

test("a cross-origin POST is refused with 403 before the app runs; a same-origin one is not", async ({ request, baseURL }) => {
  const foreign = await request.post("/newsletter", {
    headers: { Origin: "https://evil.example" },
    form: { email: "a@example.org" },
  });
  expect(foreign.status()).toBe(403);

  const nothing = await request.post("/newsletter", {
    headers: { Origin: "", Referer: "" },
    form: { email: "a@example.org" },
  });
  expect(nothing.status()).toBe(403);

  const own = await request.post("/newsletter", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { email: "a@example.org" },
  });
  expect(own.status()).not.toBe(403);
});

test("JS: no console errors and no CSP violations while browsing", async ({ page }, testInfo) => {
  test.skip(!javaScript(testInfo), "console and CSP events come from scripts");
  const problems: string[] = [];
  // A failed resource is judged by its response, which names its URL (the console's copy of it
  // does not always). The seeded pictures are the site's demo pictures: /images serves them too.
  page.on("response", (response) => {
    if (response.status() >= 400) {
      problems.push(`response: ${response.status()} ${response.url()}`);
    }
  });
  page.on("console", (message) => {
    if (message.type() !== "error" || message.text().startsWith("Failed to load resource")) return;
    problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.locator('header nav a[href="/about"]').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.about.title);
  await page.locator('footer a[href="/principles"]').click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.principles.title);
  await page.goto("/congress?lng=ar");
  await page.waitForLoadState("networkidle");
  await page.goto("/?lng=en");
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

for (const path of ["/", "/about"]) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page, browser }, testInfo) => {
    let target = page;
    if (!javaScript(testInfo)) {
      // axe runs as a script: check the server HTML in a context where the page's own scripts are blocked.
      const context = await browser.newContext({ javaScriptEnabled: true, baseURL: testInfo.project.use.baseURL });
      await context.route(/\.js(\?|$)/, (route) => route.abort());
      target = await context.newPage();
      await target.addInitScript(() => {
        // No hydration: inline scripts (Remix's context) must not start the app either.
        Object.defineProperty(window, "__remixContext", { set() {}, get() { return undefined; } });
      });
    }
    await target.goto(path);
    const results = await new AxeBuilder({ page: target }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
    if (target !== page) await target.context().close();
  });
}

/**
 * What a contrast theme (Windows' forced colours) leaves of the open page's drawn shapes: each visible
 * control or floating panel that stands out by its fill or shadow alone, and has no edge once the
 * theme paints every background in one colour and drops shadows. An edge is a border on every side,
 * its own or, for a group of like controls (the map's zoom buttons), the group's.
 */
async function shapesLostInForcedColours(page: Page): Promise<string[]> {
  const shapes = "button, summary, a, input[type=submit], dialog, [popover]";
  const drawn = await page.evaluate((selector) => [...document.querySelectorAll(selector)].map((element) => {
    const style = getComputedStyle(element);
    const filled = !/^rgba\(\d+, \d+, \d+, 0\)$|^transparent$/.test(style.backgroundColor);
    return element.checkVisibility() && (filled || style.boxShadow !== "none");
  }), shapes);
  await page.emulateMedia({ forcedColors: "active" });
  const lost = await page.evaluate(({ selector, drawn }) => {
    const edged = (element: Element | null) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      return ["top", "right", "bottom", "left"].every((side) =>
        style.getPropertyValue(`border-${side}-style`) !== "none" && parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0);
    };
    return [...document.querySelectorAll(selector)]
      // A group of like controls may share one edge; a card's edge is not its button's.
      .filter((element, index) => {
        const group = element.parentElement;
        const sharedEdge = group !== null && [...group.children].every((child) => child.tagName === element.tagName) && edged(group);
        return drawn[index] && !edged(element) && !sharedEdge;
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`);
  }, { selector: shapes, drawn });
  await page.emulateMedia({ forcedColors: "none" });
  return lost;
}

test("in a contrast theme (forced colours), filled buttons and floating panels keep their edges, the current filter stands out and the scrolled header stays opaque", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const found: string[] = [];
  for (const path of ["/", "/login", "/voting", "/groups", "/resources/starting-a-mutual-aid-group"]) {
    await page.goto(path);
    // The map's zoom buttons show once its script runs.
    if (path === "/groups" && javaScript(test.info())) await expect(page.locator("[data-zoom-buttons]")).toBeVisible();
    found.push(...(await shapesLostInForcedColours(page)).map((shape) => `${path}: ${shape}`));
  }
  await page.locator('button[popovertarget="language-list"]').click();
  await expect(page.locator("#language-list")).toBeVisible();
  found.push(...(await shapesLostInForcedColours(page)).map((shape) => `the language list: ${shape}`));
  expect(found).toEqual([]);

  // The current filter is marked by its fill, which the theme would otherwise paint like the page's.
  await page.goto("/voting");
  await page.emulateMedia({ forcedColors: "active" });
  const [current, other] = await page.getByRole("navigation", { name: voting.list.filterLabel }).getByRole("link").evaluateAll((links) =>
    [links.find((link) => link.getAttribute("aria-current") === "page"), links.find((link) => !link.hasAttribute("aria-current"))]
      .map((link) => getComputedStyle(link!).backgroundColor));
  expect(current).not.toBe(other);

  // The fixed header hides what scrolls under it: its fill must stay opaque in the theme.
  await page.goto("/privacy");
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect.poll(() => page.locator(".site-header").evaluate((header) => getComputedStyle(header).backgroundColor)).toMatch(/^rgb\(/);
});

test("on paper, a page prints black on white, its title at the top, without the header, the footer's links and form, Share, Add to calendar or Download", async ({ page }) => {
  const found: string[] = [];
  const event = "/events/rencontre-regionale-autogestion-et-luttes-locales";
  for (const path of ["/", "/about", event, "/news/call-for-congress-proposals-is-open", "/resources/starting-a-mutual-aid-group"]) {
    await page.goto(path);
    await page.emulateMedia({ media: "print" });
    for (const chrome of ["header.site-header", "footer nav", "#newsletter", "[data-share]", 'a[href$=".ics"]', 'form[action^="/resources/"]']) {
      if (await page.locator(chrome).first().isVisible()) found.push(`${path}: ${chrome} is printed`);
    }
    // Backgrounds are not printed: any text lighter than 4.5:1 against the paper would fade or vanish.
    const faint = await page.evaluate(() => {
      const luminance = (colour: string) => {
        const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
          const channel = Number(value) / 255;
          return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const out = new Set<string>();
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const element = node.parentElement!;
        if (!node.textContent?.trim() || !element.checkVisibility()) continue;
        if (1.05 / (luminance(getComputedStyle(element).color) + 0.05) < 4.5) out.add(node.textContent.trim().slice(0, 30));
      }
      return [...out];
    });
    found.push(...faint.map((text) => `${path}: "${text}" is too light for paper`));
    const titleTop = await page.locator("h1").evaluate((title) => title.getBoundingClientRect().top + window.scrollY);
    if (titleTop > 100) found.push(`${path}: the title starts ${Math.round(titleTop)} px down`);
    await page.emulateMedia({ media: null });
  }
  expect(found).toEqual([]);

  // A link in an article prints where it leads.
  await page.goto("/news/call-for-congress-proposals-is-open");
  await page.emulateMedia({ media: "print" });
  const link = page.locator('.prose a[href="https://inag.example/voting"]').first();
  expect(await link.evaluate((element) => getComputedStyle(element, "::after").content)).toBe('" (https://inag.example/voting)"');
  // So does an event's Register link, the one way to register from a printed page.
  await page.goto(event);
  const register = page.locator('a[href="https://rencontre-lyon.example/inscription"]');
  expect(await register.evaluate((element) => getComputedStyle(element, "::after").content)).toBe('" (https://rencontre-lyon.example/inscription)"');
});

async function screenshot(page: Page, name: string, testInfo: import("@playwright/test").TestInfo) {
  mkdirSync("test-results/screenshots", { recursive: true });
  const path = `test-results/screenshots/${testInfo.project.name}-${name}.png`;
  // Sections that skip their rendering until they near the viewport (content-visibility, decision 049)
  // would be blank in a full-page capture: rendered for it, through the CSSOM (the CSP refuses a <style>).
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("main > section")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
  });
  const body = await page.screenshot({ fullPage: true, path });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

for (const language of ["en", "ar"]) {
  for (const width of [360, 1280]) {
    test(`screenshot of / in ${language} at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      await page.goto(`/?lng=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // Nothing may stick out sideways at any width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `home-${language}-${width}`, testInfo);
    });
  }
}
