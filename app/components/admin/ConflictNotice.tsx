import { useTranslation } from "react-i18next";
import type { Conflict } from "~/lib/admin-sections";
import { formatDayTime } from "~/lib/dates";

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
              <dd dir="auto" className="whitespace-pre-wrap text-sm">
                {field.saved === "" ? <em>{t("conflict.empty")}</em> : shorten(field.saved)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
