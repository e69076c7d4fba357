import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import account from "../../locales/en/account.json" with { type: "json" };
import common from "../../locales/en/common.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };
import editor from "../../locales/en/editor.json" with { type: "json" };
import newsletter from "../../locales/en/newsletter.json" with { type: "json" };
import { ANON_KEY, SUPABASE_URL } from "./local-backend";
import { PASSWORD, approvedMember, asAdmin, endVotingWindow, field, ownClientAddress, signIn, signOut, unique } from "./members";
import { DESKTOP_WIDTH, headerOverflow, headerSpareRoom } from "./header";
import { expectOnePostWhileBusy } from "./submitting";

/**
 * The member half of the site as people use it, with JavaScript ('js') and without ('nojs'):
 * sign-up waits for approval; two approved members take a proposal from draft to a decided
 * result, with comments, and nobody can tell how either voted. Accounts are made through the
 * backend's sign-up API and approved through its admin path (an admin screen comes later);
 * an admin's moves (open voting, record the result) go through the API with the admin's token.
 */

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

test("sign-up asks for a public name, never signs in, and taking part waits for approval", async ({ page, context }) => {
  const email = `e2e-signup-${unique()}@example.org`;
  const name = `newcomer-${unique()}`;
  await page.goto("/signup");
  await expect(page.getByText(account.signup.publicNameHint)).toBeVisible();
  await field(page, account.fields.email).fill(email);
  await field(page, account.fields.password).fill(PASSWORD);
  await field(page, account.fields.publicName).fill(name);
  await field(page, account.fields.reason).fill("I organise a reading group.");
  await page.getByRole("button", { name: account.signup.submit }).click();
  await expect(page.getByText(account.signup.requested.text)).toBeVisible();
  expect((await context.cookies()).filter((cookie) => cookie.name.includes("auth-token"))).toEqual([]);

  // The same answer for an address that already has an account.
  await page.goto("/signup");
  await field(page, account.fields.email).fill(email);
  await field(page, account.fields.password).fill(PASSWORD);
  await field(page, account.fields.publicName).fill(`other-${unique()}`);
  await page.getByRole("button", { name: account.signup.submit }).click();
  await expect(page.getByText(account.signup.requested.text)).toBeVisible();

  await signIn(page, email);
  await expect(page.getByRole("button", { name: `${common.header.account.signedInAs} ${name}` })).toBeVisible();
  await expect(page.getByText(voting.errors.awaitingApproval)).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name.includes("auth-token"));
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  await signOut(page);
  await expect(page.getByRole("link", { name: common.header.account.signIn }).first()).toBeAttached();
});

test("a member's account is one menu in the header's row, which fits in every language: it names them and leads to their account and out", async ({ page }) => {
  const { email, username } = await approvedMember("menu");
  await signIn(page, email);
  await page.setViewportSize({ width: DESKTOP_WIDTH, height: 700 });
  for (const language of Object.keys(common.languageNames)) {
    await page.goto(`/about?lng=${language}`);
    await expect.poll(() => headerOverflow(page), language).toEqual([]);
    expect(await headerSpareRoom(page), language).toBeGreaterThanOrEqual(16);
  }
  await page.goto("/about?lng=en");
  await page.getByRole("button", { name: `${common.header.account.signedInAs} ${username}` }).click();
  const menu = page.locator("#account-menu");
  await expect(menu.getByText(username)).toBeVisible();
  await menu.getByRole("link", { name: common.header.account.yourAccount }).click();
  await expect(page).toHaveURL(/\/account$/);
  await signOut(page);
  await expect(page.getByRole("navigation", { name: common.header.primaryNav }).first().getByRole("link", { name: common.header.account.signIn })).toBeVisible();
});

test("the sign-in pages' buttons say what they are doing while their form posts, and refuse a second press", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the submitting state is the page's small script");
  const email = `e2e-busy-${unique()}@example.org`;
  const pages: [path: string, fields: [label: string, value: string][], label: string, busyLabel: string][] = [
    ["/login", [[account.fields.email, email], [account.fields.password, PASSWORD]], account.login.submit, account.login.submitting],
    ["/admin/login", [[account.fields.email, email], [account.fields.password, PASSWORD]], account.login.submit, account.login.submitting],
    ["/signup", [[account.fields.email, email], [account.fields.password, PASSWORD], [account.fields.publicName, `busy-${unique()}`]], account.signup.submit, account.signup.submitting],
    ["/forgot-password", [[account.fields.email, email]], account.forgot.submit, account.forgot.submitting],
    [`/newsletter/confirm?token=${"a".repeat(48)}`, [], newsletter.confirm.submit, newsletter.confirm.submitting],
  ];
  for (const [path, fields, label, busyLabel] of pages) {
    await page.goto(path);
    for (const [fieldLabel, value] of fields) await field(page, fieldLabel).fill(value);
    const main = page.locator("main");
    await expectOnePostWhileBusy(page, main.getByRole("button", { name: label }), main.getByRole("button", { name: busyLabel }));
  }
});

test("a wrong password is refused in words, and a look-alike public name is refused", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Faccount");
  await field(page, account.fields.email).fill("member@example.org");
  await field(page, account.fields.password).fill("not-the-password");
  await page.getByRole("button", { name: account.login.submit }).click();
  await expect(page.getByText(account.errors.invalidCredentials)).toBeVisible();
  await expect(field(page, account.fields.email)).toHaveValue("member@example.org");

  await page.goto("/signup");
  await field(page, account.fields.email).fill(`e2e-twin-${unique()}@example.org`);
  await field(page, account.fields.password).fill(PASSWORD);
  await field(page, account.fields.publicName).fill("rosa\u200b");
  await page.waitForLoadState("networkidle"); // the form's validation code, loaded on first focus
  await page.getByRole("button", { name: account.signup.submit }).click();
  await expect(page.getByText(account.errors.publicName.characters)).toBeVisible();
  // The password is never sent back in the page: typed again.
  await field(page, account.fields.password).fill(PASSWORD);
  await field(page, account.fields.publicName).fill("LUCIA");
  await page.getByRole("button", { name: account.signup.submit }).click();
  await expect(page.getByText(account.errors.publicName.taken)).toBeVisible();
});

test("a member renames themselves, downloads their data and deletes the account", async ({ page }) => {
  const member = await approvedMember("leaver");
  await signIn(page, member.email);
  await page.goto("/account");
  const renamed = `renamed-${unique()}`;
  await field(page, account.fields.publicName).fill(renamed);
  const renaming = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: account.account.rename.submit }).click();
  // Answered with a redirect back to the form: reloading the page sends nothing again.
  expect((await renaming).status()).toBe(302);
  await expect(page).toHaveURL(/\/account\?saved=rename#account-rename$/);
  await expect(page.getByText(account.account.rename.done)).toBeVisible();

  const download = await page.request.get("/account/data.json");
  expect(download.status()).toBe(200);
  expect(download.headers()["cache-control"]).toContain("no-store");
  const exported = (await download.json()) as { email: string; profile: { username: string } };
  expect(exported.email).toBe(member.email);
  expect(exported.profile.username).toBe(renamed);

  await field(page, account.fields.password).fill("wrong-password");
  await page.getByRole("button", { name: account.account.delete.submit }).click();
  await expect(page.getByText(account.errors.wrongPassword)).toBeVisible();
  // The refusal opens at its form, at the foot of the page, and says nothing of the rename before it.
  await expect(page).toHaveURL(/\/account#account-delete$/);
  await expect(page.getByText(account.errors.wrongPassword)).toBeInViewport();
  await expect(page.getByText(account.account.rename.done)).toHaveCount(0);
  await field(page, account.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: account.account.delete.submit }).click();
  await expect(page.getByText(account.login.deleted)).toBeVisible();
  await field(page, account.fields.email).fill(member.email);
  await field(page, account.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: account.login.submit }).click();
  await expect(page.getByText(account.errors.invalidCredentials)).toBeVisible();
});

test("a refused comment comes back at its form, at the foot of a long page, with its message", async ({ page }) => {
  await signIn(page, (await approvedMember("blank-comment")).email);
  await page.goto("/voting/50000000-0000-4000-8000-000000000003");
  // Spaces pass the browser's `required`; the server refuses them.
  await field(page, voting.detail.comments.new).fill("   ");
  const refused = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: voting.detail.comments.submit, exact: true }).click();
  expect((await refused).status()).toBe(400);
  await expect(page).toHaveURL(/#new-comment$/);
  await expect(page.getByText(voting.errors.commentRequired)).toBeInViewport();
});

test("two members take a proposal from draft to a decided result, and nobody can tell how they voted", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const author = await approvedMember("author");
  const other = await approvedMember("voter");
  const title = `Shared kitchens ${unique()}`;

  await signIn(page, author.email);
  await page.goto("/voting/new");
  await field(page, voting.form.title).fill(title);
  await page.locator("textarea[name=content], [contenteditable=true]").first().fill("Pool our kitchens.\n\nRotate the cooking.");
  await page.getByRole("button", { name: voting.create.submit, exact: true }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const proposalUrl = page.url();
  const proposalId = proposalUrl.split("/").pop()!;
  await expect(page.getByText(voting.status.draft).first()).toBeVisible();

  // A draft is a 404 for visitors and for another member.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  expect((await (await visitor.newPage()).goto(`/voting/${proposalId}`))?.status()).toBe(404);
  const second = await browser.newContext({ javaScriptEnabled: test.info().project.name === "js" });
  await ownClientAddress(second);
  const otherPage = await second.newPage();
  await signIn(otherPage, other.email);
  expect((await otherPage.goto(proposalUrl))?.status()).toBe(404);

  await page.getByRole("button", { name: voting.detail.publish }).click();
  await expect(page.getByText(voting.status.discussion).first()).toBeVisible();

  await field(page, voting.detail.comments.new).fill("First thought.");
  await page.getByRole("button", { name: voting.detail.comments.submit, exact: true }).click();
  await expect(page.getByText("First thought.").first()).toBeVisible();

  const now = Date.now();
  await asAdmin(proposalId, {
    status: "voting",
    voting_starts_at: new Date(now - 60_000).toISOString(),
    voting_ends_at: new Date(now + 3_600_000).toISOString(),
  });
  await page.goto(proposalUrl);
  await page.getByRole("button", { name: voting.detail.vote.support, exact: true }).click();
  await expect(page.getByText(voting.detail.vote.yours.support)).toBeVisible();
  await page.getByRole("button", { name: voting.detail.vote.oppose, exact: true }).click();
  await expect(page.getByText(voting.detail.vote.yours.oppose)).toBeVisible();
  await page.getByRole("button", { name: voting.detail.vote.withdraw }).click();
  await expect(page.getByText(voting.detail.vote.none)).toBeVisible();
  await page.getByRole("button", { name: voting.detail.vote.support, exact: true }).click();
  await expect(page.getByText(voting.detail.vote.yours.support)).toBeVisible();

  await otherPage.goto(proposalUrl);
  await expect(otherPage.getByText(voting.detail.vote.none)).toBeVisible();
  await otherPage.getByRole("button", { name: voting.detail.vote.support, exact: true }).click();
  await expect(otherPage.getByText(voting.detail.vote.yours.support)).toBeVisible();

  // While voting: only the number of votes; no support or oppose count for anyone.
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(proposalUrl);
  await expect(visitorPage.getByText("2 votes cast")).toBeVisible();
  await expect(visitorPage.getByText(/Support: \d/)).toHaveCount(0);
  const ballots = await fetch(`${SUPABASE_URL}/rest/v1/proposal_votes?select=vote,user_id&proposal_id=eq.${proposalId}`, {
    headers: { apikey: ANON_KEY },
  });
  expect(ballots.status).toBe(401);
  expect(await ballots.text()).not.toContain("support");

  await endVotingWindow(proposalId);
  await asAdmin(proposalId, { status: "passed" });
  await visitorPage.goto(proposalUrl);
  await expect(visitorPage.getByText(voting.status.passed).first()).toBeVisible();
  await expect(visitorPage.getByText("Support: 2")).toBeVisible();
  await expect(visitorPage.getByText("Oppose: 0")).toBeVisible();

  // Decided: no more votes or comments.
  await page.goto(proposalUrl);
  await expect(page.getByRole("button", { name: voting.detail.vote.support, exact: true })).toHaveCount(0);
  await expect(page.getByText(voting.detail.comments.closed)).toBeVisible();
  await second.close();
  await visitor.close();
});

test("comments are edited and deleted by their author, and a withdrawn proposal takes no more", async ({ page, javaScriptEnabled }) => {
  const author = await approvedMember("commenter");
  await signIn(page, author.email);
  await page.goto("/voting/new");
  const title = `Library swap ${unique()}`;
  await field(page, voting.form.title).fill(title);
  await page.getByRole("button", { name: voting.create.submit, exact: true }).click();
  await page.getByRole("link", { name: voting.detail.edit }).click();
  await field(page, voting.form.title).fill(`${title} (edited)`);
  await page.getByRole("button", { name: voting.edit.submit }).click();
  await expect(page.getByRole("heading", { name: `${title} (edited)` })).toBeVisible();
  if (javaScriptEnabled) {
    // Pressed twice on a slow link, Publish posts once: a second post would come back refused (already published).
    const publish = page.getByRole("button", { name: voting.detail.publish });
    await expectOnePostWhileBusy(page, publish, publish);
    await page.reload();
  }
  await page.getByRole("button", { name: voting.detail.publish }).click();

  if (javaScriptEnabled) {
    await field(page, voting.detail.comments.new).fill("Said twice?");
    const submit = page.getByRole("button", { name: voting.detail.comments.submit, exact: true });
    await expectOnePostWhileBusy(page, submit, page.getByRole("button", { name: voting.detail.comments.saving }));
    await page.reload();
  }
  await field(page, voting.detail.comments.new).fill("<script>alert(1)</script> see https://example.org");
  await page.getByRole("button", { name: voting.detail.comments.submit, exact: true }).click();
  await expect(page.getByText("<script>alert(1)</script> see https://example.org").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "https://example.org" })).toHaveCount(0);

  // Each comment's controls are named after it (author and time), not just "Edit" and "Delete".
  const editOwn = page.locator("summary", { hasText: voting.detail.comments.edit });
  await expect(editOwn).toHaveAccessibleName(new RegExp(`^${voting.detail.comments.edit} · ${author.username} · .+\\d`));
  await expect(page.locator("summary", { hasText: voting.detail.comments.delete })).toHaveAccessibleName(new RegExp(`^${voting.detail.comments.delete} · ${author.username} · `));
  await editOwn.click();
  await field(page, voting.detail.comments.editLabel).fill("Changed my mind.");
  await page.getByRole("button", { name: voting.detail.comments.save }).click();
  await expect(page.getByText("Changed my mind.").first()).toBeVisible();
  // Deleting is one step away too: the first press only opens the warning.
  const openDelete = () => page.locator("summary", { hasText: voting.detail.comments.delete }).click();
  const remove = page.getByRole("button", { name: voting.detail.comments.deleteConfirm });
  await expect(remove).toBeHidden();
  if (javaScriptEnabled) {
    // Pressed twice, the confirmation posts once.
    await openDelete();
    await expectOnePostWhileBusy(page, remove, remove);
    await page.reload();
  }
  await openDelete();
  await expect(page.getByText(voting.detail.comments.deleteWarning)).toBeVisible();
  await remove.click();
  await expect(page.getByText("Changed my mind.")).toHaveCount(0);

  // Withdrawing is one step away: the first press only opens the warning.
  const confirmWithdraw = page.getByRole("button", { name: voting.detail.withdrawConfirm });
  await expect(confirmWithdraw).toBeHidden();
  await page.locator("summary", { hasText: voting.detail.withdraw }).click();
  await expect(page.getByText(voting.detail.withdrawWarning)).toBeVisible();
  await confirmWithdraw.click();
  await expect(page.getByText(voting.status.withdrawn).first()).toBeVisible();
  await expect(page.getByText(voting.detail.comments.closed)).toBeVisible();
  await expect(field(page, voting.detail.comments.new)).toHaveCount(0);
});

/** The answer to the next post of a new proposal (to /voting/new, from its page or from the dialog). */
function newProposalPosted(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith("/voting/new") && response.request().method() === "POST");
}

/** A new approved member, signed in on /voting, with the Create Proposal dialog open. */
async function openProposalDialog(page: Page, label: string) {
  const author = await approvedMember(label);
  await signIn(page, author.email);
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: voting.list.create }).click();
  const dialog = page.getByRole("dialog", { name: voting.create.title });
  await expect(dialog).toBeVisible();
  // In the middle of the window, as wide on either side.
  const box = (await dialog.boundingBox())!;
  expect(Math.abs(box.x - (page.viewportSize()!.width - box.x - box.width))).toBeLessThan(2);
  return dialog;
}

test("a member reports another's comment to the admins, and a second press sends no second report", async ({ page, browser, javaScriptEnabled }) => {
  const comment = `Worth a look ${unique()}`;
  const author = await browser.newContext({ javaScriptEnabled });
  const authorPage = await author.newPage();
  await signIn(authorPage, (await approvedMember("reported")).email);
  await authorPage.goto("/voting/new");
  await field(authorPage, voting.form.title).fill(`Tool library ${unique()}`);
  await authorPage.getByRole("button", { name: voting.create.submit, exact: true }).click();
  await authorPage.getByRole("button", { name: voting.detail.publish }).click();
  const proposal = new URL(authorPage.url()).pathname;
  await field(authorPage, voting.detail.comments.new).fill(comment);
  await authorPage.getByRole("button", { name: voting.detail.comments.submit, exact: true }).click();
  await expect(authorPage.getByText(comment).first()).toBeVisible();
  await author.close();

  await signIn(page, (await approvedMember("reporter")).email);
  await page.goto(proposal);
  const item = page.getByRole("listitem").filter({ hasText: comment });
  await expect(item.locator("summary")).toHaveAccessibleName(new RegExp(`^${voting.detail.report.open} · reported-`));
  const send = item.getByRole("button", { name: voting.detail.report.submit });
  if (javaScriptEnabled) {
    await item.getByText(voting.detail.report.open).click();
    await item.getByLabel(voting.detail.report.reason).fill("Pressed twice");
    await expectOnePostWhileBusy(page, send, send);
    await page.reload();
  }
  await item.getByText(voting.detail.report.open).click();
  await item.getByLabel(voting.detail.report.reason).fill("Off topic, please look.");
  await send.click();
  await expect(page.getByText(voting.detail.report.sent)).toBeVisible();
});

test("with JavaScript, Create Proposal opens a dialog and the new draft appears in the list", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "the dialog is the JavaScript enhancement of /voting/new");
  const dialog = await openProposalDialog(page, "dialog");
  await expect(page).toHaveURL(/\/voting$/);
  // Cancel closes it; opened again, the editor loads as the member starts writing.
  await dialog.getByRole("button", { name: voting.form.cancel }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: voting.list.create }).click();
  const title = `From the dialog ${unique()}`;
  await dialog.getByLabel(new RegExp(`^${voting.form.title}`)).fill(title);
  await expect(dialog.getByRole("toolbar", { name: editor.toolbar.label })).toBeVisible();
  // How to write without it goes with the textarea.
  await expect(dialog.getByText(voting.form.contentTextHint)).toHaveCount(0);
  await dialog.locator("[contenteditable=true]").fill("Written in the dialog's editor");
  const posted = newProposalPosted(page);
  await dialog.getByRole("button", { name: voting.create.submit, exact: true }).click();
  expect((await posted).status()).toBe(302);
  // The page reloads: the dialog is closed and the list shows the new draft, with what the editor held.
  await expect(page).toHaveURL(/\/voting$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText("Written in the dialog's editor")).toBeVisible();
});

test("a post from the dialog refused, then corrected on /voting/new, still ends on the list", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "the dialog is the JavaScript enhancement of /voting/new");
  const dialog = await openProposalDialog(page, "dialog-refused");
  // A title of spaces passes the browser's `required`; the server refuses it.
  await dialog.getByLabel(new RegExp(`^${voting.form.title}`)).fill("   ");
  const refused = newProposalPosted(page);
  await dialog.getByRole("button", { name: voting.create.submit, exact: true }).click();
  expect((await refused).status()).toBe(400);
  await expect(page).toHaveURL(/\/voting\/new$/);

  const title = `Corrected ${unique()}`;
  await field(page, voting.form.title).fill(title);
  const posted = newProposalPosted(page);
  await page.getByRole("button", { name: voting.create.submit, exact: true }).click();
  expect((await posted).status()).toBe(302);
  await expect(page).toHaveURL(/\/voting$/);
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
});

test("a refused new proposal comes back with its content as written", async ({ page }) => {
  const author = await approvedMember("refused");
  await signIn(page, author.email);
  await page.goto("/voting/new");
  // A title of spaces passes the browser's `required`; the server refuses it.
  await field(page, voting.form.title).fill("   ");
  if (test.info().project.name === "nojs") await page.locator("textarea[name=content]").fill("Kept after a refusal");
  else {
    await expect(page.getByRole("toolbar", { name: editor.toolbar.label })).toBeVisible();
    await page.locator("[contenteditable=true]").fill("Kept after a refusal");
  }
  const refused = newProposalPosted(page);
  await page.getByRole("button", { name: voting.create.submit, exact: true }).click();
  expect((await refused).status()).toBe(400);
  if (test.info().project.name === "nojs") {
    await expect(page.locator("textarea[name=content]")).toHaveValue("Kept after a refusal");
    await expect(page.getByText(voting.form.contentTextHint)).toBeVisible();
  } else {
    // The editor posted HTML: it comes back by itself, never the HTML in a plain box.
    await expect(page.getByRole("toolbar", { name: editor.toolbar.label })).toBeVisible();
    await expect(page.locator("[contenteditable=true]")).toHaveText("Kept after a refusal");
    await expect(page.locator("textarea[name=content]")).toHaveCount(0);
    await expect(page.getByText(voting.form.contentHtmlHint)).toHaveCount(0);
  }
});
