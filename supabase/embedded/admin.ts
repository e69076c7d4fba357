// Granting the app's roles: a row in public.admins (administration) or public.members (approved
// membership). Both tables come from the project's migrations and are closed to the API.

import type { PGlite } from "@electric-sql/pglite";

export type Grant = "admin" | "member";

/** The table whose row grants each role. */
export const GRANT_TABLES: Record<Grant, string> = { admin: "admins", member: "members" };

export class UnknownUserError extends Error {
  constructor(readonly email: string) {
    super(`No user with the email ${email} exists. Sign up first (or check the seed), then run this again.`);
  }
}

/**
 * Inserts the user's id into the role's table; `added` is false when the user already had the role.
 * An approval deletes what the account wrote to be approved, as approving it in /admin/members does.
 */
export async function grantRole(db: PGlite, email: string, grant: Grant): Promise<{ userId: string; added: boolean }> {
  const user = await db.query<{ id: string }>("select id from auth.users where lower(email) = lower($1) limit 1", [email.trim()]);
  const userId = user.rows[0]?.id;
  if (!userId) throw new UnknownUserError(email);
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into public.${GRANT_TABLES[grant]} (user_id) values ($1) on conflict (user_id) do nothing returning user_id`,
      [userId],
    );
    if (grant === "member") await tx.query("delete from public.membership_applications where user_id = $1", [userId]);
    return { userId, added: inserted.rows.length > 0 };
  });
}

/**
 * A lost device: removes the account's second factors and ends its sessions, so that it signs in
 * with its password again (an admin is then asked to enrol a new factor). `removed` counts factors.
 */
export async function resetSecondFactor(db: PGlite, email: string): Promise<{ userId: string; removed: number }> {
  const user = await db.query<{ id: string }>("select id from auth.users where lower(email) = lower($1) limit 1", [email.trim()]);
  const userId = user.rows[0]?.id;
  if (!userId) throw new UnknownUserError(email);
  return db.transaction(async (tx) => {
    const removed = await tx.query("delete from auth.mfa_factors where user_id = $1 returning id", [userId]);
    await tx.query("delete from auth.sessions where user_id = $1", [userId]);
    return { userId, removed: removed.rows.length };
  });
}
