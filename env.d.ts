/// <reference types="@cloudflare/workers-types" />
/// <reference types="vite/client" />

/**
 * Bindings and variables of the Worker (wrangler.toml [vars], .dev.vars,
 * secrets set with `wrangler secret put`). Keep .dev.vars.example in step.
 */
interface Env {
  /** The site's public address (production: wrangler.toml [env.production.vars]); unset locally. */
  SITE_URL?: string;
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
  /** Rate limiter for newsletter subscriptions (each may send a mail), and apart for its links: 3 per 60 s per client address each. */
  NEWSLETTER_LIMITER: RateLimit;
  /** Rate limiter for the download counter: a client's downloads beyond 5 per 60 s are not counted. */
  DOWNLOAD_LIMITER: RateLimit;
  /**
   * Secret shared with the database (private.worker_secret holds its SHA-256): sent as X-Worker-Secret,
   * it lets the Worker's own functions run (newsletter subscriptions). A Worker secret in production.
   */
  WORKER_SECRET?: string;
  /** SMTP server for the mail the Worker sends itself (newsletter confirmations); locally the mail catcher. */
  SMTP_HOST?: string;
  /** Its port: 465 for TLS from the start, 587 (STARTTLS) or the catcher's 54325. */
  SMTP_PORT?: string;
  /** SMTP user and password, when the server asks for them (Worker secrets in production). */
  SMTP_USER?: string;
  SMTP_PASS?: string;
  /** Sender address of that mail. */
  MAIL_FROM?: string;
}
