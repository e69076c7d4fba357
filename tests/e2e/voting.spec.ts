import { expect, test } from "./fixtures";
import pages from "../../locales/en/pages.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };

/**
 * /voting as a visitor sees it, with JavaScript ('js') and without ('nojs'):
 * the published proposals and never a draft, and the way there from /congress.
 * Seed data: supabase/seed.sql.
 */

test.use({ locale: "en-US" });

const PUBLISHED = "Hold the congress in a hybrid format";
const DRAFT = "Create a shared translation fund";

test("/voting lists the published proposals and no draft", async ({ page }) => {
  const response = await page.goto("/voting");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(voting.meta.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(voting.list.title);

  await expect(page.getByRole("heading", { level: 2, name: PUBLISHED })).toBeVisible();
  await expect(page.getByText(DRAFT)).toHaveCount(0);
  await expect(page.locator("main article")).toHaveCount(6);

  const card = page.locator("main article", { has: page.getByRole("heading", { name: PUBLISHED }) });
  await expect(card).toContainText(voting.status.voting);
  // Voting is open: only the number of votes, never support and oppose (secret ballots).
  await expect(card).toContainText("4 votes cast");
  await expect(card).not.toContainText("Support:");
  await expect(card).toContainText("Comments: 3");

  // No buttons to vote or comment: those need a member's sign-in.
  await expect(page.locator("main").getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("link", { name: voting.list.getStarted })).toHaveAttribute("href", "/join");
});

test("/congress's 'submit proposals' link leads to /voting", async ({ page }) => {
  await page.goto("/congress");
  await page.getByRole("link", { name: pages.congress.participate.proposals.link, exact: true }).click();
  await expect(page).toHaveURL(/\/voting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(voting.list.title);
});
