// Clients of the embedded backend started by tests/global-setup.ts, through the real supabase-js.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { inject } from "vitest";
import type { Database } from "~/lib/database.types";
import { LOCAL_ADMIN_TOTP_SECRET, totpCode } from "./totp";

type Account = { email: string; password: string; totpSecret?: string };

export const ACCOUNTS = {
  admin: { email: "admin@example.org", password: "local-admin-password", totpSecret: LOCAL_ADMIN_TOTP_SECRET },
  member: { email: "member@example.org", password: "local-member-password" },
} as const satisfies Record<string, Account>;

export type Client = SupabaseClient<Database>;

/** The Worker's local secret (supabase/seed.sql, scripts/ports.mjs): what the site sends as X-Worker-Secret. */
export const LOCAL_WORKER_SECRET = "local-worker-secret-never-use-in-production";

export const backendUrl = () => inject("supabaseUrl");
export const anonKey = () => inject("anonKey");
export const serviceRoleKey = () => inject("serviceRoleKey");
const mailUrl = () => inject("mailUrl");

export type CaughtMail = { subject: string; html: string; to: { address: string }[]; time: string };

/** The mail the local catcher holds for `address`, newest last (maildev's GET /api/email). */
export async function mailTo(address: string, base = mailUrl()): Promise<CaughtMail[]> {
  const response = await fetch(`${base}/api/email`);
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
  const all = (await response.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

function client(key: string): Client {
  return createClient<Database>(backendUrl(), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export const anonClient = () => client(anonKey());

/** The site's own client: the anon key plus the Worker's secret (X-Worker-Secret), or another secret to try. */
export function workerClient(secret: string = LOCAL_WORKER_SECRET): Client {
  return createClient<Database>(backendUrl(), anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { "X-Worker-Secret": secret } },
  });
}
export const serviceClient = () => client(serviceRoleKey());

/**
 * A client signed in with email and password, and with the account's TOTP code when it has a
 * factor (admins need aal2); fails the test if sign-in fails. `aal1` stops after the password.
 */
export async function signedInClient(account: Account, { aal1 = false } = {}): Promise<Client> {
  const supabase = anonClient();
  const { error } = await supabase.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw new Error(`sign-in as ${account.email} failed: ${error.message}`);
  if (account.totpSecret && !aal1) await verifySecondFactor(supabase, account.totpSecret);
  return supabase;
}

/** Raises a signed-in client's session to aal2 with the current code of its verified factor. */
export async function verifySecondFactor(supabase: Client, secret: string): Promise<void> {
  const { data } = await supabase.auth.mfa.listFactors();
  const factorId = data?.totp[0]?.id;
  if (!factorId) throw new Error("the account has no verified factor");
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
  if (error) throw new Error(`the second factor was refused: ${error.message}`);
}

/** Supabase Auth's answer to an access token on GET /auth/v1/user: 200 while its session lives, 403 once it has ended. */
export function userWithToken(accessToken: string): Promise<Response> {
  return fetch(`${backendUrl()}/auth/v1/user`, { headers: { apikey: anonKey(), Authorization: `Bearer ${accessToken}` } });
}

/** Truncates every table and re-runs the seed (a route only the embedded backend has). */
export async function resetBackend(): Promise<void> {
  const response = await fetch(`${backendUrl()}/__reset`, {
    method: "POST",
    headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}` },
  });
  if (!response.ok) throw new Error(`reset failed: ${response.status} ${await response.text()}`);
}

/** Approves an account's membership, as `npm run db:admin -- --approve <email>` does. */
export async function approveMember(email: string): Promise<void> {
  const response = await fetch(`${backendUrl()}/__admin`, {
    method: "POST",
    headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email, grant: "member" }),
  });
  if (!response.ok) throw new Error(`approving ${email} failed: ${response.status} ${await response.text()}`);
}
