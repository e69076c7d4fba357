import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/use-form";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextInput, inputClass } from "~/components/FormField";
import { RichTextEditor } from "~/components/RichTextEditor";
import { SubmitButton } from "~/components/SubmitButton";
import { useLazyValidation } from "~/lib/lazy-validation";
import { PROPOSAL_TITLE_MAX } from "~/lib/member-fields";

export type GroupChoice = { id: string; name: string; is_verified: boolean };
export type ProposalDefaults = { title: string; content: string; group: string };

/**
 * Title, content (the rich editor; a textarea until it loads, and without JavaScript) and group of
 * a proposal. `contentFormat` says what the content field holds before the editor mounts: "html"
 * when an existing proposal is edited (the server sanitizes it again), "text" for a new one.
 * `inDialog`: the form is in /voting's dialog, with a Cancel button that closes it (dialog-links.js);
 * its post is marked, and brings the member back to the reloaded list, with or without React.
 * `backToList`: the post is marked so without the dialog: the form came back refused from it.
 */
export function ProposalForm({
  id,
  action,
  groups,
  defaults,
  contentFormat,
  lastResult,
  submitting,
  submitLabel,
  submittingLabel,
  inDialog = false,
  backToList = inDialog,
  draftId,
}: {
  id: string;
  action: string;
  groups: GroupChoice[];
  defaults: ProposalDefaults;
  contentFormat: "text" | "html";
  lastResult: SubmissionResult<string[]> | null | undefined;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  inDialog?: boolean;
  backToList?: boolean;
  /** A new proposal's id (NewProposalForm). */
  draftId?: string;
}) {
  const { t } = useTranslation("voting");
  const validation = useLazyValidation(() => import("~/lib/member-validation").then((module) => module.validators.proposal));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: validation.onValidate,
  });
  const { key: groupKey, ...groupProps } = getSelectProps(fields.group);
  // After a refused post the page comes back from the server: the content as posted, in the form it was posted in.
  const posted = lastResult?.initialValue;
  const content = typeof posted?.content === "string" ? posted.content : defaults.content;
  const format = posted ? (posted.content_format === "html" ? "html" : "text") : contentFormat;

  return (
    <Form method="post" action={action} reloadDocument={inDialog} {...getFormProps(form)} onFocus={validation.onFocus} className="grid gap-1">
      {form.errors?.[0] ? (
        <FormNotice kind="error" id={form.errorId}>
          {t(form.errors[0])}
        </FormNotice>
      ) : null}
      {backToList ? <input type="hidden" name="_modal" value="1" /> : null}
      {draftId ? <input type="hidden" name="draftId" value={draftId} /> : null}
      <Field ns="voting" field={fields.title} label={t("form.title")} required>
        <TextInput field={fields.title} type="text" required maxLength={PROPOSAL_TITLE_MAX} dir="auto" />
      </Field>
      <Field ns="voting" field={fields.content} label={t("form.content")}>
        <RichTextEditor
          hint={format === "html" ? t("form.contentHtmlHint") : t("form.contentTextHint")}
          name={fields.content.name}
          id={fields.content.id}
          defaultValue={content}
          label={t("form.content")}
          describedBy={`${fields.content.id}-hint ${fields.content.errorId}`}
          invalid={Boolean(fields.content.errors?.length)}
          format={format}
        />
      </Field>
      <Field ns="voting" field={fields.group} label={t("form.group")}>
        <select key={groupKey} {...groupProps} className={inputClass}>
          <option value="">{t("form.noGroup")}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.is_verified ? t("form.verifiedGroup", { name: group.name }) : group.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="mt-2 flex flex-wrap gap-3">
        <SubmitButton busy={submitting} label={submitLabel} busyLabel={submittingLabel} className="btn-primary" />
        {inDialog ? (
          <button type="button" data-closes-dialog className="btn-secondary">
            {t("form.cancel")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * A new proposal's form, posting to /voting/new: on that page, or in /voting's dialog. `backToList`:
 * on that page after the dialog's post was refused, so that the corrected post still ends on the list.
 */
export function NewProposalForm({
  id,
  groups,
  lastResult = null,
  submitting = false,
  inDialog = false,
  backToList = inDialog,
  draftId,
}: {
  id: string;
  groups: GroupChoice[];
  /** The new draft's id, chosen by the loader: the same form sent twice makes one draft (decision 056). */
  draftId: string;
  lastResult?: SubmissionResult<string[]> | null;
  submitting?: boolean;
  inDialog?: boolean;
  backToList?: boolean;
}) {
  const { t } = useTranslation("voting");
  return (
    <ProposalForm
      id={id}
      action="/voting/new"
      groups={groups}
      defaults={{ title: "", content: "", group: "" }}
      contentFormat="text"
      lastResult={lastResult}
      submitting={submitting}
      submitLabel={t("create.submit")}
      submittingLabel={t("create.submitting")}
      inDialog={inDialog}
      backToList={backToList}
      draftId={draftId}
    />
  );
}
