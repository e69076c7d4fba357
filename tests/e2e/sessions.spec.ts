import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import account from "../../locales/en/account.json" with { type: "json" };
import { PASSWORD, approvedMember, field, ownClientAddress, signIn } from "./members";
import { expectOnePostWhileBusy } from "./submitting";

/**
 * Sessions a member controls, with JavaScript on and off: "sign out of all devices" on /account signs
 * out another browser at its next request, and so does a new password.
 */

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

/** A second browser (its own cookies), signed in as the same member. */
async function secondBrowser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled, locale: "en-US" });
  await ownClientAddress(context);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function expectSignedOut(page: Page) {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
}

test("signing out of all devices signs out another browser too", async ({ browser, page }) => {
  const { email } = await approvedMember("everywhere");
  await signIn(page, email);
  const other = await secondBrowser(browser, email);

  await page.goto("/account");
  await page.getByRole("button", { name: account.account.sessions.submit }).click();
  await expect(page).toHaveURL(/\/login\?signedOut=everywhere$/);
  await expect(page.getByText(account.login.signedOutEverywhere)).toBeVisible();
  await expectSignedOut(other);
  await expectSignedOut(page);
  await other.context().close();
});

test("a new password signs out the member's other browsers, not this one", async ({ browser, page }) => {
  const { email } = await approvedMember("newpassword");
  await signIn(page, email);
  const other = await secondBrowser(browser, email);

  await page.goto("/account");
  await field(page, account.fields.currentPassword).fill(PASSWORD);
  await field(page, account.fields.newPassword).fill("another-long-password");
  await page.getByRole("button", { name: account.account.password.submit }).click();
  await expect(page.getByText(account.account.password.done)).toBeVisible();
  await expectSignedOut(other);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account$/);
  await other.context().close();
});

test("each /account button says what it is doing while its form posts, and refuses a second press", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the submitting state is the page's small script");
  const { email } = await approvedMember("busylabels");
  await signIn(page, email);
  for (const [label, busyLabel, before] of [
    [account.account.sessions.submit, account.account.sessions.submitting, async () => {}],
    [account.account.delete.submit, account.account.delete.submitting, () => field(page, account.fields.password).fill(PASSWORD)],
  ] as const) {
    await page.goto("/account");
    await before();
    // Nothing is posted: the account must still exist, and be signed in, for the next button.
    await expectOnePostWhileBusy(page, page.getByRole("button", { name: label }), page.getByRole("button", { name: busyLabel }));
  }
});
