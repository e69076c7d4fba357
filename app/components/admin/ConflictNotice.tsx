import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { formatDayTime } from "~/lib/dates";

/** What the server tells an admin whose save came after someone else's (409). */
export type Conflict = {
  /** Who saved last and when (null when the activity log has no entry: a change made outside /admin). */
  savedBy: string | null;
  savedAt: string | null;
  /** The fields whose saved value differs from what was submitted, with the saved value. */
  fields: Array<{ name: string; saved: string }>;
  /** The version now stored: submitting again replaces it, knowingly. */
  version: string;
};

/** What the save of a content form answers when it does not redirect. */
export type SaveReply = { result: SubmissionResult<string[]>; conflict: Conflict | null };

const shorten = (value: string) => (value.length > 240 ? `${value.slice(0, 240)}…` : value);

export function ConflictNotice({ conflict }: { conflict: Conflict }) {
  const { t, i18n } = useTranslation("admin");
  const when = conflict.savedAt ? formatDayTime(conflict.savedAt, i18n.language) : null;
  return (
    <div role="alert" className="mb-6 rounded-md border border-accent-600/40 bg-accent-300/15 p-4 text-accent-900">
      <p className="font-semibold">
        {conflict.savedBy && when ? t("conflict.savedBy", { name: conflict.savedBy, when }) : t("conflict.savedByUnknown")}
      </p>
      <p className="mt-1">{t("conflict.explain")}</p>
      {conflict.fields.length ? (
        <dl className="mt-3 grid gap-2">
          {conflict.fields.map((field) => (
            <div key={field.name}>
              <dt className="text-sm font-semibold">{t(`fields.${field.name}`, { defaultValue: field.name })}</dt>
              <dd dir="auto" className="whitespace-pre-wrap break-words text-sm">
                {field.saved === "" ? <em>{t("conflict.empty")}</em> : shorten(field.saved)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
