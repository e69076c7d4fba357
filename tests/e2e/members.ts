// What the members' tests share: accounts made through the backend's sign-up API and approved
// through its admin path, an admin's moves through the API, and signing in and out as people do.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import account from "../../locales/en/account.json" with { type: "json" };
import admin from "../../locales/en/admin.json" with { type: "json" };
import common from "../../locales/en/common.json" with { type: "json" };
import { LOCAL_ADMIN_TOTP_SECRET, totpCode } from "../support/totp";
import { ANON_KEY, SERVICE_ROLE_KEY, SUPABASE_URL } from "./local-backend";

export const PASSWORD = "e2e-member-password";

/** Gives a browser context a client address of its own, so the sign-in limits of one test never stop another (local only). */
export async function ownClientAddress(context: BrowserContext) {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `10.${bytes[0]}.${bytes[1]}.${bytes[2]}` });
}

export const unique = () => crypto.randomUUID().slice(0, 8);

/**
 * Deletes the back-office row named `name` after confirming: a dialog with JavaScript, a page (carrying
 * the list's query) without. It presses as soon as the link is there, hydrated or not: a press while
 * React hydrates must reach one or the other.
 */
export async function deleteRow(page: Page, name: string) {
  await page.getByRole("link", { name: `${admin.delete.button} ${name}` }).click();
  if (test.info().project.use.javaScriptEnabled === false) await expect(page).toHaveURL(/\/delete(\?|$)/);
  await page.getByRole("button", { name: admin.delete.confirm }).click();
}

/** A field of the page's main content by the start of its label ("Password" is not "New password"; the footer's newsletter is elsewhere). */
export function field(page: Page, label: string) {
  return page.locator("main").getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
}

/** A new account through the backend's sign-up API, approved through its admin path. */
export async function approvedMember(label: string) {
  const email = `e2e-${label}-${unique()}@example.org`;
  const username = `${label}-${unique()}`;
  const signup = await fetch(`${SUPABASE_URL}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, data: { username } }),
  });
  expect(signup.status).toBe(200);
  const grant = await fetch(`${SUPABASE_URL}/__admin`, {
    method: "POST",
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ email, grant: "member" }),
  });
  expect(grant.status).toBe(200);
  return { email, username };
}

/**
 * A new approved member who is also an admin: each test signs in as its own, so the sign-in limit
 * per address never stops another. Enrolled (the default), it has a TOTP factor, whose secret it returns.
 */
export async function freshAdmin({ enrolled = true } = {}) {
  const admin = await approvedMember("admin");
  const grant = await fetch(`${SUPABASE_URL}/__admin`, {
    method: "POST",
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ email: admin.email, grant: "admin" }),
  });
  expect(grant.status).toBe(200);
  const totpSecret = enrolled ? await enrolFactor(admin.email, PASSWORD) : "";
  return { ...admin, totpSecret };
}

async function authApi<T>(path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

/** Signs in with a password through the API: an aal1 access token. */
async function passwordToken(email: string, password: string): Promise<string> {
  const { access_token } = await authApi<{ access_token: string }>("/token?grant_type=password", { email, password });
  return access_token;
}

/** Signs in through the API, then challenges and verifies the factor: an aal2 access token. */
async function verifiedToken(email: string, password: string, factor: { id: string; secret: string }): Promise<string> {
  const access_token = await passwordToken(email, password);
  const challenge = await authApi<{ id: string }>(`/factors/${factor.id}/challenge`, {}, access_token);
  const verified = await authApi<{ access_token: string }>(
    `/factors/${factor.id}/verify`,
    { challenge_id: challenge.id, code: totpCode(factor.secret) },
    access_token,
  );
  return verified.access_token;
}

/** Enrols and confirms a TOTP factor for an account, as an authenticator app's owner would; returns its secret. */
export async function enrolFactor(email: string, password: string): Promise<string> {
  const access_token = await passwordToken(email, password);
  const factor = await authApi<{ id: string; totp: { secret: string } }>("/factors", { factor_type: "totp" }, access_token);
  await verifiedToken(email, password, { id: factor.id, secret: factor.totp.secret });
  return factor.totp.secret;
}

/**
 * A new member's proposal, put up for discussion and commented on through the API, as the member's
 * screens do it; returns its id.
 */
export async function proposalInDiscussion(text: { title: string; content: string; comment: string }): Promise<string> {
  const { email } = await approvedMember("author");
  const access_token = await passwordToken(email, PASSWORD);
  const rest = (path: string, method: string, body: object) =>
    fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
      method,
      headers: { apikey: ANON_KEY, authorization: `Bearer ${access_token}`, "content-type": "application/json", prefer: "return=representation" },
      body: JSON.stringify(body),
    });
  const created = await rest("proposals", "POST", { title: text.title, content: text.content });
  expect(created.status, await created.clone().text()).toBe(201);
  const [{ id }] = (await created.json()) as { id: string }[];
  const opened = await rest(`proposals?id=eq.${id}`, "PATCH", { status: "discussion" });
  expect(opened.status, await opened.clone().text()).toBe(200);
  const commented = await rest("proposal_comments", "POST", { proposal_id: id, content: text.comment });
  expect(commented.status, await commented.clone().text()).toBe(201);
  return id;
}

/** The seed's admin at aal2 (admin rights need the second factor). */
function adminToken(): Promise<string> {
  return verifiedToken("admin@example.org", "local-admin-password", { id: "c0000000-0000-4000-8000-000000000001", secret: LOCAL_ADMIN_TOTP_SECRET });
}

/** The code screen after a password: the current code of `secret`, as the authenticator app shows it. */
export async function enterCode(page: Page, secret: string) {
  await expect(page).toHaveURL(/\/login\/code\?/);
  await field(page, account.fields.code).fill(totpCode(secret));
  await page.getByRole("button", { name: account.code.submit }).click();
}

/**
 * Sends a back-office form as from a page left open, and checks it was not saved: the answer leads
 * to `step` (the step the session owes) with `unsent`, and that page says `notice`. Returns its path.
 */
export async function sendUnsavedForm(page: Page, step: string, notice: string): Promise<string> {
  const sent = await page.request.post("/admin/news/new", { headers: { Origin: new URL(page.url()).origin }, form: { title: "Unsent" }, maxRedirects: 0 });
  expect(sent.status()).toBe(302);
  const location = `${step}?redirectTo=%2Fadmin%2Fnews%2Fnew&unsent=1`;
  expect(sent.headers().location).toBe(location);
  await page.goto(location);
  await expect(page.getByText(notice)).toBeVisible();
  return location;
}

/**
 * Time passing: the proposal's voting window ends now. Written with the service role, as nobody
 * can through the API once voting has opened (not even an admin: the counts would show early).
 */
export async function endVotingWindow(proposalId: string) {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/proposals?id=eq.${proposalId}`, {
    method: "PATCH",
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ voting_ends_at: new Date(Date.now() - 1000).toISOString() }),
  });
  expect(response.status, await response.text()).toBe(204);
}

/** An admin's change of a proposal through the API, as the admin screens will make it. */
export async function asAdmin(proposalId: string, change: Record<string, string>) {
  const token = await adminToken();
  const response = await fetch(`${SUPABASE_URL}/rest/v1/proposals?id=eq.${proposalId}`, {
    method: "PATCH",
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(change),
  });
  expect(response.status, await response.text()).toBe(204);
}

export async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await field(page, account.fields.email).fill(email);
  await field(page, account.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: account.login.submit }).click();
  await expect(page).toHaveURL(/\/voting$/);
}

/**
 * Waits until React runs on a page that hydrates (docs/decisions/040): a click before that is a
 * plain link or form, which works, but is not what a test of the enhancement means to press.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

/** Signs out through the header: the member's menu in the desktop row, or the slide-in menu on a narrower screen. */
export async function signOut(page: Page) {
  const accountMenu = page.locator('header button[popovertarget="account-menu"]');
  const slideInMenu = page.locator('header button[popovertarget="site-menu"]:not([popovertargetaction])');
  await expect(accountMenu.or(slideInMenu).filter({ visible: true })).toHaveCount(1);
  if (await accountMenu.isVisible()) {
    await accountMenu.click();
    await page.locator("#account-menu").getByRole("button", { name: common.header.account.signOut }).click();
  } else {
    await slideInMenu.click();
    await page.locator("#site-menu").getByRole("button", { name: common.header.account.signOut }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}

/** Signs in at /admin/login as a new admin of its own, coming back to `target`. */
export async function signInAsAdmin(page: Page, target = "/admin") {
  const { email, username, totpSecret } = await freshAdmin();
  await page.goto(target);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await field(page, account.fields.email).fill(email);
  await field(page, account.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: account.login.submit }).click();
  await enterCode(page, totpSecret);
  const expected = decodeURIComponent(target);
  await page.waitForURL((url) => decodeURIComponent(`${url.pathname}${url.search}`.replace(/\+/g, " ")) === expected);
  return { email, username };
}
