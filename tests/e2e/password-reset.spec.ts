import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import account from "../../locales/en/account.json" with { type: "json" };
import { mailedLink } from "./local-backend";
import { PASSWORD, approvedMember, enrolFactor, enterCode, field, ownClientAddress, signOut, unique } from "./members";

/**
 * A member who forgot their password gets back in through the mail, with JavaScript on and off:
 * the link arrives in the local mail catcher (read through maildev's API), a GET only shows the
 * form, the link sets a new password once, and the old one stops working. An unknown address gets
 * the same answer and no mail.
 */

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

const NEW_PASSWORD = "a-new-and-long-password";

async function requestReset(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: account.login.forgot }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await field(page, account.fields.email).fill(email);
  await page.getByRole("button", { name: account.forgot.submit }).click();
  await expect(page.getByText(account.forgot.sent)).toBeVisible();
}

/** The path and query of the reset link in the newest mail to `email`. */
const resetLink = (email: string) => mailedLink(email, "/reset-password");

test("a forgotten password is reset through the mailed link, once; the old password stops working", async ({ page }) => {
  const { email } = await approvedMember("reset");
  await requestReset(page, email);
  await expect.poll(() => resetLink(email)).toMatch(/^\/reset-password\?token_hash=[0-9a-f]+&type=recovery$/);
  const link = (await resetLink(email))!;

  // A mail scanner following the link uses nothing up.
  expect((await page.request.get(link)).status()).toBe(200);
  await page.goto(link);
  await field(page, account.fields.newPassword).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: account.reset.submit }).click();
  await expect(page).toHaveURL(/\/account\?password=reset$/);
  await expect(page.getByText(account.account.passwordReset)).toBeVisible();

  await page.goto(link);
  await field(page, account.fields.newPassword).fill("yet-another-long-password");
  await page.getByRole("button", { name: account.reset.submit }).click();
  await expect(page.getByText(account.errors.resetLinkExpired)).toBeVisible();

  await page.goto("/account");
  await signOut(page);
  await page.goto("/login");
  await field(page, account.fields.email).fill(email);
  await field(page, account.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: account.login.submit }).click();
  await expect(page.getByText(account.errors.invalidCredentials)).toBeVisible();
  await field(page, account.fields.password).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: account.login.submit }).click();
  await expect(page).toHaveURL(/\/voting$/);
});

test("on the reset page a common password, then the member's own address, are refused; a good one then works", async ({ page }) => {
  const { email } = await approvedMember("resetrules");
  await requestReset(page, email);
  await expect.poll(() => resetLink(email)).not.toBeNull();
  await page.goto((await resetLink(email))!);
  for (const [password, message] of [
    ["password123", account.errors.weakPassword.common],
    [email, account.errors.weakPassword.personal],
  ] as const) {
    await field(page, account.fields.newPassword).fill(password);
    await page.getByRole("button", { name: account.reset.submit }).click();
    await expect(page.getByText(message)).toBeVisible();
  }
  await field(page, account.fields.newPassword).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: account.reset.submit }).click();
  await expect(page).toHaveURL(/\/account\?password=reset$/);
});

test("an unknown address gets the same answer and no mail; a bad address is a 400 with the value kept", async ({ page }) => {
  const unknown = `nobody-${unique()}@example.org`;
  await requestReset(page, unknown);
  expect(await resetLink(unknown)).toBeNull();

  await page.goto("/forgot-password");
  await field(page, account.fields.email).fill("not-an-address");
  await page.getByRole("button", { name: account.forgot.submit }).click();
  await expect(page.getByText(account.errors.emailInvalid)).toBeVisible();
  await expect(field(page, account.fields.email)).toHaveValue("not-an-address");
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/forgot-password", { form: { email: "not-an-address" }, headers: { Origin: origin } });
  expect(response.status()).toBe(400);
});

test("a reset link without its token is refused with 400 and points to a new one", async ({ page }) => {
  const response = await page.goto("/reset-password");
  expect(response?.status()).toBe(400);
  await expect(page.getByText(account.errors.resetLinkInvalid)).toBeVisible();
  await page.getByRole("link", { name: account.reset.requestNew }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a reset does not skip two-factor sign-in: the code is still asked for", async ({ page }) => {
  const { email } = await approvedMember("resetcode");
  const secret = await enrolFactor(email, PASSWORD);
  await requestReset(page, email);
  await expect.poll(() => resetLink(email)).not.toBeNull();
  await page.goto((await resetLink(email))!);
  await field(page, account.fields.newPassword).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: account.reset.submit }).click();
  await enterCode(page, secret);
  await expect(page).toHaveURL(/\/account\?password=reset$/);
});
