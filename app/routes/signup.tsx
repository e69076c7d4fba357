import { getFormProps } from "@conform-to/react";
import { useMemberForm } from "~/lib/use-member-form";
import { parseForm } from "~/lib/form-submission.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isAuthWeakPasswordError } from "@supabase/supabase-js";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextArea, TextInput } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { SubmitButton, formSubmittingScript } from "~/components/SubmitButton";
import { requireAnonymous } from "~/lib/auth.server";
import { useNamespaceStrings } from "~/lib/i18n";
import { detectLanguage, getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { memberForm } from "~/lib/member-action.server";
import { EMAIL_MAX, JOIN_REASON_MAX, PASSWORD_MAX } from "~/lib/member-fields";
import { SignUpSchema } from "~/lib/member-schemas";
import { PUBLIC_NAME_MAX } from "~/lib/public-name";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from "~/lib/password-policy.server";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { logError } from "~/lib/log.server";

/**
 * /signup: email, password, public name and an optional "why I want to join". Signing up never
 * signs in: a new address and one that already has an account get the same "account requested"
 * page and no cookie, so nobody learns who has an account here. Taking part waits for an admin's
 * approval. At most 5 sign-ups per 60 s per client address.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireAnonymous(request, context);
  const t = await getFixedT(request, "account");
  return data(
    { title: t("signup.meta.title"), description: t("signup.meta.description"), strings: await namespaceStrings(request, "account") },
    { headers },
  );
}

/** GoTrue's reasons for a weak password, as translation keys. */
const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: "errors.weakPassword.length",
  characters: "errors.weakPassword.characters",
  pwned: "errors.weakPassword.pwned",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const submission = parseForm(formData, SignUpSchema);
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ requested: false, checkMail: false, result: submission.reply({ ...errors, hideFields: ["password"] }) }, { status });
  if (submission.status !== "success") return reply(400);

  const env = context.cloudflare.env;
  if (!(await withinLimit(env, "SIGNUP_LIMITER", [clientKey(request)]))) return reply(429, { formErrors: ["errors.rateLimited"] });

  const { email, password, publicName, reason } = submission.value;
  const problem = passwordProblem(password, { email, publicName });
  if (problem) return reply(400, { fieldErrors: { password: [PASSWORD_PROBLEM_MESSAGES[problem]] } });
  // A client without cookies: the session GoTrue may hand back is never kept.
  const supabase = createAnonSupabaseClient(env);
  const available = await supabase.rpc("public_name_available", { name: publicName });
  if (available.error) {
    logError("Checking a public name failed", available.error);
    return reply(503, { formErrors: ["errors.signUpFailed"] });
  }
  if (!available.data) return reply(409, { fieldErrors: { publicName: ["errors.publicName.taken"] } });

  const { data: signedUp, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { username: publicName, join_reason: reason ?? "", locale: await detectLanguage(request) } },
  });
  if (error && error.code !== "user_already_exists" && error.code !== "email_exists") {
    if (isAuthWeakPasswordError(error)) {
      const reasons = error.reasons.map((code) => WEAK_PASSWORD_REASONS[code] ?? "errors.weakPassword.other");
      return reply(400, { fieldErrors: { password: reasons.length ? reasons : ["errors.weakPassword.other"] } });
    }
    if (error.code === "validation_failed" || error.code === "email_address_invalid") {
      return reply(400, { fieldErrors: { email: ["errors.emailInvalid"] } });
    }
    if (error.status === 429) return reply(429, { formErrors: ["errors.rateLimited"] });
    logError("Sign-up failed", error);
    return reply(503, { formErrors: ["errors.signUpFailed"] });
  }
  // With confirmations on (production), Supabase Auth answers every sign-up, new or taken, with no session.
  const checkMail = !error && !signedUp.session;
  return data({ requested: true, checkMail, result: submission.reply({ resetForm: true }) });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.title },
  { name: "description", content: page?.description },
];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function SignUpPage() {
  const { strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const { form, fields, onFocus } = useMemberForm("signup", "signUp", actionData?.result);
  const submitting = navigation.state === "submitting";

  if (actionData?.requested && navigation.state === "idle") {
    return (
      <PageFrame title={t("signup.requested.title")}>
        <div className="mx-auto max-w-lg rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          <p role="status" className="text-lg text-ink-800">
            {t(actionData.checkMail ? "signup.requested.checkMail" : "signup.requested.text")}
          </p>
          <Link to="/login" className="btn-primary mt-6">
            {t("signup.requested.signIn")}
          </Link>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t("signup.title")} subtitle={t("signup.subtitle")}>
      <div className="mx-auto max-w-lg">
        <Form
          method="post"
          {...getFormProps(form)}
          onFocus={onFocus}
          className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8"
        >
          {form.errors?.[0] ? (
            <FormNotice kind="error" id={form.errorId}>
              {t(form.errors[0])}
            </FormNotice>
          ) : null}
          <Field ns="account" field={fields.email} label={t("fields.email")} required>
            <TextInput field={fields.email} type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
          </Field>
          <Field ns="account" field={fields.password} label={t("fields.password")} required hint={t("signup.passwordHint")}>
            <TextInput
              field={fields.password}
              type="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
              aria-describedby={`${fields.password.id}-hint ${fields.password.errorId}`}
            />
          </Field>
          <Field ns="account" field={fields.publicName} label={t("fields.publicName")} required hint={t("signup.publicNameHint")}>
            <TextInput
              field={fields.publicName}
              type="text"
              autoComplete="off"
              required
              maxLength={PUBLIC_NAME_MAX}
              dir="auto"
              aria-describedby={`${fields.publicName.id}-hint ${fields.publicName.errorId}`}
            />
          </Field>
          <Field ns="account" field={fields.reason} label={t("fields.reason")} hint={t("signup.reasonHint")}>
            <TextArea field={fields.reason} rows={4} maxLength={JOIN_REASON_MAX} aria-describedby={`${fields.reason.id}-hint ${fields.reason.errorId}`} />
          </Field>
          <SubmitButton busy={submitting} label={t("signup.submit")} busyLabel={t("signup.submitting")} className="btn-primary mt-2 w-full" />
          <p className="mt-6 text-ink-700">
            {t("signup.haveAccount")}{" "}
            <Link to="/login" className="font-semibold text-accent-700 underline underline-offset-2">
              {t("signup.signInLink")}
            </Link>
          </p>
        </Form>
      </div>
    </PageFrame>
  );
}
