// Issue 12, the attacker's suite: stored XSS. Every field the site stores and shows again is filled
// with the corpus of tests/attacker/xss-payloads.ts through the site's own write paths (the contact
// and join forms, the newsletter form, a member's proposal, comment and report forms, sign-up,
// the back-office's forms), because the app sanitizes rich HTML as it writes it. Then every place
// the field is shown is opened in Chromium, with JavaScript on and off:
// - with JavaScript, nothing may run: no dialog, no marker global (a reporting setter installed in
//   every frame), no marker request, no CSP violation, no script error; and the DOM the page ends
//   with (after hydration, or after a client-side navigation) holds no handler attribute, no
//   javascript:/vbscript:/data: URL and none of the elements only a payload would bring;
// - without JavaScript, the HTML the response served is parsed by Chromium's own parser and must
//   hold no such element or attribute, every <script> must carry the response's nonce, the page
//   must not navigate (meta refresh) nor request anything a payload names.
// Each page shows many payloads at once (a record per group of payloads, the whole corpus in one
// body), and every page checks that the run's records are really on it, so that a check can never
// pass on a page that shows nothing. What the run wrote is removed at the end (service key).
// A last test runs the same checks on a page the test makes up, where payloads do run, to prove
// that each check reports what it exists to see.
//
// Fields with a narrower door: public names admit letters, digits, '.', '_' and '-' only (the form
// and the database both refuse every payload: proven below); addresses admit what an email field
// does (quotes at most: those go through the forms, markup ones are written past them, since an
// address is plain text wherever it is shown); links are https only (payloads ride in their path,
// query and fragment; every other scheme is refused, proven below); pictures are a demo image or
// an https URL the browser only ever loads through /images, so they carry no payload here.
import type { APIRequestContext, APIResponse, Route } from "@playwright/test";
import { expect, test } from "../e2e/fixtures";
import { approvedMember, ownClientAddress, signIn } from "../e2e/members";
import { MESSAGE_MAX, NAME_MAX } from "../../app/lib/form-fields";
import { COMMENT_MAX, JOIN_REASON_MAX, PROPOSAL_TITLE_MAX, REPORT_REASON_MAX } from "../../app/lib/member-fields";
import { GROUPS_PAGE_SIZE } from "../../app/models/groups.server";
import { XSS_HTTPS_LINKS, XSS_MARKER_PATH, XSS_PAYLOADS, XSS_PUBLIC_NAMES, XSS_REFUSED_LINKS, xssAddresses, xssValidAddresses, type XssPayload } from "./xss-payloads";
import {
  checkFeed,
  clientAddress,
  Findings,
  inBatches,
  inspectLive,
  inspectResponse,
  joined,
  label,
  openPages,
  pack,
  paragraphs,
  post,
  removeTagged,
  rowsTagged,
  runTag,
  service,
  signInAdmin,
  visitBoth,
  visitList,
  visitWithJavaScript,
  type Pages,
} from "./xss-support";

test.use({ locale: "en-US" });
test.beforeEach(({ context }) => ownClientAddress(context));

const CORPUS = XSS_PAYLOADS;

/** The admin forms' title limit (news, events, resources: 300) and a group's name, location (200). */
const TITLE_MAX = 300;
const GROUP_NAME_MAX = 200;

/** The groups of payloads a short field holds, each group behind its record's label. */
function titleGroups(tag: string, kind: string, max: number) {
  const room = max - label(tag, kind, 0).length - 1;
  return pack(CORPUS, room).map((group, index) => ({ label: label(tag, kind, index), group, title: `${label(tag, kind, index)} ${joined(group)}` }));
}

/** The whole corpus in as few texts of at most `max` characters as it takes, each behind its label. */
function corpusTexts(tag: string, kind: string, max: number, separator = "\n\n") {
  const room = max - label(tag, kind, 0).length - separator.length;
  return pack(CORPUS, room, separator).map((group, index) => ({ label: label(tag, kind, index), group, text: `${label(tag, kind, index)}${separator}${joined(group, separator)}` }));
}

function expectRedirect(response: APIResponse, what: string, to?: RegExp) {
  expect(response.status(), `${what}: ${response.status()}`).toBeGreaterThanOrEqual(300);
  expect(response.status(), what).toBeLessThan(400);
  if (to) expect(response.headers().location ?? "", what).toMatch(to);
  return response.headers().location ?? "";
}

/** Every refused write answers 400 and shows the submitted value again: that page must be inert too. */
async function expectRefused(pages: Pages, what: string, response: APIResponse) {
  expect(response.status(), `${what} must be refused`).toBe(400);
  await inspectResponse(pages, what, response);
}

/** A password no policy refuses (nothing of the account's address or name in it). */
const strongPassword = () => `Pw-${crypto.randomUUID()}`;

/** Postgres text holds no U+0000: the forms drop it from what they check (it is invisible anyway). */
const withoutNul = (text: string) => text.replaceAll("\u0000", "");

/**
 * A rich-text body posted as plain text (the editor's textarea without JavaScript) holding a U+0000
 * is saved without the character (Postgres text cannot hold it; it used to be answered 503).
 */
function expectNulDropped(response: APIResponse, what: string) {
  expect(response.status(), what).toBeLessThan(400);
}

/** The payload ids of a group, for a failure message that names them. */
const ids = (group: readonly XssPayload[]) => group.map((payload) => payload.id).join(",");

function finish(findings: Findings) {
  test.info().annotations.push({ type: "pages", description: `${findings.visited.length} page loads inspected (${CORPUS.length} payloads)` });
  expect(findings.list, "what ran, was blocked or survived as markup").toEqual([]);
}

test("contact and join messages and newsletter addresses, as admins read them", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const findings = new Findings();
  await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  try {
    // The forms: each message's name holds a group of payloads, its text the same payloads a
    // paragraph each; odd ones through /join. Each from an address of its own (3 a minute each).
    const valid = xssValidAddresses(tag);
    const names = titleGroups(tag, "c", NAME_MAX);
    const whole = corpusTexts(tag, "a", MESSAGE_MAX);
    const messages = [
      ...names.map(({ title, group }, index) => ({ name: title, message: joined(group, "\n\n"), path: index % 2 ? "/join" : "/contact" })),
      ...whole.map(({ label: name, text }, index) => ({ name, message: text, path: index % 2 ? "/join" : "/contact" })),
    ];
    await inBatches(
      messages.map(({ name, message, path }, index) => async () => {
        const response = await post(page.request, path, { name, email: valid[index % valid.length], message, security: "on" }, { multipart: true, address: clientAddress() });
        expect(response.status(), `${path} with ${name.slice(0, 40)}`).toBe(200);
      }),
    );
    // The form's email field refuses markup (and shows the value again, inertly).
    for (const [index, email] of xssAddresses(tag).slice(0, 3).entries()) {
      const response = await post(page.request, "/contact", { name: `${tag}-refused`, email, message: "x", security: "on" }, { multipart: true, address: clientAddress() });
      await expectRefused(pages, `/contact with address ${index}`, response);
    }
    expect((await rowsTagged<{ id: string }>("contacts", "name", tag, "id")).length).toBe(messages.length);

    // Addresses with markup can only come from a row written past the form. The address is plain
    // text everywhere it is shown (a text node, inside mailto:), so it is written with the service key.
    const addresses = xssAddresses(tag);
    const addressLabels = addresses.map((_, index) => label(tag, "e", index));
    const inserted = await service("contacts", {
      method: "POST",
      body: addresses.map((email, index) => ({ name: addressLabels[index], email, message: `${addressLabels[index]} ${email}`, source: index % 2 ? "join" : "contact" })),
    });
    expect(inserted.status, JSON.stringify(inserted.data)).toBe(201);

    // Newsletter: the form takes the addresses an email field accepts (quotes and all); the confirmation
    // (the mailed link) is marked with the service key, since only confirmed addresses are listed.
    for (const email of valid) {
      const response = await post(page.request, "/newsletter", { email }, { address: clientAddress() });
      expectRedirect(response, `/newsletter ${email}`, /newsletter=subscribed/);
    }
    for (const [index, email] of addresses.slice(0, 2).entries()) {
      const response = await post(page.request, "/newsletter", { email }, { address: clientAddress() });
      expect(response.status(), `/newsletter refuses address ${index}`).toBe(400);
    }
    // The same plain-text argument: addresses with markup are written past the form.
    const subscribed = await service("newsletter_subscriptions", { method: "POST", body: addresses.map((email) => ({ email, confirmed_at: new Date().toISOString() })) });
    expect(subscribed.status, JSON.stringify(subscribed.data)).toBe(201);
    await expect
      .poll(async () => (await rowsTagged("newsletter_subscriptions", "email", tag, "id")).length, { message: "the form's subscriptions are stored" })
      .toBe(addresses.length + valid.length);
    const confirmed = await service(`newsletter_subscriptions?email=ilike.*${tag}*&confirmed_at=is.null`, { method: "PATCH", body: { confirmed_at: new Date().toISOString() } });
    expect(confirmed.status, JSON.stringify(confirmed.data)).toBe(204);

    // /admin/contacts, searched by the run's tag, page by page; a confirmation page; /admin/newsletter.
    await visitList(pages, `/admin/contacts?q=${tag}`, [...names.map((n) => n.label), ...whole.map((w) => w.label), ...addressLabels]);
    const [contact] = await rowsTagged<{ id: string }>("contacts", "name", addressLabels[0], "id");
    await visitBoth(pages, `/admin/contacts/${contact.id}/delete`, [addressLabels[0]]);
    await visitBoth(pages, `/admin/newsletter?q=${tag}`, [...valid, ...addresses]);
    const [subscriber] = await rowsTagged<{ id: string }>("newsletter_subscriptions", "email", `${tag}@example.org`, "id");
    await visitBoth(pages, `/admin/newsletter/${subscriber.id}/delete`, []);
  } finally {
    await removeTagged("contacts", "name", tag);
    await removeTagged("newsletter_subscriptions", "email", tag);
    await pages.close();
  }
  finish(findings);
});

/**
 * The rich-text editor (Tiptap; on a member's page an island that starts when the member is about to
 * write, decision 044: a focus in the form) holds the stored body: its DOM is inspected too.
 */
async function editorLoaded(pages: Pages) {
  await pages.js.locator("form input[name=title]").focus();
  await expect(pages.js.locator(".ProseMirror")).toContainText("alert(__xss=1)");
  pages.findings.current.js += " (the editor)";
  await inspectLive(pages, undefined);
}

/** A proposal through /voting/new as its author posts it, published (discussion) unless `publish` is false; its id. */
async function propose(request: APIRequestContext, title: string, content: string, format: "html" | "text", publish = true) {
  const response = await post(request, "/voting/new", { title, content, content_format: format });
  const id = /\/voting\/([0-9a-f-]{36})$/.exec(expectRedirect(response, `/voting/new ${title.slice(0, 30)}`))![1];
  if (publish) expectRedirect(await post(request, `/voting/${id}`, { intent: "publish" }), `publishing ${title.slice(0, 30)}`);
  return id;
}

/**
 * A client-side navigation (Remix's router, as a link click makes it): the page is rendered from the loader's data, not from
 * server HTML. Only pages that run React have the router (decisions 040, 044): it starts from the signed-in admin's /admin.
 */
async function navigateInApp(pages: Pages, to: string, shows: string) {
  await pages.js.goto("/admin");
  await pages.js.waitForFunction(() => "__remixRouter" in window);
  pages.findings.current.js = `${new URL(pages.js.url()).pathname} → ${to} (client-side navigation)`;
  pages.findings.visited.push(pages.findings.current.js);
  await pages.js.evaluate((path) => (window as unknown as { __remixRouter: { navigate(path: string): Promise<void> } }).__remixRouter.navigate(path), to);
  await pages.js.waitForURL(`**${to}`);
  await expect(pages.js.locator("main")).toContainText(shows);
  await pages.js.waitForTimeout(100);
  await inspectLive(pages, undefined);
}

test("proposal titles and contents, one proposal per group of payloads: /voting, /voting/:id, /admin/proposals, /voting/rss", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const findings = new Findings();
  // The author is an admin (an approved member too), who then reads the back-office.
  await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  try {
    // The title holds the group, the content the same payloads as paragraphs (as the editor posts them).
    const titled = titleGroups(tag, "p", PROPOSAL_TITLE_MAX);
    const proposalIds = await inBatches(titled.map(({ title, group }) => () => propose(page.request, title, paragraphs(group), "html")));
    await visitList(pages, "/voting", titled.map((t) => t.label), 14);
    for (const index of [0, titled.length - 1]) await visitBoth(pages, `/voting/${proposalIds[index]}`, [titled[index].label]);
    await visitList(pages, "/admin/proposals", titled.map((t) => t.label), 14);
    await checkFeed(pages, page.request, "/voting/rss", "rss");
  } finally {
    await removeTagged("proposals", "title", tag);
    await pages.close();
  }
  finish(findings);
});

test("the whole corpus in one proposal, its comments and the members' reports: /voting/:id, its editor, /admin/proposals", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const findings = new Findings();
  await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  const reporterContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "en-US" });
  try {
    // As the editor posts it (HTML), as the textarea posts it (text), and a draft its author edits.
    const allHtml = label(tag, "all", "html");
    const allText = label(tag, "all", "text");
    const draft = label(tag, "all", "draft");
    const htmlId = await propose(page.request, allHtml, paragraphs(CORPUS), "html");
    const textId = await propose(page.request, allText, withoutNul(joined(CORPUS, "\n\n")), "text");
    expectNulDropped(await post(page.request, "/voting/new", { title: label(tag, "nul", 0), content: "a\u0000b", content_format: "text" }), "/voting/new");
    const draftId = await propose(page.request, draft, paragraphs(CORPUS), "html", false);

    // Comments (plain text) on the HTML one.
    const comments = corpusTexts(tag, "m", COMMENT_MAX);
    for (const { text, group } of comments) {
      expectRedirect(await post(page.request, `/voting/${htmlId}`, { intent: "comment", content: text }), `comment ${ids(group).slice(0, 40)}`, /#comment-/);
    }
    const commentRows = (await service<{ id: string }[]>(`proposal_comments?select=id&proposal_id=eq.${htmlId}&order=created_at`)).data;
    expect(commentRows.length).toBe(comments.length);

    // Another member reports the proposal and its comments, the reasons holding the corpus.
    const reporter = await approvedMember("xssreporter");
    await ownClientAddress(reporterContext);
    const reporterPage = await reporterContext.newPage();
    await signIn(reporterPage, reporter.email);
    const reasons = corpusTexts(tag, "r", REPORT_REASON_MAX, "\n");
    for (const [index, { text }] of reasons.entries()) {
      const commentId = index === 0 ? null : commentRows[index % commentRows.length].id;
      const response = await post(reporterPage.request, `/voting/${htmlId}`, { intent: "report", reason: text, ...(commentId ? { commentId } : {}) });
      expectRedirect(response, `report ${index}`, /reported=1/);
    }
    await reporterPage.close();

    // /voting shows each proposal's content in full.
    await visitList(pages, "/voting", [allHtml, allText], 14);
    await visitBoth(pages, `/voting/${htmlId}`, [allHtml, ...comments.map((c) => c.label)]);
    await visitBoth(pages, `/voting/${textId}`, [allText]);
    await navigateInApp(pages, `/voting/${htmlId}`, comments[0].label);
    // The draft in its author's editor (Tiptap with JavaScript; the textarea holding the HTML without).
    await visitBoth(pages, `/voting/${draftId}/edit`, [draft]);
    await editorLoaded(pages);
    // The back-office: the open reports (reasons, the reported comments) and the proposal's page.
    await visitBoth(pages, "/admin/proposals", reasons.map((r) => r.label));
    await visitBoth(pages, `/admin/proposals/${htmlId}`, [allHtml, ...comments.map((c) => c.label)]);
    // The author's own data, as /account offers it for download: JSON, never a page.
    expect(await checkFeed(pages, page.request, "/account/data.json", "json")).toContain(comments[0].label);
  } finally {
    await removeTagged("proposals", "title", tag);
    await reporterContext.close();
    await pages.close();
  }
  finish(findings);
});

test("public names refuse markup; sign-up reasons as admins read them at /admin/members", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const findings = new Findings();
  const admin = await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  try {
    // A public name is shown beside everything a member writes (proposals, comments, reports): its
    // format admits letters, digits, '.', '_' and '-' only, in the form and in the database. So no
    // payload can become a name: the rename form refuses each (400, the value shown again inertly),
    // so does sign-up, and the database refuses even the service key.
    for (const [index, name] of XSS_PUBLIC_NAMES.entries()) {
      await expectRefused(pages, `rename to name ${index}`, await post(page.request, "/account", { intent: "rename", publicName: name }));
      const direct = await service(`profiles?username=eq.${encodeURIComponent(admin.username)}`, { method: "PATCH", body: { username: name } });
      expect(direct.status, `the database refuses name ${index}: ${JSON.stringify(direct.data)}`).toBe(400);
      const signUp = await post(request, "/signup", { email: `${tag}-n${index}@example.org`, password: strongPassword(), publicName: name, reason: "x" }, { address: clientAddress() });
      await expectRefused(pages, `sign-up with name ${index}`, signUp);
    }
    const [profile] = (await service<{ username: string }[]>(`profiles?select=username&username=eq.${encodeURIComponent(admin.username)}`)).data;
    expect(profile?.username).toBe(admin.username);
    await visitBoth(pages, "/account", [admin.username]);

    // Sign-up reasons (shown to admins with the pending account): the corpus through /signup.
    const reasons = corpusTexts(tag, "j", JOIN_REASON_MAX, "\n");
    await inBatches(
      reasons.map(({ text }, index) => async () => {
        const fields = { email: `${tag}-j${index}@example.org`, password: strongPassword(), publicName: `${tag}j${index}`, reason: text };
        const response = await post(request, "/signup", fields, { address: clientAddress() });
        expect(response.status(), `sign-up ${index}`).toBe(200);
      }),
      2,
    );
    await visitList(pages, `/admin/members?q=${tag}`, reasons.map((r) => r.label));
  } finally {
    // Declined through the back-office as an admin would: the accounts and their applications go.
    const pending = await rowsTagged<{ id: string }>("profiles", "username", tag, "id");
    for (const { id } of pending) await post(page.request, `/admin/members/${id}/decline`, {});
    await pages.close();
  }
  expect(await rowsTagged("profiles", "username", tag, "id")).toEqual([]);
  finish(findings);
});

test("news: /news, /news/:slug, the landing page, /rss and the back-office's list, editor and delete page", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const findings = new Findings();
  await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  try {
    const save = (fields: Record<string, string>) => post(page.request, "/admin/news/new", { imageUrl: "/demo/assembly.webp", isPublished: "on", content_format: "html", ...fields });
    // An article per group: the title and the excerpt hold the group, the content the same payloads as paragraphs.
    const titled = titleGroups(tag, "n", TITLE_MAX);
    await inBatches(
      titled.map(({ title, group }) => async () => {
        expectRedirect(await save({ title, excerpt: joined(group, "\n"), content: paragraphs(group) }), `news ${ids(group)}`, /\/admin\/news$/);
      }),
    );
    // The whole corpus as the editor posts it and as the textarea does.
    const [firstExcerpt] = corpusTexts(tag, "x", 1000, "\n");
    const allHtml = label(tag, "all", "html");
    const allText = label(tag, "all", "text");
    expectRedirect(await save({ title: allText, excerpt: firstExcerpt.text, content: withoutNul(joined(CORPUS, "\n\n")), content_format: "text" }), "news, whole corpus as text");
    expectNulDropped(await save({ title: label(tag, "nul", 0), excerpt: "x", content: "a\u0000b", content_format: "text", isPublished: "" }), "/admin/news/new");
    expectRedirect(await save({ title: allHtml, excerpt: firstExcerpt.text, content: paragraphs(CORPUS) }), "news, whole corpus as HTML");
    const rows = (await rowsTagged<{ id: string; slug: string; title: string }>("news_articles", "title", tag, "id,slug,title")).filter((r) => !r.title.startsWith(label(tag, "nul", 0)));
    expect(rows.length).toBe(titled.length + 2);
    const bySlug = (title: string) => rows.find((row) => row.title.startsWith(title))!;

    await visitList(pages, "/news", [...titled.map((t) => t.label), allHtml, allText]);
    await visitBoth(pages, `/news/${bySlug(allHtml).slug}`, [allHtml]);
    await visitBoth(pages, `/news/${bySlug(allText).slug}`, [allText]);
    for (const index of [0, titled.length - 1]) await visitBoth(pages, `/news/${bySlug(titled[index].label).slug}`, [titled[index].label]);
    await visitWithJavaScript(pages, "/news");
    await navigateInApp(pages, `/news/${bySlug(allHtml).slug}`, allHtml);
    await visitBoth(pages, "/", [allHtml]);
    await checkFeed(pages, page.request, "/rss", "rss");

    await visitList(pages, `/admin/news?q=${tag}`, [...titled.map((t) => t.label), allHtml, allText]);
    await visitBoth(pages, `/admin/news/${bySlug(allHtml).id}`, [allHtml]);
    await editorLoaded(pages);
    await visitBoth(pages, `/admin/news/${bySlug(titled[0].label).id}/delete`, [titled[0].label]);
  } finally {
    await removeTagged("news_articles", "title", tag);
    await pages.close();
  }
  finish(findings);
});

test("resources: /resources, /resources/:slug, the landing page and the back-office; file links", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const findings = new Findings();
  await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  try {
    const types = ["guide", "theory", "template", "tool"];
    const save = (fields: Record<string, string>) => post(page.request, "/admin/resources/new", { isPublished: "on", content_format: "html", resourceType: "guide", ...fields });
    // Links the site must never store: refused, and the refusal shows them again inertly.
    for (const [index, fileUrl] of XSS_REFUSED_LINKS.entries()) {
      await expectRefused(pages, `resource with file link ${index}`, await save({ title: `${tag}-refused`, description: "x", fileUrl }));
    }
    const titled = titleGroups(tag, "r", TITLE_MAX);
    await inBatches(
      titled.map(({ title, group }, index) => async () => {
        const fields = { title, description: joined(group, "\n\n"), content: paragraphs(group), resourceType: types[index % 4], fileUrl: XSS_HTTPS_LINKS[index % XSS_HTTPS_LINKS.length] };
        expectRedirect(await save(fields), `resource ${ids(group)}`, /\/admin\/resources$/);
      }),
    );
    const allHtml = label(tag, "all", "html");
    const allText = label(tag, "all", "text");
    const [description] = corpusTexts(tag, "d", 5000);
    expectRedirect(await save({ title: allText, description: description.text, content: withoutNul(joined(CORPUS, "\n\n")), content_format: "text" }), "resource, whole corpus as text");
    expectNulDropped(await save({ title: label(tag, "nul", 0), description: "x", content: "a\u0000b", content_format: "text", isPublished: "" }), "/admin/resources/new");
    expectRedirect(await save({ title: allHtml, description: description.text, content: paragraphs(CORPUS), fileUrl: XSS_HTTPS_LINKS[0] }), "resource, whole corpus as HTML");
    const rows = (await rowsTagged<{ id: string; slug: string; title: string }>("resources", "title", tag, "id,slug,title")).filter((r) => !r.title.startsWith(label(tag, "nul", 0)));
    expect(rows.length).toBe(titled.length + 2);
    const row = (title: string) => rows.find((r) => r.title.startsWith(title))!;

    await visitList(pages, "/resources", [...titled.map((t) => t.label), allHtml, allText]);
    await visitBoth(pages, `/resources/${row(allHtml).slug}`, [allHtml, description.label]);
    await visitBoth(pages, `/resources/${row(allText).slug}`, [allText]);
    for (const index of [0, titled.length - 1]) await visitBoth(pages, `/resources/${row(titled[index].label).slug}`, [titled[index].label]);
    await visitBoth(pages, "/", [allHtml]);

    await visitList(pages, `/admin/resources?q=${tag}`, [...titled.map((t) => t.label), allHtml, allText]);
    await visitBoth(pages, `/admin/resources/${row(allHtml).id}`, [allHtml]);
    await editorLoaded(pages);
    await visitBoth(pages, `/admin/resources/${row(titled[0].label).id}/delete`, [titled[0].label]);
  } finally {
    await removeTagged("resources", "title", tag);
    await pages.close();
  }
  finish(findings);
});

test("events: /events, /events/:slug, the landing page, the calendars and the back-office", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const findings = new Findings();
  await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  try {
    // Under way since 2001 and until 2099: first in the upcoming lists, whatever else is there. Each
    // starts a minute after the one before: the list is ordered by the start alone, and rows that tie
    // on it come back in no fixed order from one page to the next (one shown twice, another never).
    const startOf = (index: number) => `2001-01-01T${String(10 + Math.floor(index / 60)).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}`;
    const save = (fields: Record<string, string>, index = 0) =>
      post(page.request, "/admin/events/new", { startsAt: startOf(index), endsAt: "2099-01-01T10:00", timeZone: "UTC", maxParticipants: "40", isPublished: "on", ...fields });
    for (const [index, registrationUrl] of XSS_REFUSED_LINKS.entries()) {
      await expectRefused(pages, `event with registration link ${index}`, await save({ title: `${tag}-refused`, description: "x", registrationUrl }));
    }
    const titled = titleGroups(tag, "v", TITLE_MAX);
    await inBatches(
      titled.map(({ title, group }, index) => async () => {
        const fields = { title, description: joined(group, "\n\n"), location: joined(group).slice(0, 300), registrationUrl: XSS_HTTPS_LINKS[index % XSS_HTTPS_LINKS.length] };
        expectRedirect(await save(fields, index), `event ${ids(group)}`, /\/admin\/events$/);
      }),
    );
    const all = label(tag, "all", "text");
    expectRedirect(await save({ title: all, description: `${all}\n\n${joined(CORPUS, "\n\n")}`, location: titled[0].title.slice(0, 300) }, titled.length), "event, whole corpus");
    const rows = await rowsTagged<{ id: string; slug: string; title: string }>("events", "title", tag, "id,slug,title");
    expect(rows.length).toBe(titled.length + 1);
    const row = (title: string) => rows.find((r) => r.title.startsWith(title))!;

    await visitList(pages, "/events", [...titled.map((t) => t.label), all]);
    await visitBoth(pages, `/events/${row(all).slug}`, [all]);
    for (const index of [0, titled.length - 1]) await visitBoth(pages, `/events/${row(titled[index].label).slug}`, [titled[index].label]);
    await visitBoth(pages, "/", []);
    await checkFeed(pages, page.request, "/events.ics", "ics");
    await checkFeed(pages, page.request, `/events/${row(all).slug}.ics`, "ics");

    await visitList(pages, `/admin/events?q=${tag}`, [...titled.map((t) => t.label), all]);
    await visitBoth(pages, `/admin/events/${row(all).id}`, [all]);
    await visitBoth(pages, `/admin/events/${row(titled[0].label).id}/delete`, [titled[0].label]);
  } finally {
    await removeTagged("events", "title", tag);
    await pages.close();
  }
  finish(findings);
});

test("groups: /groups and its map, the landing page's map, the proposal form's choices, a proposal's group, the back-office", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const findings = new Findings();
  await signInAdmin(page);
  const pages = await openPages(browser, page, findings);
  try {
    const save = (fields: Record<string, string>) => post(page.request, "/admin/groups/new", fields);
    for (const [index, website] of XSS_REFUSED_LINKS.entries()) {
      await expectRefused(pages, `group with website ${index}`, await save({ name: `${tag}-refused`, description: "x", website }));
    }
    const valid = xssValidAddresses(tag);
    const named = titleGroups(tag, "g", GROUP_NAME_MAX);
    await inBatches(
      named.map(({ title, group }, index) => async () => {
        const fields: Record<string, string> = {
          name: title,
          description: joined(group, "\n\n"),
          location: joined(group).slice(0, 200),
          latitude: String(-60 + ((index * 7) % 120)),
          longitude: String(-170 + ((index * 13) % 340)),
          website: XSS_HTTPS_LINKS[index % XSS_HTTPS_LINKS.length],
          contactEmail: valid[index % valid.length],
          ...(index % 2 ? { isVerified: "on" } : {}),
        };
        expectRedirect(await save(fields), `group ${ids(group)}`, /\/admin\/groups$/);
      }),
    );
    const wholes = corpusTexts(tag, "w", 5000);
    for (const { label: name, text } of wholes) expectRedirect(await save({ name, description: text, location: name }), `group ${name}`);
    const rows = await rowsTagged<{ id: string; name: string }>("groups", "name", tag, "id,name");
    expect(rows.length).toBe(named.length + wholes.length);
    const row = (name: string) => rows.find((r) => r.name.startsWith(name))!;

    const labels = [...named.map((n) => n.label), ...wholes.map((w) => w.label)];
    // The list is paged (the map shows every group on each page): page by page until every label has been seen.
    await visitList(pages, "/groups", labels, Math.ceil(labels.length / GROUPS_PAGE_SIZE) + 4);
    await visitBoth(pages, "/", []);
    // The proposal form lists every group (the admin is a member too); a proposal names its group.
    await visitBoth(pages, "/voting/new", named.map((n) => n.label));
    const response = await post(page.request, "/voting/new", { title: label(tag, "q", 0), content: "", content_format: "html", group: row(named[0].label).id });
    const proposalId = /\/voting\/([0-9a-f-]{36})$/.exec(expectRedirect(response, "a proposal of a group"))![1];
    expectRedirect(await post(page.request, `/voting/${proposalId}`, { intent: "publish" }), "publishing it");
    await visitBoth(pages, `/voting/${proposalId}`, [named[0].label]);

    await visitList(pages, `/admin/groups?q=${tag}`, labels);
    await visitBoth(pages, `/admin/groups/${row(named[0].label).id}`, [named[0].label]);
    await visitBoth(pages, `/admin/groups/${row(named[0].label).id}/delete`, [named[0].label]);
  } finally {
    await removeTagged("proposals", "title", tag);
    await removeTagged("groups", "name", tag);
    await pages.close();
  }
  finish(findings);
});

test("the checks themselves: a page made up by the test, where payloads do run, is caught by each of them", async ({ page, browser }) => {
  // A page the site never serves (the browser's request is answered by the test), holding a few
  // payloads as a broken site would: without a policy they run; under the site's own policy the
  // inline ones are refused. Each watcher and each DOM check must report what it exists to see.
  const findings = new Findings();
  const pages = await openPages(browser, page, findings);
  try {
    const payloads = [
      "<img src=x onerror=alert(__xss=1)>",
      "<script>alert(__xss=1)</script>",
      '<a href=" javascript:alert(__xss=1)">x</a>',
      `<link rel=stylesheet href="${XSS_MARKER_PATH}.css">`,
      '<iframe srcdoc="<b>x</b>"></iframe>',
    ];
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title></head><body><main>${payloads.join("\n")}</main></body></html>`;
    const canary = (policy: boolean) => async (route: Route) =>
      route.fulfill({ status: 200, contentType: "text/html", headers: policy ? { "content-security-policy": "script-src 'nonce-canary' 'strict-dynamic'; style-src 'self' 'nonce-canary'" } : {}, body });
    for (const context of [page.context(), pages.noJs.context()]) {
      await context.route("**/xss-canary-open", canary(false));
      await context.route("**/xss-canary-policy", canary(true));
    }
    await visitBoth(pages, "/xss-canary-open", ["canary"]);
    const open = findings.list.splice(0).map((finding) => finding.split(": ")[1]);
    for (const kind of ["dialog", "marker", "marker request", "live DOM", "served HTML"]) expect(open, `without a policy, "${kind}" is reported`).toContain(kind);
    await visitBoth(pages, "/xss-canary-policy", ["canary"]);
    const policed = findings.list.splice(0).map((finding) => finding.split(": ")[1]);
    expect(policed, "under the policy, the refused inline script is reported").toContain("csp");
    expect(policed).not.toContain("dialog");
  } finally {
    await pages.close();
  }
});
