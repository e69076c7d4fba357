/**
 * Who is asking: the one way routes learn about the signed-in member (style.md: requireUser,
 * requireMember…). The session lives in @supabase/ssr's HttpOnly cookies; it is trusted only after
 * `auth.getUser()` has asked Supabase Auth, never from the cookie alone. Every loader or action
 * that calls these returns `headers` (refreshed session cookies) on its response.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { AuthUnknownError, isAuthApiError, isAuthRetryableFetchError } from "@supabase/supabase-js";
import { hasSessionCookie } from "~/lib/cache.server";
import { logError } from "~/lib/log.server";
import { createSupabaseServerClient, type TypedSupabaseClient } from "~/lib/supabase.server";

/** The signed-in member as pages need them. */
export type Viewer = {
  id: string;
  email: string;
  username: string;
  /** Approved membership: proposing, voting and commenting. */
  isMember: boolean;
  /** Admin rights now: an admin account whose session passed its second factor (aal2). */
  isAdmin: boolean;
  /** An admin account, whether or not this session has the rights yet. */
  hasAdminRole: boolean;
  /** A verified TOTP factor. */
  hasSecondFactor: boolean;
  /** Signed in with the password only while a factor exists: the code is still to be entered. */
  needsCode: boolean;
};

type ViewerRights = { member: boolean; admin: boolean; admin_role: boolean; second_factor: boolean; aal: string };

export type Session = { supabase: TypedSupabaseClient; headers: Headers; viewer: Viewer | null };

/** The session the loaders of a request read, by its load context (one per request: server.ts). */
const loadersSessions = new WeakMap<AppLoadContext, Promise<Session>>();

/**
 * The request's Supabase client, its cookie headers and the signed-in viewer (null for visitors).
 * Throws a 503 Response when the backend cannot say who is asking (decision 043).
 *
 * The loaders of one page (the root's and the route's, run side by side) share one reading: one
 * question to Supabase Auth, not one a loader, and one refresh of an expired session. An action reads
 * its own; the loaders after it read again (Remix gives them a GET), so they see what it changed.
 */
export function getSession(request: Request, context: AppLoadContext): Promise<Session> {
  if (request.method !== "GET" && request.method !== "HEAD") return readSession(request, context);
  let session = loadersSessions.get(context);
  if (!session) {
    session = readSession(request, context);
    loadersSessions.set(context, session);
  }
  return session;
}

async function readSession(request: Request, context: AppLoadContext): Promise<Session> {
  const { supabase, headers } = createSupabaseServerClient(request, context.cloudflare.env);
  // A visitor without a session cookie costs no request to Supabase Auth.
  if (!hasSessionCookie(request)) return { supabase, headers, viewer: null };
  const { data, error } = await supabase.auth.getUser();
  if (authUnreachable(error)) throw sessionUnreadable("Asking Supabase Auth for the session's user failed", error, headers);
  if (error || !data.user) return { supabase, headers, viewer: null };
  const [profile, rights] = await Promise.all([
    supabase.from("profiles").select("username").eq("id", data.user.id).maybeSingle(),
    supabase.rpc("viewer_rights"),
  ]);
  if (profile.error || rights.error) throw sessionUnreadable("Reading the viewer's profile and rights failed", profile.error ?? rights.error, headers);
  const granted = (rights.data ?? {}) as Partial<ViewerRights>;
  const viewer: Viewer = {
    id: data.user.id,
    email: data.user.email ?? "",
    username: profile.data?.username ?? "",
    isMember: granted.member === true,
    isAdmin: granted.admin === true,
    hasAdminRole: granted.admin_role === true,
    hasSecondFactor: granted.second_factor === true,
    needsCode: granted.second_factor === true && granted.aal !== "aal2",
  };
  return { supabase, headers, viewer };
}

/**
 * An error of Supabase Auth that says nothing about the session: out of reach or failing (no answer, a
 * 5xx), too busy (429), or an answer it could not read. Never "signed out" or "no factor".
 */
export function authUnreachable(error: unknown): boolean {
  return isAuthRetryableFetchError(error) || error instanceof AuthUnknownError || (isAuthApiError(error) && (error.status >= 500 || error.status === 429));
}

/**
 * The backend could not say who is asking (out of reach, or overloaded): a moment's wait (503, the error
 * page's "unavailable"), never a guess. Taken for a visitor, a member would be sent to sign in again;
 * taken as "no rights", told that their membership awaits approval, or refused a vote with 403.
 */
function sessionUnreadable(what: string, error: unknown, headers: Headers): Response {
  logError(what, error);
  // auth-js drops the session when refreshing it fails for any reason but a network error (a 429 too),
  // and @supabase/ssr then deletes its cookies: not because Auth was busy. Rotated cookies are kept.
  const kept = new Headers(headers);
  kept.delete("Set-Cookie");
  for (const cookie of headers.getSetCookie()) if (!/;\s*Max-Age=0(?:;|$)/i.test(cookie)) kept.append("Set-Cookie", cookie);
  return new Response("The session could not be read", { status: 503, headers: kept });
}

/** A redirect to `page` that brings the viewer back to this request's page afterwards. */
function redirectBackingTo(page: string, request: Request, headers: Headers, extra: Record<string, string> = {}): Response {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(`${page}?${new URLSearchParams({ redirectTo: back, ...extra })}`, { headers });
}

/**
 * To a step the session owes (signing in, the second factor's code, an admin's second factor), and
 * back. A form that arrives there was shown while the session could send it (signed out on another
 * device, or signed in there again with the password only): the step's page says it was not saved
 * (UnsentNotice).
 */
const stepFirst = (page: string, request: Request, headers: Headers) =>
  redirectBackingTo(page, request, headers, request.method === "GET" || request.method === "HEAD" ? {} : { unsent: "1" });

/**
 * The session of a signed-in viewer; a visitor is sent to /login, a viewer who still owes the
 * second factor's code to /login/code, each brought back afterwards.
 */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Session & { viewer: Viewer }> {
  const session = await getSession(request, context);
  if (!session.viewer) throw stepFirst("/login", request, session.headers);
  if (session.viewer.needsCode) throw stepFirst("/login/code", request, session.headers);
  return session as Session & { viewer: Viewer };
}

/** Sign-in and sign-up pages: someone already signed in goes to their account instead. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<Session> {
  const session = await getSession(request, context);
  if (session.viewer) throw redirect("/account", { headers: session.headers });
  return session;
}

/**
 * The session of a signed-in admin, for every /admin loader and action (each checks on its own:
 * Remix runs a page's loaders in parallel, so the layout's check protects nothing below it).
 * A visitor is sent to /admin/login, an admin signed in with the password only to the code screen,
 * an admin without a factor to enrol one, each brought back; a signed-in non-admin gets a 403 screen.
 * Row-level security refuses the same reads and writes independently (is_admin() needs aal2).
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<Session & { viewer: Viewer }> {
  const session = await getSession(request, context);
  const { viewer, headers } = session;
  if (!viewer) throw stepFirst("/admin/login", request, headers);
  if (viewer.hasAdminRole && !viewer.isAdmin) {
    if (viewer.needsCode) throw stepFirst("/login/code", request, headers);
    if (!viewer.hasSecondFactor) throw stepFirst("/account/two-factor", request, headers);
  }
  if (!viewer.isAdmin) throw data({ reason: "notAdmin" }, { status: 403, headers });
  return session as Session & { viewer: Viewer };
}
