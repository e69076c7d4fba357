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

/** The account's verified TOTP factor, if any (from Supabase Auth's user, which lists factors). */
export async function verifiedFactorId(supabase: TypedSupabaseClient): Promise<string | null> {
  const { data } = await supabase.auth.mfa.listFactors();
  return data?.totp[0]?.id ?? null;
}
