/**
 * Who is asking: the one way routes learn about the signed-in member (style.md: requireUser,
 * requireMember…). The session lives in @supabase/ssr's HttpOnly cookies; it is trusted only after
 * `auth.getUser()` has asked Supabase Auth, never from the cookie alone. Every loader or action
 * that calls these returns `headers` (refreshed session cookies) on its response.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { hasSessionCookie } from "~/lib/cache.server";
import { createSupabaseServerClient, type TypedSupabaseClient } from "~/lib/supabase.server";

/** The signed-in member as pages need them. */
export type Viewer = {
  id: string;
  email: string;
  username: string;
  /** Approved membership: proposing, voting and commenting. */
  isMember: boolean;
  isAdmin: boolean;
};

export type Session = { supabase: TypedSupabaseClient; headers: Headers; viewer: Viewer | null };

/** The request's Supabase client, its cookie headers and the signed-in viewer (null for visitors). */
export async function getSession(request: Request, context: AppLoadContext): Promise<Session> {
  const { supabase, headers } = createSupabaseServerClient(request, context.cloudflare.env);
  // A visitor without a session cookie costs no request to Supabase Auth.
  if (!hasSessionCookie(request)) return { supabase, headers, viewer: null };
  const { data, error } = await supabase.auth.getUser();
  if (error || !data.user) return { supabase, headers, viewer: null };
  const [profile, member, admin] = await Promise.all([
    supabase.from("profiles").select("username").eq("id", data.user.id).maybeSingle(),
    supabase.rpc("is_member"),
    supabase.rpc("is_admin"),
  ]);
  const viewer: Viewer = {
    id: data.user.id,
    email: data.user.email ?? "",
    username: profile.data?.username ?? "",
    isMember: member.data === true,
    isAdmin: admin.data === true,
  };
  return { supabase, headers, viewer };
}

/** Where to come back to after signing in: this page. */
function loginRedirect(request: Request, headers: Headers): Response {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, { headers });
}

/** The session of a signed-in viewer; a visitor is sent to /login and brought back afterwards. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Session & { viewer: Viewer }> {
  const session = await getSession(request, context);
  if (!session.viewer) throw loginRedirect(request, session.headers);
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
 * A visitor is sent to /admin/login and brought back; a signed-in non-admin gets a 403 screen.
 * Row-level security refuses the same writes independently.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<Session & { viewer: Viewer }> {
  const session = await getSession(request, context);
  if (!session.viewer) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/admin/login?${new URLSearchParams({ redirectTo: back })}`, { headers: session.headers });
  }
  if (!session.viewer.isAdmin) throw data({ reason: "notAdmin" }, { status: 403, headers: session.headers });
  return session as Session & { viewer: Viewer };
}
