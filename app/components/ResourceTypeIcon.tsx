import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { LineIcon } from "~/components/LineIcon";
import { resourceTypeOf, type ResourceType } from "~/lib/cards";

/**
 * The icon of a resource type, drawn inline (no icon font, no request). It is
 * decoration: the translated type label always sits beside it.
 */
function ResourceTypeIcon({ type, className = "h-6 w-6" }: { type: string; className?: string }) {
  return (
    <LineIcon className={className} strokeWidth={1.8}>
      {PATHS[resourceTypeOf(type)]}
    </LineIcon>
  );
}

/** The translated label beside the icon (the resources namespace, under types.*). */
export function ResourceTypeBadge({
  type,
  className = "gap-2",
  iconClassName = "h-5 w-5",
}: {
  type: string;
  className?: string;
  iconClassName?: string;
}) {
  const { t } = useTranslation("resources");
  const shown = resourceTypeOf(type);
  return (
    <span className={`inline-flex items-center ${className}`}>
      <ResourceTypeIcon type={shown} className={`shrink-0 ${iconClassName}`} />
      {t(TYPE_LABELS[shown])}
    </span>
  );
}

const TYPE_LABELS: Record<ResourceType, string> = {
  guide: "types.guide",
  theory: "types.theory",
  template: "types.template",
  tool: "types.tool",
};

const PATHS: Record<ResourceType, ReactElement> = {
  // An open book.
  guide: (
    <>
      <path d="M12 6.5C10.3 5 7.8 4.5 3 4.5v14c4.8 0 7.3.5 9 2 1.7-1.5 4.2-2 9-2v-14c-4.8 0-7.3.5-9 2Z" />
      <path d="M12 6.5v14" />
    </>
  ),
  // A light bulb: ideas.
  theory: (
    <>
      <path d="M9 17.5h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.4 1.1 2.2v1.5h5V16c0-.8.4-1.6 1.1-2.2A6 6 0 0 0 12 3Z" />
    </>
  ),
  // A page with a folded corner and blanks to fill in.
  template: (
    <>
      <path d="M14 3H6.5A1.5 1.5 0 0 0 5 4.5v15A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V8Z" />
      <path d="M14 3v5h5" />
      <path d="M8.5 12.5h7M8.5 16h4.5" />
    </>
  ),
  // A spanner.
  tool: (
    <>
      <path d="M15.5 3.2a5 5 0 0 0-5.3 6.6L3.6 16.4a2.1 2.1 0 0 0 3 3l6.6-6.6a5 5 0 0 0 6.6-5.3l-3 3-2.8-.5-.5-2.8Z" />
    </>
  ),
};
