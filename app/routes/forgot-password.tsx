import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/form-submission.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextInput } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { SubmitButton, formSubmittingScript } from "~/components/SubmitButton";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { memberForm } from "~/lib/member-action.server";
import { EMAIL_MAX } from "~/lib/member-fields";
import { ForgotPasswordSchema } from "~/lib/member-schemas";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { createSupabaseServerClient } from "~/lib/supabase.server";
import { useMemberForm } from "~/lib/use-member-form";
import { logError } from "~/lib/log.server";

/**
 * /forgot-password: Supabase Auth mails a one-time link to /reset-password. The answer is the same
 * whether or not an account has the address (no probing), including when Supabase Auth refuses a
 * second mail to one address within a minute. At most 5 requests a minute per client (429).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request, "account");
  return data({ title: t("forgot.meta.title"), strings: await namespaceStrings(request, "account") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const submission = parseForm(formData, ForgotPasswordSchema);
  const reply = (status: number, formErrors?: string[], sent = false) =>
    data({ sent, result: submission.reply({ formErrors, resetForm: sent }) }, { status });
  if (submission.status !== "success") return reply(400);
  const env = context.cloudflare.env;
  if (!(await withinLimit(env, "LOGIN_LIMITER", [clientKey(request)]))) return reply(429, ["errors.rateLimited"]);

  const { supabase } = createSupabaseServerClient(request, env);
  const { error } = await supabase.auth.resetPasswordForEmail(submission.value.email);
  // Supabase Auth's once-a-minute refusal concerns one existing address: answered as a success, it tells nothing.
  if (error && error.code !== "over_email_send_rate_limit") {
    logError("Requesting a password reset failed", error);
    return reply(503, ["errors.resetFailed"]);
  }
  return reply(200, undefined, true);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function ForgotPasswordPage() {
  const { strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const { form, fields, onFocus } = useMemberForm("forgot-password", "forgot", answer?.result);
  const submitting = navigation.state === "submitting";
  const formError = form.errors?.[0];

  return (
    <PageFrame title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      <div className="mx-auto grid max-w-lg gap-6">
        <Form method="post" {...getFormProps(form)} onFocus={onFocus} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          {answer?.sent && navigation.state === "idle" ? <FormNotice kind="success">{t("forgot.sent")}</FormNotice> : null}
          {formError ? (
            <FormNotice kind="error" id={form.errorId}>
              {t(formError)}
            </FormNotice>
          ) : null}
          <Field ns="account" field={fields.email} label={t("fields.email")} required>
            <TextInput field={fields.email} type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
          </Field>
          <SubmitButton busy={submitting} label={t("forgot.submit")} busyLabel={t("forgot.submitting")} className="btn-primary mt-2 w-full" />
        </Form>
        <Link to="/login" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("forgot.back")}
        </Link>
      </div>
    </PageFrame>
  );
}
