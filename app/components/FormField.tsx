import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import type { Namespace } from "~/lib/i18n";

/** The look of every text input, select and textarea of the site's forms. */
export const inputClass =
  "block min-h-11 w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-base text-ink-950 shadow-sm " +
  "focus:border-accent-600 aria-[invalid=true]:border-accent-600 aria-[invalid=true]:bg-accent-300/10";

/**
 * A labelled field with its error line. Error messages are translation keys of `ns` (the
 * schemas' messages); "required"/"optional" come from common.
 */
export function Field({
  field,
  label,
  ns,
  required = false,
  hint,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  ns: Namespace;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <div>
      <label htmlFor={field.id} id={`${field.id}-label`} className="mb-1.5 block font-medium text-ink-950">
        {label} <span className="text-sm font-normal text-ink-600">{required ? t("form.required") : t("form.optional")}</span>
      </label>
      {hint ? (
        <p id={`${field.id}-hint`} className="mb-2 text-sm text-ink-700">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError field={field} ns={ns} />
    </div>
  );
}

/**
 * The line under a field is reserved even when empty: errors are re-checked on blur, and a
 * vanishing error must not move the control the visitor is about to click.
 */
export function FieldError({ field, ns }: { field: FieldMetadata<unknown>; ns: Namespace }) {
  const { t } = useTranslation(ns);
  const error = field.errors?.[0];
  return (
    <p id={field.errorId} className="mt-1 min-h-5 text-sm font-medium text-accent-700">
      {error ? t(error) : null}
    </p>
  );
}

/** A form-level message: success (announced politely) or failure (an alert). */
export function FormNotice({ kind, id, children }: { kind: "success" | "error"; id?: string; children: ReactNode }) {
  return kind === "success" ? (
    <p role="status" id={id} className="mb-6 rounded-md border border-emerald-700/30 bg-emerald-50 p-4 font-medium text-emerald-900">
      {children}
    </p>
  ) : (
    <p role="alert" id={id} className="mb-6 rounded-md border border-accent-600/40 bg-accent-300/15 p-4 font-medium text-accent-800">
      {children}
    </p>
  );
}

/** Any conform field (forms built without a schema type give their fields an unknown value type). */
export type StringField = Parameters<typeof getInputProps>[0];

/**
 * A conform text input. Email addresses read left to right even on a right-to-left page
 * ("someone@" must not become "@someone").
 */
export function TextInput({
  field,
  type,
  ...attributes
}: { field: StringField; type: "text" | "email" | "password" } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { key, ...props } = getInputProps(field, { type });
  const direction = type === "email" ? { dir: "ltr", className: `${inputClass} rtl:text-right` } : { className: inputClass };
  return <input key={key} {...props} {...attributes} {...direction} />;
}

/** A conform textarea, resizable, its text in its own direction. */
export function TextArea({ field, ...attributes }: { field: StringField } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { key, ...props } = getTextareaProps(field);
  return <textarea key={key} {...props} dir="auto" {...attributes} className={`${inputClass} min-h-28 resize-y`} />;
}
