// Codes for TOTP factors, computed the way an authenticator app does (the backend checks them with the same library).
import { Secret, TOTP } from "otpauth";

/** The seed's admin factor (supabase/seed.sql): local development only, like the seed's passwords. */
export const LOCAL_ADMIN_TOTP_SECRET = "TUA2IR7VKIJOFLNTW4CFNGSLDKHKIMMD";

/** The current code of a base32 secret; `offsetSteps` moves it by whole 30-second steps. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A six-digit code that is none of the codes accepted now (the ±1 step window). */
export function wrongTotpCode(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((step) => totpCode(secret, step)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}
