import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isAuthWeakPasswordError } from "@supabase/supabase-js";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextInput } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { getFixedT } from "~/lib/i18n.server";
import { useLazyValidation } from "~/lib/lazy-validation";
import { memberForm } from "~/lib/member-action.server";
import { PASSWORD_MAX } from "~/lib/member-fields";
import { ResetPasswordSchema } from "~/lib/member-schemas";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { createSupabaseServerClient } from "~/lib/supabase.server";
import { useForm } from "~/lib/use-form";

/**
 * /reset-password?token_hash=…&type=recovery: the mailed link. A GET only shows the form, so that
 * mail scanners following the link use nothing up; the POST spends the token (verifyOtp), which
 * signs the member in, then sets the new password (which signs out their other sessions) and goes
 * to /account. The link works once, within the hour Supabase Auth gives it.
 */
const TOKEN_HASH = /^[0-9a-f]{16,128}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tokenHash = url.searchParams.get("token_hash") ?? "";
  const valid = TOKEN_HASH.test(tokenHash) && url.searchParams.get("type") === "recovery";
  const t = getFixedT(request, "account");
  return data({ title: t("reset.meta.title"), tokenHash: valid ? tokenHash : null }, { status: valid ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  const env = context.cloudflare.env;
  const { supabase, headers } = createSupabaseServerClient(request, env);
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ result: submission.reply({ ...errors, hideFields: ["newPassword"] }) }, { status, headers });
  if (submission.status !== "success") return reply(400);
  if (!(await withinLimit(env, "LOGIN_LIMITER", [clientKey(request)]))) return reply(429, { formErrors: ["errors.rateLimited"] });

  const { token_hash, newPassword } = submission.value;
  const verified = await supabase.auth.verifyOtp({ token_hash, type: "recovery" });
  if (verified.error) {
    if (verified.error.status === 403 || verified.error.code === "otp_expired") return reply(400, { formErrors: ["errors.resetLinkExpired"] });
    console.error("Verifying a reset link failed:", verified.error.code ?? verified.error.status, verified.error.message);
    return reply(503, { formErrors: ["errors.accountFailed"] });
  }
  const { error } = await supabase.auth.updateUser({ password: newPassword });
  // The same password as before is no harm: the member knows it, and is signed in.
  if (error && error.code !== "same_password") {
    if (isAuthWeakPasswordError(error)) return reply(400, { fieldErrors: { newPassword: ["errors.weakPassword.length"] } });
    console.error("Setting a new password failed:", error.code ?? error.status, error.message);
    return reply(503, { formErrors: ["errors.accountFailed"] });
  }
  return redirect("/account?password=reset", { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function ResetPasswordPage() {
  const { tokenHash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const validation = useLazyValidation(() => import("~/lib/member-validation").then((module) => module.validators.reset));
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? answer?.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: validation.onValidate,
  });
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
          <Form method="post" {...getFormProps(form)} onFocus={validation.onFocus} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
            <input type="hidden" name="token_hash" value={tokenHash} />
            <Field ns="account" field={fields.newPassword} label={t("fields.newPassword")} required>
              <TextInput field={fields.newPassword} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} />
            </Field>
            <button type="submit" disabled={submitting} className="btn-primary mt-2 w-full disabled:cursor-wait disabled:opacity-70">
              {submitting ? t("reset.submitting") : t("reset.submit")}
            </button>
          </Form>
        ) : null}
        <Link to="/forgot-password" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("reset.requestNew")}
        </Link>
      </div>
    </PageFrame>
  );
}
