/**
 * Password sign-in, as /login and /admin/login both do it: the shared schema, at most 5 attempts
 * per 60 s per email address and per client address (429), a wrong password and an unknown
 * address answered alike (401), and the password never sent back to the page. An account with a
 * second factor continues on /login/code. Messages are keys of
 * the account namespace, named with it: the admin sign-in page translates in its own.
 */
import { parseForm } from "~/lib/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { requireAnonymous } from "~/lib/auth.server";
import { memberForm } from "~/lib/member-action.server";
import { LoginSchema } from "~/lib/member-schemas";
import { clientKey, emailKey, withinLimit } from "~/lib/rate-limit.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { logError } from "~/lib/log.server";

export async function signInWithPassword(request: Request, context: AppLoadContext, fallback: string) {
  const formData = await memberForm(request);
  const submission = parseForm(formData, LoginSchema);
  const reply = (status: number, formErrors?: string[]) =>
    data({ result: submission.reply({ formErrors, hideFields: ["password"] }) }, { status });
  if (submission.status !== "success") return reply(400);

  const { email, password, redirectTo } = submission.value;
  const env = context.cloudflare.env;
  if (!(await withinLimit(env, "LOGIN_LIMITER", [clientKey(request), emailKey(email)]))) {
    return reply(429, ["account:errors.rateLimited"]);
  }

  const { supabase, headers } = await requireAnonymous(request, context);
  const { data: signedIn, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) {
    if (error.code === "invalid_credentials") return reply(401, ["account:errors.invalidCredentials"]);
    if (error.code === "email_not_confirmed") return reply(403, ["account:errors.emailNotConfirmed"]);
    if (error.status === 429) return reply(429, ["account:errors.rateLimited"]);
    logError("Sign-in failed", error);
    return reply(503, ["account:errors.signInFailed"]);
  }
  const target = safeRedirect(redirectTo, fallback);
  // An account with a verified factor has only aal1 now: the code screen completes the sign-in.
  if (signedIn.user?.factors?.some((factor) => factor.status === "verified")) {
    return redirect(`/login/code?${new URLSearchParams({ redirectTo: target })}`, { headers });
  }
  return redirect(target, { headers });
}
