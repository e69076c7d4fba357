import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import account from "../../locales/en/account.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };
import { PASSWORD, approvedMember, field, ownClientAddress, signIn, unique } from "./members";
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

test("a comment sent after the session ended elsewhere is not saved: sign-in says so, and leads back to the proposal", async ({ browser, page }) => {
  const { email } = await approvedMember("ended");
  await signIn(page, email);
  const proposal = "/voting/50000000-0000-4000-8000-000000000003";
  await page.goto(proposal);
  const text = `Written while signed out elsewhere ${unique()}`;
  await field(page, voting.detail.comments.new).fill(text);

  const other = await secondBrowser(browser, email);
  await other.goto("/account");
  await other.getByRole("button", { name: account.account.sessions.submit }).click();
  await expect(other).toHaveURL(/\/login\?signedOut=everywhere$/);
  await other.context().close();

  await page.getByRole("button", { name: voting.detail.comments.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  expect(new URL(page.url()).search).toBe(`?${new URLSearchParams({ redirectTo: proposal, unsent: "1" })}`);
  await expect(page.getByText(account.login.unsent)).toBeVisible();
  await field(page, account.fields.email).fill(email);
  await field(page, account.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: account.login.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${proposal}$`));
  await expect(page.getByText(text)).toHaveCount(0);

  // Opening a page that needs a session is no form sent: no such message.
  await page.context().clearCookies();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await expect(page.getByText(account.login.unsent)).toHaveCount(0);
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
