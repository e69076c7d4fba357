import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import common from "../../locales/en/common.json" with { type: "json" };
import contact from "../../locales/en/contact.json" with { type: "json" };
import newsletterPages from "../../locales/en/newsletter.json" with { type: "json" };
import arabicNewsletterPages from "../../locales/ar/newsletter.json" with { type: "json" };
import { SERVICE_ROLE_KEY, SUPABASE_URL, mailedLink } from "./local-backend";
import { expectOnePostWhileBusy } from "./submitting";

/**
 * The contact and join forms and the footer's newsletter form, as a visitor
 * uses them, with JavaScript and without. No page with these forms runs React
 * (docs/decisions/040), so both projects post plain HTML forms answered by the
 * server; with JavaScript the page's small script (form-submitting.js) shows
 * the submitting state.
 * Stored rows are checked through the backend's REST API with the local
 * service-role key, since visitors cannot read them; mail through the local
 * mail catcher's API.
 */

test.use({ locale: "en-US" });

const form = contact.form;

/**
 * Rate-limit buckets are per client address, and under `wrangler dev` every
 * request comes from 127.0.0.1. A client-sent cf-connecting-ip header passes
 * through unchanged locally, so each test gets an address of its own and no
 * test spends another's budget. This works ONLY locally: in production
 * Cloudflare overwrites cf-connecting-ip with the real address.
 */
test.beforeEach(async ({ context }) => {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `10.${bytes[0]}.${bytes[1]}.${bytes[2]}` });
});

function uniqueEmail(label: string): string {
  return `e2e-${label}-${crypto.randomUUID().slice(0, 8)}@example.org`;
}

async function storedRows(table: "contacts" | "newsletter_subscriptions", email: string) {
  const select = table === "contacts" ? "name,email,region,message,source,status" : "email,confirmed_at";
  const response = await fetch(
    `${SUPABASE_URL}/rest/v1/${table}?select=${select}&email=ilike.${encodeURIComponent(email)}`,
    { headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Array<Record<string, string | null>>;
}

function contactForm(page: Page) {
  const root = page.locator("form#contact-form");
  return {
    root,
    name: root.getByLabel(form.name),
    email: root.getByLabel(form.email),
    region: root.getByLabel(form.region),
    message: root.getByLabel(form.message),
    security: root.getByRole("checkbox", { name: form.security }),
    honeypot: root.locator('input[name="website"]'),
    submit: root.getByRole("button", { name: form.submit, exact: true }),
  };
}

type Values = { name: string; email: string; message: string; region?: string; security?: boolean };

async function fill(page: Page, values: Values) {
  const f = contactForm(page);
  await f.name.fill(values.name);
  await f.email.fill(values.email);
  if (values.region !== undefined) await f.region.selectOption(values.region);
  await f.message.fill(values.message);
  if (values.security) await f.security.check();
}

/**
 * Without JavaScript the browser's own constraint validation (required,
 * type=email) would stop these posts before the server sees them; the
 * server's answer is what is under test, so switch it off.
 */
async function skipBrowserValidation(page: Page) {
  await contactForm(page).root.evaluate((element) => {
    (element as HTMLFormElement).noValidate = true;
  });
}

/** Submits and returns the status of the server's answer (a full page). */
async function submit(page: Page): Promise<number> {
  const [response] = await Promise.all([page.waitForNavigation(), contactForm(page).submit.click()]);
  return response?.status() ?? 0;
}

test.describe("/contact", () => {
  test("missing fields: an error next to each field, values kept", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    await fill(page, { name: "", email: "someone@", message: "", region: "asia", security: true });
    await skipBrowserValidation(page);
    expect(await submit(page)).toBe(400);

    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toHaveAccessibleDescription(form.errors.nameRequired);
    await expect(f.email).toHaveAccessibleDescription(form.errors.emailInvalid);
    await expect(f.message).toHaveAccessibleDescription(form.errors.messageRequired);
    await expect(f.region).not.toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toHaveValue("someone@");
    await expect(f.region).toHaveValue("asia");
    await expect(f.security).toBeChecked();
    await expect(page.getByText(form.success)).toHaveCount(0);
  });

  test("unticked security box: the security message, values kept, nothing stored", async ({ page }) => {
    const email = uniqueEmail("unticked");
    await page.goto("/contact");
    const f = contactForm(page);
    await fill(page, { name: "Ada", email, message: "Hello" });
    await skipBrowserValidation(page);
    expect(await submit(page)).toBe(400);

    await expect(page.getByText(form.securityRequired)).toBeVisible();
    await expect(f.security).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toHaveValue("Ada");
    await expect(f.email).toHaveValue(email);
    await expect(f.message).toHaveValue("Hello");
    expect(await storedRows("contacts", email)).toEqual([]);

    // Ticking the box after the error and sending again works (no layout shift steals the click).
    await f.message.fill("Hello again");
    await f.security.check();
    expect(await submit(page)).toBe(200);
    await expect(page.getByText(form.success)).toBeVisible();
    await expect(page.getByText(form.securityRequired)).toHaveCount(0);
    expect(await storedRows("contacts", email)).toMatchObject([{ message: "Hello again" }]);
  });

  test("success: the thank-you message and an emptied form, the message stored", async ({ page }) => {
    const email = uniqueEmail("contact");
    await page.goto("/contact");
    const f = contactForm(page);
    await fill(page, { name: "Ada Lovelace", email, message: "We would like to affiliate.", security: true });
    expect(await submit(page)).toBe(200);

    await expect(page.getByRole("status").getByText(form.success)).toBeVisible();
    await expect(f.name).toHaveValue("");
    await expect(f.email).toHaveValue("");
    await expect(f.message).toHaveValue("");
    await expect(f.region).toHaveValue("");
    // The empty choice is shown, not a blank box (selectedIndex -1 also has the value "").
    await expect(f.region.locator("option:checked")).toHaveText(form.regionNone);
    await expect(f.security).not.toBeChecked();
    await expect(page.getByRole("alert")).not.toContainText(form.failed);
    expect(await storedRows("contacts", email)).toEqual([
      { name: "Ada Lovelace", email, region: null, message: "We would like to affiliate.", source: "contact", status: "new" },
    ]);
  });

  test("honeypot filled: answered like a success, nothing stored", async ({ page }) => {
    const email = uniqueEmail("bot");
    await page.goto("/contact");
    const f = contactForm(page);
    await expect(f.honeypot).toHaveAttribute("tabindex", "-1");
    await expect(f.honeypot).toHaveAttribute("autocomplete", "off");
    await fill(page, { name: "Bot", email, message: "Buy now", security: true });
    // A person cannot reach the field; a bot fills whatever is in the HTML.
    await f.honeypot.fill("http://spam.example", { force: true });
    expect(await submit(page)).toBe(200);

    await expect(page.getByText(form.success)).toBeVisible();
    await expect(f.email).toHaveValue("");
    expect(await storedRows("contacts", email)).toEqual([]);
  });

  test("the 4th message within a minute from one address: 429, the values kept", async ({ page }) => {
    test.setTimeout(60_000);
    // The limiter's 60-second window is aligned to the clock: start early in a window so all four land in it.
    const second = new Date().getSeconds();
    if (second > 45) await page.waitForTimeout((61 - second) * 1000);

    const emails = [1, 2, 3, 4].map((n) => uniqueEmail(`burst${n}`));
    await page.goto("/contact");
    const f = contactForm(page);
    for (const email of emails.slice(0, 3)) {
      await fill(page, { name: "Ada", email, message: "One of several.", security: true });
      expect(await submit(page)).toBe(200);
      await expect(page.getByText(form.success)).toBeVisible();
      // Typing into the form before it has been emptied would lose the typing to the reset.
      await expect(f.email).toHaveValue("");
    }
    await fill(page, { name: "Ada", email: emails[3], message: "The one too many.", region: "oceania", security: true });
    expect(await submit(page)).toBe(429);

    await expect(page.getByRole("alert").getByText(form.rateLimited)).toBeVisible();
    await expect(page.getByText(form.success)).toHaveCount(0);
    await expect(f.name).toHaveValue("Ada");
    await expect(f.email).toHaveValue(emails[3]);
    await expect(f.message).toHaveValue("The one too many.");
    await expect(f.region).toHaveValue("oceania");
    await expect(f.security).toBeChecked();
    for (const email of emails.slice(0, 3)) expect(await storedRows("contacts", email)).toHaveLength(1);
    expect(await storedRows("contacts", emails[3])).toEqual([]);
  });

  test("the button says Sending... and refuses a second press while the message is on its way", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the submitting state is the page's small script");
    await page.goto("/contact");
    await fill(page, { name: "Ada", email: uniqueEmail("slow"), message: "Patience.", security: true });
    await expectOnePostWhileBusy(page, contactForm(page).submit, contactForm(page).root.getByRole("button", { name: form.submitting }));
  });
});

test("/join stores the message with source 'join'", async ({ page }) => {
  const email = uniqueEmail("join");
  const response = await page.goto("/join");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.joinPage.title);
  await expect(page).toHaveTitle(contact.joinPage.meta.title);
  await fill(page, { name: "Colectivo", email, message: "Our group would like to join.", region: "southAmerica", security: true });
  expect(await submit(page)).toBe(200);
  await expect(page.getByText(form.success)).toBeVisible();
  expect(await storedRows("contacts", email)).toMatchObject([{ source: "join", region: "southAmerica" }]);
});

test("/contact shows its title, the security guide link and the regional addresses", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.contactPage.title);
  await expect(page).toHaveTitle(contact.contactPage.meta.title);
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "security guide" })).toHaveAttribute("href", "/security");
  const addresses = main.locator("aside").locator('a[href^="mailto:"]');
  await expect(addresses).toHaveCount(5);
  await expect(main.locator("aside")).toContainText(common.footer.regions.africaMideast);
});

test.describe("footer newsletter", () => {
  function newsletter(page: Page) {
    const root = page.locator("form#newsletter");
    return {
      email: root.getByLabel(common.footer.newsletter.emailLabel),
      submit: root.getByRole("button", { name: common.footer.newsletter.submit }),
    };
  }

  test("subscribing from a page: answered there, stored once, one confirmation mail", async ({ page }) => {
    const email = uniqueEmail("news");
    await page.goto("/about");
    const n = newsletter(page);
    await n.email.fill(email);
    await n.submit.click();

    await expect(page.getByRole("status").getByText(contact.newsletter.subscribed)).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/about");
    expect(url.searchParams.get("newsletter")).toBe("subscribed");
    expect(url.hash).toBe("#newsletter");
    // Again with the same address: the same answer, still one row.
    await n.email.fill(email);
    await n.submit.click();
    await expect(page.getByRole("status").getByText(contact.newsletter.subscribed)).toBeVisible();
    expect(await storedRows("newsletter_subscriptions", email)).toEqual([{ email, confirmed_at: null }]);
    await expect.poll(() => mailedLink(email, "/newsletter/confirm")).toMatch(/^\/newsletter\/confirm\?token=[0-9a-f]{48}&lng=en$/);
  });

  test("the mailed link confirms (its GET alone does not); the page's unsubscribe link removes the address", async ({ page }) => {
    const email = uniqueEmail("optin");
    await page.goto("/contact");
    const n = newsletter(page);
    await n.email.fill(email);
    await n.submit.click();
    await expect(page.getByRole("status").getByText(contact.newsletter.subscribed)).toBeVisible();
    await expect.poll(() => mailedLink(email, "/newsletter/confirm")).not.toBeNull();
    const link = (await mailedLink(email, "/newsletter/confirm"))!;

    // A mail scanner following the link confirms nothing.
    expect((await page.request.get(link)).status()).toBe(200);
    expect(await storedRows("newsletter_subscriptions", email)).toEqual([{ email, confirmed_at: null }]);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: newsletterPages.confirm.title })).toBeVisible();
    await page.getByRole("button", { name: newsletterPages.confirm.submit }).click();
    await expect(page.getByRole("status").getByText(newsletterPages.confirm.done)).toBeVisible();
    const [confirmed] = await storedRows("newsletter_subscriptions", email);
    expect(confirmed.confirmed_at).not.toBeNull();

    await page.getByRole("link", { name: newsletterPages.confirm.unsubscribe }).click();
    await expect(page.getByRole("heading", { level: 1, name: newsletterPages.unsubscribe.title })).toBeVisible();
    await page.getByRole("button", { name: newsletterPages.unsubscribe.submit }).click();
    await expect(page.getByRole("status").getByText(newsletterPages.unsubscribe.done)).toBeVisible();
    expect(await storedRows("newsletter_subscriptions", email)).toEqual([]);

    // The same link again: nothing left to remove, said with a 404.
    const again = await page.goto(link);
    expect(again?.status()).toBe(200);
    await page.getByRole("button", { name: newsletterPages.confirm.submit }).click();
    await expect(page.getByRole("alert").getByText(newsletterPages.errors.expired)).toBeVisible();
  });

  test("axe finds no serious violation on the mailed links' pages, in English and in Arabic", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs inside the page");
    test.setTimeout(60_000); // six pages, each checked by axe
    for (const language of ["en", "ar"]) {
      for (const path of [`/newsletter/confirm?token=${"a".repeat(48)}`, `/newsletter/unsubscribe?token=${"b".repeat(48)}`, "/newsletter/confirm?token=broken"]) {
        await page.goto(`${path}&lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${path} ${v.id}`)).toEqual([]);
      }
    }
  });

  test("a broken link says so, in the page's language, with 404", async ({ page }) => {
    const response = await page.goto("/newsletter/unsubscribe?token=123&lng=ar");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("alert").getByText(arabicNewsletterPages.errors.expired)).toBeVisible();
    await expect(page.getByRole("button", { name: arabicNewsletterPages.unsubscribe.submit })).toHaveCount(0);
  });

  test("an address the server refuses: 400, the error and the address kept, then subscribed from there and back", async ({ page }) => {
    // Passes the browser's type=email check, fails the schema (no dot in the domain). /principles runs
    // no React, so the form posts as HTML with JavaScript on too, and /newsletter answers.
    await page.goto("/principles");
    const n = newsletter(page);
    await n.email.fill("someone@localhost");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await n.submit.click();
    expect((await answer).status()).toBe(400);

    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("heading", { level: 1, name: newsletterPages.subscribe.title })).toBeVisible();
    await expect(page.getByRole("alert").getByText(contact.newsletter.invalid)).toBeVisible();
    await expect(n.email).toHaveValue("someone@localhost");
    await expect(n.email).toHaveAttribute("aria-invalid", "true");
    // One form on the page: the footer leaves its own out here.
    await expect(page.getByLabel(common.footer.newsletter.emailLabel)).toHaveCount(1);
    await expect(page.getByRole("link", { name: newsletterPages.subscribe.back })).toHaveAttribute("href", "/principles");
    expect(await storedRows("newsletter_subscriptions", "someone@localhost")).toEqual([]);

    // Corrected there, the subscription goes back to the page the visitor came from.
    const email = uniqueEmail("corrected");
    await n.email.fill(email);
    await n.submit.click();
    await expect(page.getByRole("status").getByText(contact.newsletter.subscribed)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/principles");
    expect(await storedRows("newsletter_subscriptions", email)).toEqual([{ email, confirmed_at: null }]);
  });

  test("GET /newsletter shows the form alone, not indexed", async ({ page }) => {
    await page.goto("/newsletter");
    await expect(page.getByRole("heading", { level: 1, name: newsletterPages.subscribe.title })).toBeVisible();
    await expect(page.getByLabel(common.footer.newsletter.emailLabel)).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("link", { name: newsletterPages.home })).toHaveAttribute("href", "/");
  });
});
