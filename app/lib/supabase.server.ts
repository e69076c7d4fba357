import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "~/lib/database.types";
import { isLocalHost } from "~/lib/security.server";
import { logError } from "~/lib/log.server";

export type TypedSupabaseClient = SupabaseClient<Database>;

/** A client that keeps no session: no cookies, no refresh, nothing read from a URL. */
const WITHOUT_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/**
 * The one way to read public content (and to insert the public forms' rows):
 * a client with the anon key and nothing else, so row-level security shows
 * what any visitor may see, whoever asks. It never reads or sets cookies: a
 * visitor's broken or expired session cookie cannot make PostgREST reject the
 * query, a signed-in admin does not get drafts on public pages, and no token
 * refresh can put a Set-Cookie on a cacheable response.
 */
export function createAnonSupabaseClient(env: Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY">): TypedSupabaseClient {
  return createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: WITHOUT_SESSION,
  });
}

/**
 * The anon client, plus the Worker's secret in X-Worker-Secret: for the database functions that only
 * the site's own rate-limited actions may call (private.require_worker(): contact messages, download
 * counts, newsletter subscriptions). Row-level security still applies as for any visitor; the secret
 * opens those functions and nothing else. Without the secret those calls are refused (42501), which
 * the actions answer as a failure on our side; the log says why once.
 */
export function createWorkerSupabaseClient(env: Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY" | "WORKER_SECRET">): TypedSupabaseClient {
  if (!env.WORKER_SECRET && !warnedNoSecret) {
    warnedNoSecret = true;
    logError("WORKER_SECRET is not set: contact messages, downloads, subscriptions and the daily housekeeping will fail (locally: cp .dev.vars.example .dev.vars; production: README, Deploying).");
  }
  return createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: WITHOUT_SESSION,
    global: { headers: env.WORKER_SECRET ? { "X-Worker-Secret": env.WORKER_SECRET } : {} },
  });
}
let warnedNoSecret = false;

/**
 * A Supabase client for ONE request, acting as the visitor (anon key plus the
 * session from the request's cookies, so row-level security applies).
 *
 * Session cookies it writes (sign-in, token refresh, sign-out) are collected
 * in `headers` as Set-Cookie lines: HttpOnly, SameSite=Lax, Path=/, and Secure
 * unless the site runs on localhost/127.0.0.1. Every loader and action that
 * uses the client must return those headers, e.g.
 *
 *   const { supabase, headers } = createSupabaseServerClient(request, context.cloudflare.env);
 *   const { data: user } = await supabase.auth.getUser();
 *   return data({ … }, { headers });
 *
 * (or `redirect(to, { headers })`). Dropping them loses refreshed sessions.
 * Responses that set cookies become `private, no-store` (app/lib/cache.server.ts).
 */
export function createSupabaseServerClient(
  request: Request,
  env: Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY">,
): { supabase: TypedSupabaseClient; headers: Headers } {
  const headers = new Headers();
  const secure = !isLocalHost(new URL(request.url));

  const supabase = createServerClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
    cookies: {
      getAll() {
        return parseCookieHeader(request.headers.get("Cookie") ?? "");
      },
      setAll(cookiesToSet, cacheHeaders) {
        for (const { name, value, options } of cookiesToSet) {
          headers.append(
            "Set-Cookie",
            serializeCookieHeader(name, value, {
              ...options,
              path: options.path ?? "/",
              httpOnly: true,
              sameSite: "lax",
              secure,
            }),
          );
        }
        for (const [key, value] of Object.entries(cacheHeaders ?? {})) headers.set(key, value);
      },
    },
  });

  return { supabase, headers };
}
