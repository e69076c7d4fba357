import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import account from "../../locales/en/account.json" with { type: "json" };
import admin from "../../locales/en/admin.json" with { type: "json" };
import ar from "../../locales/ar/account.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };
import { totpCode, wrongTotpCode } from "../support/totp";
import { PASSWORD, approvedMember, enrolFactor, enterCode, field, freshAdmin, ownClientAddress, sendUnsavedForm, signIn } from "./members";

/**
 * Two-factor sign-in (issue 11), with JavaScript on and off: an admin without a factor is sent to
 * enrol before /admin and then reaches it; the next sign-in asks for the code; a member turns it
 * on and off from /account. Codes are computed from the secret the page shows, with the same
 * library the backend checks them with.
 */

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

async function signInWithPassword(page: Page, email: string, path = "/admin/login") {
  await page.goto(path);
  await field(page, account.fields.email).fill(email);
  await field(page, account.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: account.login.submit }).click();
}

/** On /account/two-factor: starts an enrolment and returns the key the page shows. */
async function startEnrolment(page: Page): Promise<string> {
  await page.getByRole("button", { name: account.twoFactor.start }).click();
  await expect(page.getByRole("img", { name: account.twoFactor.qrAlt })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  return secret;
}

test("an admin without a factor enrols before /admin, reaches it, and the next sign-in asks for the code", async ({ page }) => {
  const { email } = await freshAdmin({ enrolled: false });
  await page.goto("/admin/news");
  await signInWithPassword(page, email, page.url());
  await expect(page).toHaveURL(/\/account\/two-factor\?redirectTo=%2Fadmin%2Fnews$/);
  await expect(page.getByText(account.twoFactor.adminRequired)).toBeVisible();

  const secret = await startEnrolment(page);
  // A wrong code is refused beside the field; the QR code and key stay for the next try.
  await field(page, account.fields.code).fill(wrongTotpCode(secret));
  await page.getByRole("button", { name: account.twoFactor.confirm }).click();
  await expect(page.getByText(account.errors.codeWrong)).toBeVisible();
  await expect(page.getByTestId("totp-secret")).toHaveText(secret);
  await field(page, account.fields.code).fill(totpCode(secret));
  await page.getByRole("button", { name: account.twoFactor.confirm }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: admin.sections.news.title })).toBeVisible();

  await page.getByRole("navigation", { name: admin.nav.label }).getByRole("button", { name: admin.nav.signOut }).click();
  // Signing out lands on the home page; a navigation started before then would be cut short by it.
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/admin");
  await signInWithPassword(page, email, page.url());
  await expect(page).toHaveURL(/\/login\/code\?redirectTo=%2Fadmin$/);
  await field(page, account.fields.code).fill(wrongTotpCode(secret));
  await page.getByRole("button", { name: account.code.submit }).click();
  await expect(page.getByText(account.errors.codeWrong)).toBeVisible();
  // Meanwhile /admin stays closed: the password alone is aal1.
  const closed = await page.request.get("/admin/contacts", { maxRedirects: 0 });
  expect(closed.status()).toBe(302);
  expect(closed.headers().location).toMatch(/^\/login\/code\?redirectTo=/);
  await enterCode(page, secret);
  await expect(page).toHaveURL(/\/admin$/);
});

test("a form an admin without a factor sends is not saved, and the set-up page says so", async ({ page }) => {
  const { email } = await freshAdmin({ enrolled: false });
  await page.goto("/admin/news");
  await signInWithPassword(page, email, page.url());
  await expect(page).toHaveURL(/\/account\/two-factor\?redirectTo=%2Fadmin%2Fnews$/);
  await expect(page.getByText(account.twoFactor.unsent)).toHaveCount(0);
  // As from a back-office page left open while the admin's factor was removed.
  await sendUnsavedForm(page, "/account/two-factor", account.twoFactor.unsent);
  await expect(page.getByText(account.twoFactor.adminRequired)).toBeVisible();
});

test("the code screen refuses a malformed code with 400 and a wrong one with 401, keeping nothing typed", async ({ page }) => {
  const { email, totpSecret } = await freshAdmin();
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/login\/code/);
  const origin = new URL(page.url()).origin;
  const post = (code: string) => page.request.post("/login/code", { form: { code, redirectTo: "/admin" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect((await post("12ab")).status()).toBe(400);
  expect((await post(wrongTotpCode(totpSecret))).status()).toBe(401);
  const right = await post(totpCode(totpSecret));
  expect(right.status()).toBe(302);
  expect(right.headers().location).toBe("/admin");
});

test("a member turns two-factor sign-in on from /account, signs in with a code, and turns it off", async ({ page }) => {
  const { email } = await approvedMember("twofactor");
  await signIn(page, email);
  await page.goto("/account");
  await page.getByRole("link", { name: account.account.twoFactor.manage }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await expect(page.getByText(account.twoFactor.off)).toBeVisible();
  const secret = await startEnrolment(page);
  // axe runs inside the page: only where JavaScript is on.
  if (test.info().project.use.javaScriptEnabled !== false) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  }
  await field(page, account.fields.code).fill(totpCode(secret));
  await page.getByRole("button", { name: account.twoFactor.confirm }).click();
  await expect(page.getByText(account.twoFactor.enabled)).toBeVisible();

  await page.context().clearCookies();
  await signInWithPassword(page, email, "/login?redirectTo=%2Faccount");
  await enterCode(page, secret);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(account.account.twoFactor.on)).toBeVisible();

  // Turning it off takes a current code, not one press: a wrong one is refused with 401 and it stays on.
  await page.goto("/account/two-factor");
  await expect(page.getByText(account.twoFactor.removeHint)).toBeVisible();
  await field(page, account.fields.code).fill(wrongTotpCode(secret));
  const refused = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: account.twoFactor.remove }).click();
  expect((await refused).status()).toBe(401);
  await expect(page.getByText(account.errors.codeWrong)).toBeVisible();
  await expect(page).toHaveURL(/#two-factor-remove$/);
  await page.goto("/account");
  await expect(page.getByText(account.account.twoFactor.on)).toBeVisible();
  await page.goto("/account/two-factor");
  await field(page, account.fields.code).fill(totpCode(secret));
  await page.getByRole("button", { name: account.twoFactor.remove }).click();
  await expect(page.getByText(account.twoFactor.removed)).toBeVisible();
  await expect(page.getByRole("button", { name: account.twoFactor.start })).toBeVisible();
});

test("a member who has entered only the password is asked for the code on the proposals, not told to await approval", async ({ page }) => {
  const { email } = await approvedMember("codepending");
  const secret = await enrolFactor(email, PASSWORD);
  await signInWithPassword(page, email, "/login");
  await expect(page).toHaveURL(/\/login\/code\?/);
  const proposal = "/voting/50000000-0000-4000-8000-000000000003";
  for (const path of ["/voting", proposal]) {
    await page.goto(path);
    await expect(page.getByText(voting.errors.awaitingApproval)).toHaveCount(0);
    await expect(page.getByRole("link", { name: voting.errors.enterCode })).toBeVisible();
  }
  await page.getByRole("link", { name: voting.errors.enterCode }).click();
  await enterCode(page, secret);
  await expect(page).toHaveURL(new RegExp(`${proposal}$`));
  await expect(page.getByRole("heading", { name: voting.detail.vote.title })).toBeVisible();
});

test("an admin removes a member's lost factor from /admin/members; the member signs in with the password alone", async ({ browser, page }) => {
  const { email, username } = await approvedMember("lostdevice");
  await signIn(page, email);
  await page.goto("/account/two-factor");
  const secret = await startEnrolment(page);
  await field(page, account.fields.code).fill(totpCode(secret));
  await page.getByRole("button", { name: account.twoFactor.confirm }).click();
  await expect(page.getByText(account.twoFactor.enabled)).toBeVisible();

  const adminContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  await ownClientAddress(adminContext);
  const adminPage = await adminContext.newPage();
  const { email: adminEmail, totpSecret } = await freshAdmin();
  await adminPage.goto(`/admin/members?show=approved&q=${username}`);
  await signInWithPassword(adminPage, adminEmail, adminPage.url());
  await enterCode(adminPage, totpSecret);
  const row = adminPage.getByRole("row").filter({ hasText: username });
  await expect(row.getByText(admin.members.secondFactor)).toBeVisible();
  await row.getByRole("button", { name: admin.members.removeFactor }).click();
  await expect(adminPage.getByText(admin.flash.members.removeFactor)).toBeVisible();
  await adminPage.goto("/admin/activity");
  await expect(adminPage.getByText(admin.activity.tables.mfa_factors).first()).toBeVisible();
  await adminContext.close();

  // The member's session ended with the factor: signed out, they sign in with the password alone.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await signInWithPassword(page, email, page.url());
  await expect(page).toHaveURL(/\/account$/);
});

test("the code screen reads right to left in Arabic", async ({ page }) => {
  const { email } = await freshAdmin();
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/login\/code/);
  await page.goto(`${page.url()}&lng=ar`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: ar.code.title })).toBeVisible();
});

test("axe finds no serious violation on the new account-security pages, in English and in Arabic", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "axe runs inside the page");
  // Ten pages, each analysed in full: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const { email } = await approvedMember("axe");
  for (const language of ["en", "ar"]) {
    const hash = "a".repeat(56);
    for (const path of [`/forgot-password?lng=${language}`, `/reset-password?token_hash=${hash}&type=recovery&lng=${language}`, `/auth/confirm?token_hash=${hash}&type=email&lng=${language}`]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${path} ${v.id}`)).toEqual([]);
    }
  }
  await page.goto("/login?lng=en");
  await signIn(page, email);
  for (const language of ["en", "ar"]) {
    for (const path of [`/account?lng=${language}`, `/account/two-factor?lng=${language}`]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${path} ${v.id}`)).toEqual([]);
    }
  }
  const secret = await enrolFactor(email, PASSWORD);
  await page.context().clearCookies();
  await signInWithPassword(page, email, "/login?lng=en");
  await expect(page).toHaveURL(/\/login\/code\?/);
  for (const language of ["en", "ar"]) {
    await page.goto(`/login/code?redirectTo=%2Faccount&lng=${language}`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `code ${language} ${v.id}`)).toEqual([]);
  }
  await page.goto("/login/code?lng=en");
  await enterCode(page, secret);
});
