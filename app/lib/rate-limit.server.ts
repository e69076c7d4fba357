/**
 * The Worker's rate limits (wrangler.toml [[ratelimits]], counted per Cloudflare location). A
 * limiter is asked with a key: the client address (Cloudflare's cf-connecting-ip), an email
 * address, or both in turn. Keys are never stored or logged.
 */
import { logError, logWarn } from "~/lib/log.server";

export type LimiterName = "CONTACT_LIMITER" | "SIGNUP_LIMITER" | "LOGIN_LIMITER" | "NEWSLETTER_LIMITER" | "DOWNLOAD_LIMITER";

const warnedMissing = new Set<LimiterName>();

/** The limiter key for the client: its address as Cloudflare reports it (everyone shares one bucket without it). */
export function clientKey(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}

/** The limiter key for an account's email address (case-insensitive), distinct from any client key. */
export function emailKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

/**
 * True when every key may go on (each key counts one attempt). Without the binding (unit tests,
 * `remix vite:dev` without wrangler's proxy) nothing is limited; a limiter that throws lets the
 * request through too: a broken limiter should not lock everyone out, and the database still
 * guards the data.
 */
export async function withinLimit(env: Partial<Record<LimiterName, RateLimit>>, name: LimiterName, keys: string[]): Promise<boolean> {
  const limiter = env[name];
  if (!limiter) {
    if (!warnedMissing.has(name)) {
      warnedMissing.add(name);
      logWarn(`${name} binding missing: these requests are not rate-limited.`);
    }
    return true;
  }
  try {
    let allowed = true;
    for (const key of keys) {
      const { success } = await limiter.limit({ key });
      allowed &&= success;
    }
    return allowed;
  } catch (error) {
    logError(`${name} failed; letting the request through`, error);
    return true;
  }
}
