// Granting the app's admin role: a row in public.admins (the table comes from the project's migrations).

import type { PGlite } from "@electric-sql/pglite";

export class UnknownUserError extends Error {
  constructor(readonly email: string) {
    super(`No user with the email ${email} exists. Sign up first (or check the seed), then run this again.`);
  }
}

/** Inserts the user's id into public.admins; `added` is false when the user already was an admin. */
export async function grantAdmin(db: PGlite, email: string): Promise<{ userId: string; added: boolean }> {
  const user = await db.query<{ id: string }>("select id from auth.users where lower(email) = lower($1) limit 1", [email.trim()]);
  const userId = user.rows[0]?.id;
  if (!userId) throw new UnknownUserError(email);
  const inserted = await db.query("insert into public.admins (user_id) values ($1) on conflict (user_id) do nothing returning user_id", [userId]);
  return { userId, added: inserted.rows.length > 0 };
}
