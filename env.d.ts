/// <reference types="@cloudflare/workers-types" />
/// <reference types="vite/client" />

/**
 * Bindings and variables of the Worker (wrangler.toml [vars], .dev.vars,
 * secrets set with `wrangler secret put`). Keep .dev.vars.example in step.
 */
interface Env {
  /** Base URL of the Supabase project (local: the embedded backend, http://127.0.0.1:54321). */
  SUPABASE_URL: string;
  /** The project's public anon key. Row-level security is what protects the data. */
  SUPABASE_ANON_KEY: string;
  /** Static files of build/client, served before Remix. */
  ASSETS: Fetcher;
  /** Rate limiter for the contact and join forms: 3 per 60 s per key. */
  CONTACT_LIMITER: RateLimit;
  /** Rate limiter for sign-ups: 5 per 60 s per client address. */
  SIGNUP_LIMITER: RateLimit;
  /** Rate limiter for sign-in attempts: 5 per 60 s per email address and per client address. */
  LOGIN_LIMITER: RateLimit;
  /** "development" turns on stack traces in the error screen. Unset in production. */
  ENVIRONMENT?: string;
}
