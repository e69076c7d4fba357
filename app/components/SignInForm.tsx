import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextInput } from "~/components/FormField";
import { SubmitButton } from "~/components/SubmitButton";
import { EMAIL_MAX, PASSWORD_MAX } from "~/lib/member-fields";
import { useMemberForm } from "~/lib/use-member-form";

/**
 * Email and password, posted to the page's own action (app/lib/sign-in.server.ts). Errors are keys
 * of the account namespace; a failure without one reads `fallbackError`.
 */
export function SignInForm({
  id,
  redirectTo,
  lastResult,
  fallbackError = "account:errors.signInFailed",
  children,
}: {
  id: string;
  redirectTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
  fallbackError?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const { form, fields, onFocus } = useMemberForm(id, "login", lastResult);
  const submitting = navigation.state === "submitting";
  const formError = form.errors?.[0];

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onFocus={onFocus}
      className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {formError !== undefined ? (
        <FormNotice kind="error" id={form.errorId}>
          {t(formError || fallbackError)}
        </FormNotice>
      ) : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field ns="account" field={fields.email} label={t("fields.email")} required>
        <TextInput field={fields.email} type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
      </Field>
      <Field ns="account" field={fields.password} label={t("fields.password")} required>
        <TextInput field={fields.password} type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} />
      </Field>
      <SubmitButton busy={submitting} label={t("login.submit")} busyLabel={t("login.submitting")} className="btn-primary mt-2 w-full" />
      <p className="mt-4">
        <Link to="/forgot-password" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("login.forgot")}
        </Link>
      </p>
      {children}
    </Form>
  );
}
