import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/form-submission.server";
import { createCookie, data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isAuthWeakPasswordError, type User } from "@supabase/supabase-js";
import { authUnreachable } from "~/lib/auth.server";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextInput } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { SubmitButton, formSubmittingScript } from "~/components/SubmitButton";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { memberForm } from "~/lib/member-action.server";
import { PASSWORD_MAX } from "~/lib/member-fields";
import { ResetLinkSchema, ResetPasswordSchema } from "~/lib/member-schemas";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from "~/lib/password-policy.server";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { isLocalHost } from "~/lib/security.server";
import { createSupabaseServerClient, type TypedSupabaseClient } from "~/lib/supabase.server";
import { useMemberForm } from "~/lib/use-member-form";
import { logError } from "~/lib/log.server";

/**
 * /reset-password?token_hash=…&type=recovery: the mailed link. A GET only shows the form, so that
 * mail scanners following the link use nothing up; the POST spends the token (verifyOtp), which
 * signs the member in, then sets the new password (which signs out their other sessions) and goes
 * to /account. The link works once, within the hour Supabase Auth gives it. A password refused only
 * after the token is spent (the member's own address or name) may be chosen again in that session.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const link = parseForm(new URL(request.url).searchParams, ResetLinkSchema);
  const tokenHash = link.status === "success" ? link.value.token_hash : null;
  const t = await getFixedT(request, "account");
  return data({ title: t("reset.meta.title"), tokenHash, strings: await namespaceStrings(request, "account") }, { status: tokenHash ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const submission = parseForm(formData, ResetPasswordSchema);
  const env = context.cloudflare.env;
  const { supabase, headers } = createSupabaseServerClient(request, env);
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ result: submission.reply({ ...errors, hideFields: ["newPassword"] }) }, { status, headers });
  if (submission.status !== "success") return reply(400);
  if (!(await withinLimit(env, "LOGIN_LIMITER", [clientKey(request)]))) return reply(429, { formErrors: ["errors.rateLimited"] });

  const { token_hash, newPassword } = submission.value;
  if (passwordProblem(newPassword, {}) === "common") return reply(400, { fieldErrors: { newPassword: [PASSWORD_PROBLEM_MESSAGES.common] } });
  const pending = pendingCookie(request);
  const user = await recoveringUser(supabase, token_hash, (await pending.parse(request.headers.get("Cookie"))) === token_hash);
  if (user === "failed") return reply(503, { formErrors: ["errors.accountFailed"] });
  if (!user) return reply(400, { formErrors: ["errors.resetLinkExpired"] });
  // Known only now that the link is spent: the session it opened, and this cookie, let the member choose again.
  if (passwordProblem(newPassword, { email: user.email, publicName: user.username }) === "personal") {
    headers.append("Set-Cookie", await pending.serialize(token_hash));
    return reply(400, { fieldErrors: { newPassword: [PASSWORD_PROBLEM_MESSAGES.personal] } });
  }
  headers.append("Set-Cookie", await pending.serialize("", { maxAge: 0 }));
  const { error } = await supabase.auth.updateUser({ password: newPassword });
  // The same password as before is no harm: the member knows it, and is signed in.
  if (error && error.code !== "same_password") {
    if (isAuthWeakPasswordError(error)) return reply(400, { fieldErrors: { newPassword: ["errors.weakPassword.length"] } });
    logError("Setting a new password failed", error);
    return reply(503, { formErrors: ["errors.accountFailed"] });
  }
  return redirect("/account?password=reset", { headers });
}

/** How long the session a reset link opened may still set the password after a refused choice. */
const RECOVERY_WINDOW_SECONDS = 15 * 60;

/** Names the spent link whose password was refused, so that only that link's second try may use the session it opened. */
const pendingCookie = (request: Request) =>
  createCookie("reset_pending", {
    // Not /reset-password: with JavaScript the form posts to /reset-password.data, which that path does not cover.
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalHost(new URL(request.url)),
    maxAge: RECOVERY_WINDOW_SECONDS,
  });

/**
 * The member the link is for: its token spent now (verifyOtp signs them in), or, when this form was
 * already sent once with a password refused after the link was spent (`retry`), the session that link opened.
 */
async function recoveringUser(supabase: TypedSupabaseClient, tokenHash: string, retry: boolean) {
  const verified = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
  const account = (user: User) => ({ email: user.email ?? "", username: String(user.user_metadata?.username ?? "") });
  if (verified.data.user) return account(verified.data.user);
  if (verified.error && verified.error.status !== 403 && verified.error.code !== "otp_expired") {
    logError("Verifying a reset link failed", verified.error);
    return "failed" as const;
  }
  if (!retry) return null;
  // Auth out of reach is "try again" (503), not "this link has expired": the member's link may still work.
  const claims = await supabase.auth.getClaims();
  if (authUnreachable(claims.error)) {
    logError("Reading a reset session's claims failed", claims.error);
    return "failed" as const;
  }
  const recovery = (claims.data?.claims.amr as { method: string; timestamp: number }[] | undefined)?.find((entry) => entry.method === "recovery");
  if (!recovery || recovery.timestamp < Date.now() / 1000 - RECOVERY_WINDOW_SECONDS) return null;
  const current = await supabase.auth.getUser();
  if (authUnreachable(current.error)) {
    logError("Reading a reset session's user failed", current.error);
    return "failed" as const;
  }
  return current.data.user ? account(current.data.user) : null;
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function ResetPasswordPage() {
  const { tokenHash, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const { form, fields, onFocus } = useMemberForm("reset-password", "reset", answer?.result);
  const submitting = navigation.state === "submitting";
  const formError = tokenHash ? form.errors?.[0] : "errors.resetLinkInvalid";

  return (
    <PageFrame title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <div className="mx-auto grid max-w-lg gap-6">
        {formError ? (
          <FormNotice kind="error" id={form.errorId}>
            {t(formError)}
          </FormNotice>
        ) : null}
        {tokenHash ? (
          <Form method="post" {...getFormProps(form)} onFocus={onFocus} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
            <input type="hidden" name="token_hash" value={tokenHash} />
            <Field ns="account" field={fields.newPassword} label={t("fields.newPassword")} required hint={t("signup.passwordHint")}>
              <TextInput field={fields.newPassword} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} />
            </Field>
            <SubmitButton busy={submitting} label={t("reset.submit")} busyLabel={t("reset.submitting")} className="btn-primary mt-2 w-full" />
          </Form>
        ) : null}
        <Link to="/forgot-password" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("reset.requestNew")}
        </Link>
      </div>
    </PageFrame>
  );
}
