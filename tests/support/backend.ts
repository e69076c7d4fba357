// Clients of the embedded backend started by tests/global-setup.ts, through the real supabase-js.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { inject } from "vitest";
import type { Database } from "~/lib/database.types";

export const ACCOUNTS = {
  admin: { email: "admin@example.org", password: "local-admin-password" },
  member: { email: "member@example.org", password: "local-member-password" },
} as const;

export type Client = SupabaseClient<Database>;

export const backendUrl = () => inject("supabaseUrl");
export const anonKey = () => inject("anonKey");
export const serviceRoleKey = () => inject("serviceRoleKey");

function client(key: string): Client {
  return createClient<Database>(backendUrl(), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export const anonClient = () => client(anonKey());
export const serviceClient = () => client(serviceRoleKey());

/** A client signed in with email and password; fails the test if sign-in fails. */
export async function signedInClient(account: { email: string; password: string }): Promise<Client> {
  const supabase = anonClient();
  const { error } = await supabase.auth.signInWithPassword(account);
  if (error) throw new Error(`sign-in as ${account.email} failed: ${error.message}`);
  return supabase;
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
