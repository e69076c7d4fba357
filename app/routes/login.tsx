import { getFormProps } from "@conform-to/react";
import { useForm } from "~/lib/use-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextInput } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { requireAnonymous } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18n.server";
import { useLazyValidation } from "~/lib/lazy-validation";
import { memberForm } from "~/lib/member-action.server";
import { EMAIL_MAX, PASSWORD_MAX } from "~/lib/member-fields";
import { LoginSchema } from "~/lib/member-schemas";
import { clientKey, emailKey, withinLimit } from "~/lib/rate-limit.server";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * /login: email and password. Success goes to `redirectTo` (only a path on this site) or /voting.
 * At most 5 attempts per 60 s per email address and per client address (429); a wrong password
 * and an unknown address get the same translated answer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireAnonymous(request, context);
  const url = new URL(request.url);
  const t = getFixedT(request, "account");
  return data(
    {
      title: t("login.meta.title"),
      redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
      deleted: url.searchParams.has("deleted"),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  // The password is never sent back to the page.
  const reply = (status: number, formErrors?: string[]) =>
    data({ result: submission.reply({ formErrors, hideFields: ["password"] }) }, { status });
  if (submission.status !== "success") return reply(400);

  const { email, password, redirectTo } = submission.value;
  const env = context.cloudflare.env;
  if (!(await withinLimit(env, "LOGIN_LIMITER", [clientKey(request), emailKey(email)]))) {
    return reply(429, ["errors.rateLimited"]);
  }

  const { supabase, headers } = await requireAnonymous(request, context);
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) {
    if (error.code === "invalid_credentials") return reply(401, ["errors.invalidCredentials"]);
    if (error.code === "email_not_confirmed") return reply(403, ["errors.emailNotConfirmed"]);
    if (error.status === 429) return reply(429, ["errors.rateLimited"]);
    console.error("Sign-in failed:", error.code ?? error.status, error.message);
    return reply(503, ["errors.signInFailed"]);
  }
  return redirect(safeRedirect(redirectTo, "/voting"), { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.title },
  { name: "robots", content: "noindex" },
];

export default function LoginPage() {
  const { redirectTo, deleted } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const validation = useLazyValidation(() => import("~/lib/member-validation").then((module) => module.validators.login));
  const [form, fields] = useForm({
    id: "login",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: validation.onValidate,
  });
  const submitting = navigation.state === "submitting";

  return (
    <PageFrame title={t("login.title")} subtitle={t("login.subtitle")}>
      <div className="mx-auto max-w-lg">
        {deleted ? <FormNotice kind="success">{t("login.deleted")}</FormNotice> : null}
        <Form
          method="post"
          {...getFormProps(form)}
          onFocus={validation.onFocus}
          className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8"
        >
          {form.errors?.[0] ? (
            <FormNotice kind="error" id={form.errorId}>
              {t(form.errors[0])}
            </FormNotice>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field ns="account" field={fields.email} label={t("fields.email")} required>
            <TextInput field={fields.email} type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
          </Field>
          <Field ns="account" field={fields.password} label={t("fields.password")} required>
            <TextInput field={fields.password} type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} />
          </Field>
          <button type="submit" disabled={submitting} className="btn-primary mt-2 w-full disabled:cursor-wait disabled:opacity-70">
            {submitting ? t("login.submitting") : t("login.submit")}
          </button>
          <p className="mt-6 text-ink-700">
            {t("login.noAccount")}{" "}
            <Link to="/signup" className="font-semibold text-accent-700 underline underline-offset-2">
              {t("login.signUpLink")}
            </Link>
          </p>
        </Form>
      </div>
    </PageFrame>
  );
}
