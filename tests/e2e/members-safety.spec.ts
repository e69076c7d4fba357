import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import account from "../../locales/en/account.json" with { type: "json" };
import editor from "../../locales/en/editor.json" with { type: "json" };
import voting from "../../locales/en/voting.json" with { type: "json" };
import { ANON_KEY, SUPABASE_URL } from "./local-backend";
import { PASSWORD, approvedMember, field, ownClientAddress, signIn, unique } from "./members";

/**
 * What members write cannot attack readers (script, event-handler, javascript: and data: payloads
 * in a proposal's title and content, a comment and a public name never run in Chromium); the
 * rich-text editor works and refuses a javascript: link, and its code loads only where one edits;
 * the sign-up and sign-in limits hold.
 */

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

const PAYLOADS = [
  `<script>window.__xss = "script"</script>`,
  `<img src=x onerror="window.__xss = 'onerror'">`,
  `<a href="javascript:window.__xss = 'javascript'">javascript link</a>`,
  `<a href="data:text/html,<script>parent.__xss = 'data'</script>">data link</a>`,
  `<svg onload="window.__xss = 'svg'"></svg>`,
  `<iframe src="javascript:parent.__xss = 'iframe'"></iframe>`,
].join(" ");

/** Posts a form as the signed-in browser would (same cookies, its Origin). */
async function postForm(page: Page, path: string, form: Record<string, string>) {
  const origin = new URL(page.url()).origin;
  return page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
}

/** Fails the test if anything the payloads carry ran, or left an active element in the page. */
async function expectNothingRan(page: Page) {
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  const main = page.locator("main");
  await expect(main.locator("script, iframe, svg[onload], img[src='x'], [onerror], [onload]")).toHaveCount(0);
  await expect(main.locator("a[href^='javascript:' i], a[href^='data:' i]")).toHaveCount(0);
}

test("payloads in a proposal's title and content and in a comment are shown as text and never run", async ({ page, browser }) => {
  const author = await approvedMember("xss");
  await signIn(page, author.email);

  // The rich-text field as the editor posts it (HTML), and the title, straight to the action.
  const title = `${unique()} <script>window.__xss = "title"</script><img src=x onerror="window.__xss='title'">`;
  const created = await postForm(page, "/voting/new", { title, content: PAYLOADS, content_format: "html", group: "" });
  expect(created.status()).toBe(302);
  const proposalPath = created.headers().location;
  expect(proposalPath).toMatch(/^\/voting\/[0-9a-f-]{36}$/);
  expect((await postForm(page, proposalPath, { intent: "publish" })).status()).toBeLessThan(400);
  expect((await postForm(page, proposalPath, { intent: "comment", content: PAYLOADS })).status()).toBeLessThan(400);

  // Read by a visitor with JavaScript on (the payloads would need it) and by the author.
  const visitor = await browser.newContext({ javaScriptEnabled: true });
  for (const reader of [await visitor.newPage(), page]) {
    await reader.goto(proposalPath);
    await expect(reader.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(reader.getByText("javascript link", { exact: true })).toBeVisible();
    await expect(reader.getByText(PAYLOADS).first()).toBeVisible(); // the comment: plain text, shown as typed
    await expectNothingRan(reader);
    await reader.goto("/voting");
    await expect(reader.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expectNothingRan(reader);
  }
  await visitor.close();
});

test("a public name can carry no markup: refused on the form, replaced when set through the API", async ({ page }) => {
  await page.goto("/signup");
  await field(page, account.fields.email).fill(`e2e-xssname-${unique()}@example.org`);
  await field(page, account.fields.password).fill(PASSWORD);
  await field(page, account.fields.publicName).fill(`<img src=x onerror=alert(1)>`);
  await page.getByRole("button", { name: account.signup.submit }).click();
  await expect(page.getByText(account.errors.publicName.characters)).toBeVisible();
  await expectNothingRan(page);

  // Through GoTrue with the anon key, the name is not valid, so the account gets a random one.
  const response = await fetch(`${SUPABASE_URL}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email: `e2e-apiname-${unique()}@example.org`, password: PASSWORD, data: { username: "<script>alert(1)</script>" } }),
  });
  const { access_token: token, user } = (await response.json()) as { access_token: string; user: { id: string } };
  const profile = await fetch(`${SUPABASE_URL}/rest/v1/profiles?select=username&id=eq.${user.id}`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
  });
  expect(await profile.json()).toEqual([{ username: expect.stringMatching(/^member-[a-z0-9]{6}$/) }]);
});

test("the editor's toolbar formats text, and a javascript: link is refused", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "without JavaScript the field is a plain textarea (members.spec.ts)");
  const author = await approvedMember("editor");
  await signIn(page, author.email);

  // Neither /voting nor /voting/new loads the editor's code until the member is about to write.
  const editorChunks: string[] = [];
  page.on("request", (request) => {
    if (/RichTextEditor\.client|tiptap/i.test(request.url())) editorChunks.push(request.url());
  });
  await page.goto("/voting");
  await page.waitForLoadState("networkidle");
  await page.goto("/voting/new");
  await page.waitForLoadState("networkidle");
  expect(editorChunks).toEqual([]);
  await field(page, voting.form.title).fill(`Formatted ${unique()}`);
  const toolbar = page.getByRole("toolbar", { name: editor.toolbar.label });
  await expect(toolbar).toBeVisible();
  expect(editorChunks.length).toBeGreaterThan(0);

  const content = page.locator("[contenteditable=true]");
  await content.click();
  await content.pressSequentially("Strong words");
  await page.keyboard.press("ControlOrMeta+a");
  await toolbar.getByRole("button", { name: editor.toolbar.bold }).click();
  await expect(toolbar.getByRole("button", { name: editor.toolbar.bold })).toHaveAttribute("aria-pressed", "true");
  // A toolbar button hands the focus back to the text a frame later (Tiptap's focus command). Keys go on
  // only once it is there, as a person's would: refocusing the text sooner put the caret after the list.
  await expect(content).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: editor.toolbar.bulletList }).click();
  await expect(toolbar.getByRole("button", { name: editor.toolbar.bulletList })).toHaveAttribute("aria-pressed", "true");
  await expect(content).toBeFocused();
  await page.keyboard.type("first point");

  // The link button asks for an address: a javascript: one is refused in words, an https one is kept.
  for (let i = 0; i < "first point".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  page.once("dialog", (dialog) => dialog.accept("javascript:alert(document.cookie)"));
  await toolbar.getByRole("button", { name: editor.toolbar.link }).click();
  await expect(page.getByRole("alert").filter({ hasText: editor.link.refused })).toBeVisible();
  page.once("dialog", (dialog) => dialog.accept("https://example.org/kitchens"));
  await toolbar.getByRole("button", { name: editor.toolbar.link }).click();
  await expect(page.getByRole("alert").filter({ hasText: editor.link.refused })).toHaveCount(0);

  // The toolbar is one tab stop; arrow keys move along it.
  await toolbar.getByRole("button", { name: editor.toolbar.bold }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: editor.toolbar.italic })).toBeFocused();

  await page.getByRole("button", { name: voting.create.submit, exact: true }).click();
  const body = page.locator("main");
  await expect(body.locator("strong", { hasText: "Strong words" })).toBeVisible();
  await expect(body.locator("ul li", { hasText: "first point" })).toBeVisible();
  await expect(body.locator("a[href='https://example.org/kitchens']")).toHaveText("first point");
  await expect(body.locator("a[href^='javascript:']")).toHaveCount(0);
});

test("what is typed before the editor has loaded is kept when it takes over, with the focus", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "without JavaScript the field stays a plain textarea");
  const author = await approvedMember("early");
  await signIn(page, author.email);
  // A slow phone: the editor's code arrives two seconds late, and the CPU is four times slower (there,
  // Tiptap's focus had come before the editor was shown, and was lost: 3 runs of 4 failed).
  await page.route(/RichTextEditor\.client/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/voting/new");
  const textarea = page.locator("textarea[name=content]");
  await textarea.click();
  await page.keyboard.type("First paragraph.\n\nSecond");
  await expect(page.getByRole("toolbar", { name: editor.toolbar.label })).toBeVisible();
  await expect(textarea).toHaveCount(0);
  const content = page.locator("[contenteditable=true]");
  await expect(content).toBeFocused();
  await page.keyboard.type(" paragraph.");
  await expect(content.locator("p")).toHaveText(["First paragraph.", "Second paragraph."]);
});

test("sign-ups are limited to 5 a minute per client, sign-in attempts to 5 a minute per address", async ({ page }) => {
  test.skip(test.info().project.name === "nojs", "plain form posts: the same with or without JavaScript");
  await page.goto("/signup");
  // The limiter counts in fixed one-minute windows: a run that crosses a window's end starts a new
  // count, so the 429 may come later than the sixth, but never sooner, and within eleven it must come.
  const statuses: number[] = [];
  for (let i = 0; i < 11 && !statuses.includes(429); i++) {
    const response = await postForm(page, "/signup", {
      email: `e2e-limit-${unique()}@example.org`,
      password: PASSWORD,
      publicName: `limit-${unique()}`,
    });
    statuses.push(response.status());
    if (response.status() === 429) expect(await response.text()).toContain(account.errors.rateLimited);
  }
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(statuses.at(-1)).toBe(429);

  // Sign-in: counted per email address too, so a new client address does not help.
  const email = (await approvedMember("limited")).email;
  const attempts: number[] = [];
  for (let i = 0; i < 11 && !attempts.includes(429); i++) {
    await ownClientAddress(page.context());
    attempts.push((await postForm(page, "/login", { email, password: "wrong-password" })).status());
  }
  expect(attempts.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(attempts.at(-1)).toBe(429);
});

test("the same new-proposal form sent twice makes one draft, and both answers lead to it", async ({ page, browser }) => {
  await signIn(page, (await approvedMember("twice")).email);
  await page.goto("/voting/new");
  const draftId = await page.locator("input[name=draftId]").inputValue();
  expect(draftId).toMatch(/^[0-9a-f-]{36}$/);
  const title = `Sent twice ${unique()}`;
  const form = { title, content: "Pressed twice without JavaScript", content_format: "text", group: "", draftId };
  // Both at once, as a double press without JavaScript sends them.
  const answers = await Promise.all([postForm(page, "/voting/new", form), postForm(page, "/voting/new", form)]);
  for (const answer of answers) {
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`/voting/${draftId}`);
  }
  await page.goto("/voting");
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(1);

  // Another member's post naming that id makes nothing and is told so.
  const other = await browser.newContext();
  await ownClientAddress(other);
  const otherPage = await other.newPage();
  await signIn(otherPage, (await approvedMember("twice-other")).email);
  const taken = await postForm(otherPage, "/voting/new", { ...form, title: `Taken ${unique()}` });
  expect(taken.status()).toBe(409);
  await other.close();
});
