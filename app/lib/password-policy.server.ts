/**
 * What a new password may not be, beyond its length (the shared schemas check that): one of the
 * common leaked passwords, or the account's own email address or public name. Checked by the
 * Worker on sign-up, change and reset, before Supabase Auth sees the password (decision 029).
 */
import { COMMON_PASSWORDS } from "~/lib/common-passwords.server";

export type PasswordProblem = "common" | "personal";

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  common: "account:errors.weakPassword.common",
  personal: "account:errors.weakPassword.personal",
};

let common: Set<string> | null = null;
const normalize = (text: string) => text.normalize("NFKC").toLowerCase().trim();

/** The problem with `password`, or null; `personal` holds the account's email address and public name. */
export function passwordProblem(password: string, personal: { email?: string; publicName?: string }): PasswordProblem | null {
  const candidate = normalize(password);
  common ??= new Set(COMMON_PASSWORDS);
  if (common.has(candidate)) return "common";
  const email = normalize(personal.email ?? "");
  const own = [email, email.split("@")[0], normalize(personal.publicName ?? "")].filter(Boolean);
  return own.includes(candidate) ? "personal" : null;
}
