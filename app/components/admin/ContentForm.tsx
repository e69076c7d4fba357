import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConflictNotice } from "~/components/admin/ConflictNotice";
import { Field, FormNotice, TextInput, inputClass } from "~/components/FormField";
import { RichTextEditor } from "~/components/RichTextEditor";
import { RESOURCE_TYPES } from "~/lib/form-fields";
import { DEMO_IMAGES, isDemoImage, pictureSrc } from "~/lib/images";
import { useForm } from "~/lib/use-form";
import type { Conflict, ContentSectionName, FormValues } from "~/lib/admin-sections";


type AnyField = FieldMetadata<unknown>;

/**
 * The add / edit form of news, events, resources and groups. It posts to `action` (the section's
 * /new page or a record's page), through a fetcher when it opens inside the list (JavaScript), or
 * as a plain form on its own page. The server validates (app/lib/admin-schemas.ts); errors come
 * back beside the fields with the submitted values kept. `version` is the record's updated_at when
 * the form was opened: a save by someone else since then is refused (409) and shown.
 */
export function ContentForm({
  section,
  action,
  defaults,
  lastResult,
  conflict,
  submitting,
  FormElement = Form,
  onCancel,
  newRecordId,
  timeZones,
}: {
  section: ContentSectionName;
  action: string;
  defaults: FormValues;
  lastResult: SubmissionResult<string[]> | null | undefined;
  conflict?: Conflict | null;
  submitting: boolean;
  FormElement?: typeof Form | ReturnType<typeof useFetcher>["Form"];
  /** Closes the form inside the list; on its own page Cancel goes back to the list (its search, filters and page). */
  onCancel?: () => void;
  /** The id a new record will get (decision 057); null when the form edits a saved record. */
  newRecordId: string | null;
  timeZones: string[];
}) {
  const { t } = useTranslation("admin");
  const { search } = useLocation();
  const isNew = newRecordId !== null;
  const [form, fields] = useForm({ id: `${section}-form`, lastResult, defaultValue: defaults, shouldValidate: "onSubmit" });
  const all = fields as unknown as Record<string, AnyField>;
  const formError = form.errors?.[0];
  const contentFormat = (form.initialValue as Record<string, unknown> | undefined)?.content_format === "html" || !isNew ? "html" : "text";

  return (
    <FormElement method="post" action={action} {...getFormProps(form)} className="grid gap-1 rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
      {formError ? (
        <FormNotice kind="error" id={form.errorId}>
          {t(formError)}
        </FormNotice>
      ) : null}
      {conflict ? <ConflictNotice conflict={conflict} /> : null}
      {/* The version the admin has seen: a refused save keeps the one it was made on. Without
          JavaScript the page that answers it runs the loader again, which reads the newer version
          someone else saved meanwhile; the next save would then overwrite what nobody showed. */}
      <input type="hidden" name="version" value={conflict?.version ?? String(all.version.initialValue ?? defaults.version ?? "")} />
      {newRecordId !== null ? <input type="hidden" name="newRecordId" value={newRecordId} /> : null}

      {section === "groups" ? (
        <TextField field={all.name} label={t("fields.name")} required maxLength={200} />
      ) : (
        <TextField field={all.title} label={t("fields.title")} required maxLength={300} />
      )}

      {section === "news" ? <LongText field={all.excerpt} label={t("fields.excerpt")} required maxLength={1000} rows={3} /> : null}
      {section !== "news" ? (
        <LongText field={all.description} label={t("fields.description")} required maxLength={section === "events" ? 20000 : 5000} rows={4} />
      ) : null}

      {section === "events" ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <DateTimeInput field={all.startsAt} label={t("fields.startsAt")} required />
            <DateTimeInput field={all.endsAt} label={t("fields.endsAt")} />
          </div>
          {/* Which of a wall time that happens twice (clocks going back) the saved event has: the inputs show one time for both. */}
          <input type="hidden" name="startsAtStored" value={String(all.startsAtStored.initialValue ?? "")} />
          <input type="hidden" name="endsAtStored" value={String(all.endsAtStored.initialValue ?? "")} />
          <TimeZoneField field={all.timeZone} timeZones={timeZones} />
          <TextField field={all.location} label={t("fields.location")} maxLength={300} />
          <CheckboxField field={all.isOnline} label={t("fields.isOnline")} />
          <ImageField field={all.imageUrl} />
          <TextField field={all.registrationUrl} label={t("fields.registrationUrl")} type="url" maxLength={2000} />
          <NumberField field={all.maxParticipants} label={t("fields.maxParticipants")} min={0} step={1} />
        </>
      ) : null}

      {section === "news" ? <ImageField field={all.imageUrl} required /> : null}

      {section === "news" || section === "resources" ? (
        <Field ns="admin" field={all.content} label={t("fields.content")} required={section === "news"}>
          <RichTextEditor
            hint={t(`fields.contentHint.${contentFormat}`)}
            name={all.content.name}
            id={all.content.id}
            defaultValue={String(all.content.initialValue ?? "")}
            label={t("fields.content")}
            describedBy={`${all.content.id}-hint ${all.content.errorId}`}
            invalid={Boolean(all.content.errors?.length)}
            format={contentFormat}
          />
        </Field>
      ) : null}

      {section === "resources" ? (
        <>
          <SelectField field={all.resourceType} label={t("fields.resourceType")} required>
            {RESOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`resources:types.${type}`)}
              </option>
            ))}
          </SelectField>
          <TextField field={all.fileUrl} label={t("fields.fileUrl")} type="url" maxLength={2000} />
        </>
      ) : null}

      {section === "groups" ? (
        <>
          <TextField field={all.location} label={t("fields.location")} maxLength={200} />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField field={all.latitude} label={t("fields.latitude")} min={-90} max={90} step="any" hint={t("fields.latitudeHint")} />
            <NumberField field={all.longitude} label={t("fields.longitude")} min={-180} max={180} step="any" hint={t("fields.longitudeHint")} />
          </div>
          <TextField field={all.website} label={t("fields.website")} type="url" maxLength={2000} />
          <TextField field={all.contactEmail} label={t("fields.contactEmail")} type="email" maxLength={320} />
          <CheckboxField field={all.isVerified} label={t("fields.isVerified")} />
        </>
      ) : (
        <CheckboxField field={all.isPublished} label={t("fields.isPublished")} />
      )}

      <div className="mt-2 flex flex-wrap gap-3">
        <button type="submit" disabled={submitting} className="btn-primary disabled:cursor-wait disabled:opacity-70">
          {submitting ? t("form.saving") : isNew ? t("form.create") : t("form.save")}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="btn-secondary">
            {t("form.cancel")}
          </button>
        ) : (
          <Link to={`/admin/${section}${search}`} className="btn-secondary">
            {t("form.cancel")}
          </Link>
        )}
      </div>
    </FormElement>
  );
}

function TextField({
  field,
  label,
  required = false,
  type = "text",
  maxLength,
}: {
  field: AnyField;
  label: string;
  required?: boolean;
  type?: "text" | "url" | "email";
  maxLength: number;
}) {
  return (
    <Field ns="admin" field={field} label={label} required={required}>
      {type === "url" ? (
        <UrlInput field={field} maxLength={maxLength} required={required} />
      ) : (
        <TextInput field={field} type={type} required={required} maxLength={maxLength} dir={type === "email" ? undefined : "auto"} />
      )}
    </Field>
  );
}

/** Addresses read left to right, also on an Arabic page. */
function UrlInput({ field, maxLength, required, list }: { field: AnyField; maxLength: number; required: boolean; list?: string }) {
  const { key, ...props } = getInputProps(field, { type: "url" });
  return (
    <input key={key} {...props} required={required} maxLength={maxLength} list={list} dir="ltr" className={`${inputClass} rtl:text-right`} />
  );
}

function LongText({ field, label, required, maxLength, rows }: { field: AnyField; label: string; required?: boolean; maxLength: number; rows: number }) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <Field ns="admin" field={field} label={label} required={required}>
      <textarea key={key} {...props} required={required} maxLength={maxLength} rows={rows} dir="auto" className={`${inputClass} resize-y`} />
    </Field>
  );
}

function NumberField({
  field,
  label,
  min,
  max,
  step,
  hint,
}: {
  field: AnyField;
  label: string;
  min: number;
  max?: number;
  step: number | "any";
  hint?: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "number" });
  return (
    <Field ns="admin" field={field} label={label} hint={hint}>
      <input key={key} {...props} min={min} max={max} step={step} inputMode="decimal" dir="ltr" className={`${inputClass} rtl:text-right`} />
    </Field>
  );
}

export function DateTimeInput({ field, label, required = false }: { field: AnyField; label: string; required?: boolean }) {
  const { key, ...props } = getInputProps(field, { type: "datetime-local" });
  return (
    <Field ns="admin" field={field} label={label} required={required}>
      <input key={key} {...props} required={required} dir="ltr" className={`${inputClass} rtl:text-right`} />
    </Field>
  );
}

/** The zone the form's local times are in; `hint` says whose times those are (an event's, by default). */
export function TimeZoneField({ field, timeZones, hint }: { field: AnyField; timeZones: string[]; hint?: string }) {
  const { t } = useTranslation("admin");
  return (
    <SelectField field={field} label={t("fields.timeZone")} hint={hint ?? t("fields.timeZoneHint")}>
      {/* A zone stored outside the back-office that the select does not offer stays shown, so that
          a save is refused with the field's error instead of silently moving the times to UTC. */}
      {(typeof field.initialValue !== "string" || timeZones.includes(field.initialValue) ? timeZones : [field.initialValue, ...timeZones]).map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll("_", " ")}
        </option>
      ))}
    </SelectField>
  );
}

function SelectField({
  field,
  label,
  required = false,
  hint,
  children,
}: {
  field: AnyField;
  label: string;
  required?: boolean;
  hint?: string;
  children: React.ReactNode;
}) {
  const { key, ...props } = getSelectProps(field);
  return (
    <Field ns="admin" field={field} label={label} required={required} hint={hint}>
      <select key={key} {...props} className={inputClass}>
        {children}
      </select>
    </Field>
  );
}

function CheckboxField({ field, label }: { field: AnyField; label: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className="py-2">
      <label className="inline-flex items-center gap-3 font-medium text-ink-950">
        <input key={key} {...props} className="size-5 accent-accent-600" />
        {label}
      </label>
    </div>
  );
}

/**
 * A picture: one of the demo images (offered as suggestions) or an https URL. The preview goes
 * through this site (a demo image through /images as visitors see it, a URL through /admin/image),
 * never to the other host.
 */
function ImageField({ field, required = false }: { field: AnyField; required?: boolean }) {
  const { t } = useTranslation("admin");
  const value = typeof field.value === "string" ? field.value.trim() : "";
  const preview = isDemoImage(value) ? pictureSrc(value) : value.startsWith("https://") ? `/admin/image?src=${encodeURIComponent(value)}` : null;
  const listId = `${field.id}-demo-images`;
  return (
    <Field ns="admin" field={field} label={t("fields.imageUrl")} required={required} hint={t("fields.imageHint", { example: DEMO_IMAGES[0] })}>
      <UrlInputAllowingPaths field={field} listId={listId} required={required} />
      <datalist id={listId}>
        {DEMO_IMAGES.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      {preview ? (
        <figure className="mt-3">
          <img src={preview} alt={t("fields.imagePreview")} width={320} height={180} className="aspect-video w-80 max-w-full rounded-md bg-ink-200 object-cover" />
        </figure>
      ) : null}
    </Field>
  );
}

/** A text input (a path is not a URL to the browser) that reads left to right. */
function UrlInputAllowingPaths({ field, listId, required }: { field: AnyField; listId: string; required: boolean }) {
  const { key, ...props } = getInputProps(field, { type: "text" });
  return (
    <input
      key={key}
      {...props}
      required={required}
      maxLength={2000}
      list={listId}
      inputMode="url"
      dir="ltr"
      className={`${inputClass} rtl:text-right`}
    />
  );
}
