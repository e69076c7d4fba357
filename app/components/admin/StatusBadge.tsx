import { useTranslation } from "react-i18next";

/** The colours of specification.md §4: draft yellow, published green; contacts new blue, read yellow. */
const LOOKS = {
  "draft": "bg-amber-100 text-amber-900 ring-amber-300",
  "published": "bg-emerald-100 text-emerald-900 ring-emerald-300",
  "verified": "bg-emerald-100 text-emerald-900 ring-emerald-300",
  "pending": "bg-amber-100 text-amber-900 ring-amber-300",
  "new": "bg-sky-100 text-sky-900 ring-sky-300",
  "read": "bg-amber-100 text-amber-900 ring-amber-300",
  "other": "bg-emerald-100 text-emerald-900 ring-emerald-300",
} as const;

type BadgeStatus = keyof typeof LOOKS;

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const { t } = useTranslation("admin");
  const look = status in LOOKS ? LOOKS[status as BadgeStatus] : LOOKS.other;
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${look}`}>
      {label ?? t(`status.${status}`)}
    </span>
  );
}
