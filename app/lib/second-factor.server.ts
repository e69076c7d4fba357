/**
 * Checking a TOTP code against Supabase Auth (challenge, then verify), as the code screen and the
 * enrolment page both do. A right code raises the session to aal2 and sets its new cookies.
 */
import type { TypedSupabaseClient } from "~/lib/supabase.server";
import { logError } from "~/lib/log.server";

export type CodeOutcome = "verified" | "wrong" | "tooManyTries" | "expired" | "failed";

export async function verifyCode(supabase: TypedSupabaseClient, factorId: string, code: string): Promise<CodeOutcome> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (!error) return "verified";
  if (error.status === 429) return "tooManyTries";
  if (error.code === "mfa_verification_failed") return "wrong";
  if (error.code === "mfa_factor_not_found" || error.code === "mfa_challenge_expired") return "expired";
  logError("Checking a second-factor code failed", error);
  return "failed";
}

/** The status and the message key of each failed outcome. */
export const CODE_REFUSALS = {
  wrong: { status: 401, key: "account:errors.codeWrong" },
  tooManyTries: { status: 429, key: "account:errors.codeTooManyTries" },
  expired: { status: 400, key: "account:errors.enrolmentExpired" },
  failed: { status: 503, key: "account:errors.codeFailed" },
} as const;

/**
 * The account's verified TOTP factor: its id, or null when it has none (from Supabase Auth's user, which
 * lists factors); `failed` when listing them failed for any reason, which must not read as "no factor"
 * (removing it would then report success with the factor still on).
 */
export async function verifiedFactor(supabase: TypedSupabaseClient): Promise<{ id: string | null } | { failed: true }> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) {
    logError("Listing the account's factors failed", error);
    return { failed: true };
  }
  return { id: data.totp[0]?.id ?? null };
}
