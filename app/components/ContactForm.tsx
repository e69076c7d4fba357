import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useForm } from "~/lib/use-form";
import { Form, Link, useActionData, useFormAction, useNavigation } from "@remix-run/react";

import { Trans, useTranslation } from "react-i18next";
import type { ContactActionData } from "~/lib/contact-form";
import { Field, FieldError, inputClass, TextInput } from "~/components/FormField";
import { SubmitButton } from "~/components/SubmitButton";
import { useLazyValidation } from "~/lib/lazy-validation";
import { CONTACT_CONSTRAINT, EMAIL_MAX, HONEYPOT_FIELD, MESSAGE_MAX, NAME_MAX, REGIONS, type Region } from "~/lib/form-fields";

const FORM_ID = "contact-form";

const REGION_LABELS: Record<Region, string> = {
  europe: "form.regions.europe",
  northAmerica: "form.regions.northAmerica",
  southAmerica: "form.regions.southAmerica",
  asia: "form.regions.asia",
  africa: "form.regions.africa",
  oceania: "form.regions.oceania",
};

/**
 * The contact and join form. It posts to the route that renders it (each
 * such route calls handleContactSubmission in its action), so it works as a
 * plain HTML form without JavaScript; with JavaScript conform validates the
 * same schema in the browser first. The action's answer drives everything
 * shown: field errors with the values kept, a form-level error (rate limit,
 * backend failure), or the success message with an emptied form.
 *
 * The action URL carries `#contact-form` so that, after a full-page post,
 * the browser lands on the form and its message rather than the page top.
 */
export function ContactForm({ title }: { title?: string }) {
  const { t } = useTranslation("contact");
  const actionData = useActionData<ContactActionData>();
  const navigation = useNavigation();
  const formAction = useFormAction();
  const submitting = navigation.state === "submitting" && navigation.formAction === formAction;

  // The schema library (≈30 KB) arrives when the visitor first focuses the form, not with the page.
  const validation = useLazyValidation(() => import("~/lib/contact-validation").then((module) => module.validateContact));

  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    // An explicit "" for the region: conform's reset after a success otherwise unselects every
    // option of the select (selectedIndex -1), which shows an empty box instead of "No region".
    defaultValue: { region: "" },
    constraint: CONTACT_CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: validation.onValidate,
  });

  const succeeded = !submitting && actionData?.outcome === "success";
  // Hidden while a new submission is under way: an old error must not look like the new answer.
  const formError = submitting ? undefined : form.errors?.[0];
  const securityHelpId = `${fields.security.id}-help`;

  return (
    <Form
      method="post"
      // Multipart carries the message's UTF-8 as it is: URL-encoding would make a 10,000-character
      // message in Hindi or Burmese 90 KB, over the action's 64 KB limit (app/lib/form-post.server.ts).
      encType="multipart/form-data"
      action={`${formAction}#${FORM_ID}`}
      {...getFormProps(form)}
      onFocus={validation.onFocus}
      className="scroll-mt-24 rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {title ? <h2 className="mb-6 text-2xl font-bold tracking-tight text-ink-950">{title}</h2> : null}

      {/* Always present, so that the success message is announced when it appears. */}
      <div role="status">
        {succeeded ? (
          <p className="mb-6 rounded-md border border-emerald-700/30 bg-emerald-50 p-4 font-medium text-emerald-900">
            {t("form.success")}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p id={form.errorId} role="alert" className="mb-6 rounded-md border border-accent-600/40 bg-accent-300/15 p-4 font-medium text-accent-800">
          {t(formError)}
        </p>
      ) : null}

      <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
        <Field ns="contact" field={fields.name} label={t("form.name")} required>
          <TextInput field={fields.name} type="text" autoComplete="name" maxLength={NAME_MAX} />
        </Field>
        <Field ns="contact" field={fields.email} label={t("form.email")} required>
          <TextInput field={fields.email} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
        </Field>
      </div>

      <div className="mt-3">
        <Field ns="contact" field={fields.region} label={t("form.region")}>
          <RegionSelect field={fields.region} />
        </Field>
      </div>

      <div className="mt-3">
        <Field ns="contact" field={fields.message} label={t("form.message")} required>
          <MessageInput field={fields.message} />
        </Field>
      </div>

      <div className="mt-3 rounded-md border border-ink-200 bg-ink-50 p-4 pb-2">
        <div className="flex items-start gap-3">
          <SecurityCheckbox field={fields.security} describedBy={securityHelpId} />
          <div>
            <label htmlFor={fields.security.id} className="font-medium text-ink-950">
              {t("form.security")}
            </label>
            <p id={securityHelpId} className="mt-1 text-sm text-ink-700">
              <Trans
                t={t}
                i18nKey="form.securityHelp"
                // Not <link>: that is a void HTML element, and Trans would leave it empty.
                components={{
                  guide: <Link to="/security" className="font-medium text-accent-700 underline underline-offset-2" />,
                }}
              />
            </p>
          </div>
        </div>
        <FieldError ns="contact" field={fields.security} />
      </div>

      {/* Honeypot: invisible and unreachable for people (hidden from screen readers, skipped by Tab). */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`${FORM_ID}-${HONEYPOT_FIELD}`}>{t("form.honeypot")}</label>
        <input
          id={`${FORM_ID}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <SubmitButton busy={submitting} label={t("form.submit")} busyLabel={t("form.submitting")} className="btn-primary mt-5 w-full sm:w-auto" />
    </Form>
  );
}

function RegionSelect({ field }: { field: FieldMetadata<string | null | undefined> }) {
  const { t } = useTranslation("contact");
  const { key, ...props } = getSelectProps(field);
  return (
    <select key={key} {...props} className={inputClass}>
      <option value="">{t("form.regionNone")}</option>
      {REGIONS.map((region) => (
        <option key={region} value={region}>
          {t(REGION_LABELS[region])}
        </option>
      ))}
    </select>
  );
}

function MessageInput({ field }: { field: FieldMetadata<string | undefined> }) {
  const { key, ...props } = getTextareaProps(field);
  return <textarea key={key} {...props} rows={4} maxLength={MESSAGE_MAX} className={`${inputClass} min-h-28 resize-y`} />;
}

function SecurityCheckbox({ field, describedBy }: { field: FieldMetadata<boolean | undefined>; describedBy: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaDescribedBy: describedBy });
  return <input key={key} {...props} className="mt-1 h-5 w-5 shrink-0 accent-accent-600" />;
}
