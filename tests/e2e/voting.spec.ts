import type { Page } from "@playwright/test";
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
const OPEN = [PUBLISHED, "Rotate regional contact roles every six months", "Adopt a code of conduct for online assemblies"];
const CLOSED = [
  "Publish all network documents under a free licence",
  "Require a membership fee from affiliated groups",
  "Merge the European and Middle East regional assemblies",
];

/**
 * Opens the page of the list at `firstPage` that shows the proposal titled `title`, following the
 * pages' Next links, and returns its heading. Other tests add proposals while this one runs, newest
 * first, and they push the seed's to later pages.
 */
async function pageShowing(page: Page, firstPage: string, title: string) {
  let next: string | null = firstPage;
  for (let visited = 0; next && visited < 30; visited++) {
    await page.goto(next);
    const heading = page.getByRole("heading", { level: 2, name: title });
    if ((await heading.count()) > 0) return heading;
    next = await page.locator('a[rel="next"]').first().getAttribute("href", { timeout: 1_000 }).catch(() => null);
  }
  throw new Error(`"${title}" is on no page of ${firstPage}`);
}

test("/voting lists the published proposals and no draft", async ({ page }) => {
  const response = await page.goto("/voting");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(voting.meta.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(voting.list.title);
  await expect(page.getByText(DRAFT)).toHaveCount(0);
  // No buttons to vote or comment: those need a member's sign-in.
  await expect(page.locator("main").getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("link", { name: voting.list.getStarted })).toHaveAttribute("href", "/join");

  await page.goto("/voting?status=open");
  await expect(page.getByText(DRAFT)).toHaveCount(0);
  for (const title of OPEN.filter((title) => title !== PUBLISHED)) await expect(await pageShowing(page, "/voting?status=open", title)).toBeVisible();
  await expect(await pageShowing(page, "/voting?status=open", PUBLISHED)).toBeVisible();
  const card = page.locator("main article", { has: page.getByRole("heading", { name: PUBLISHED }) });
  await expect(card).toContainText(voting.status.voting);
  // Voting is open: only the number of votes, never support and oppose (secret ballots).
  await expect(card).toContainText("4 votes cast");
  await expect(card).not.toContainText("Support:");
  await expect(card).toContainText("Comments: 3");

  for (const title of CLOSED.slice(1)) await expect(await pageShowing(page, "/voting?status=closed", title)).toBeVisible();
  await expect(await pageShowing(page, "/voting?status=closed", CLOSED[0])).toBeVisible();
  const passed = page.locator("main article", { has: page.getByRole("heading", { name: CLOSED[0] }) });
  await expect(passed).toContainText(voting.status.passed);
  await expect(passed).toContainText("Support: 4");
});

test("/congress's 'submit proposals' link leads to /voting", async ({ page }) => {
  await page.goto("/congress");
  await page.getByRole("link", { name: pages.congress.participate.proposals.link, exact: true }).click();
  await expect(page).toHaveURL(/\/voting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(voting.list.title);
});

test("a visitor is asked to sign in on an open proposal, and not on a closed one, where nobody can vote or comment", async ({ page }) => {
  await page.goto("/voting/50000000-0000-4000-8000-000000000003");
  await expect(page.getByRole("link", { name: voting.detail.signInToTakePart })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fvoting%2F50000000-0000-4000-8000-000000000003",
  );
  await page.goto("/voting/50000000-0000-4000-8000-000000000005");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(voting.status.passed).first()).toBeVisible();
  await expect(page.getByRole("link", { name: voting.detail.signInToTakePart })).toHaveCount(0);
});
