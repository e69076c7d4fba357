import { expect, test } from "./fixtures";
import account from "../../locales/en/account.json" with { type: "json" };
import { field, ownClientAddress, unique } from "./members";

/**
 * Guessable passwords are refused on sign-up with a translated reason, the other values kept, and
 * status 400, with JavaScript on and off: too short (`123456`), common (`password123`), the email
 * address itself.
 */

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

for (const [label, password, message] of [
  ["too short", "123456", account.errors.weakPassword.length],
  ["common", "password123", account.errors.weakPassword.common],
  ["the email address", "", account.errors.weakPassword.personal],
] as const) {
  test(`sign-up refuses a password that is ${label}`, async ({ page }) => {
    const email = `e2e-guessable-${unique()}@example.org`;
    const name = `guess-${unique()}`;
    await page.goto("/signup");
    await field(page, account.fields.email).fill(email);
    await field(page, account.fields.publicName).fill(name);
    await field(page, account.fields.password).fill(password || email);
    await page.getByRole("button", { name: account.signup.submit }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(field(page, account.fields.email)).toHaveValue(email);
    await expect(field(page, account.fields.publicName)).toHaveValue(name);

    const origin = new URL(page.url()).origin;
    const response = await page.request.post("/signup", { form: { email, publicName: name, password: password || email }, headers: { Origin: origin } });
    expect(response.status()).toBe(400);
  });
}
