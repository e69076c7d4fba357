import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** http(s) and mailto links leave the site: they open in a new tab without opener or referrer. */
function isExternalHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href);
}

/**
 * One link component for the whole site: internal paths use Remix <Link>
 * (client-side routing with JS, a normal link without), external ones a
 * plain <a target="_blank" rel="noopener noreferrer"> with a note for
 * screen readers that a new tab opens. `reloadDocument` is for resource
 * routes (the RSS feed) that are not pages.
 */
export function SiteLink({
  to,
  children,
  className,
  reloadDocument,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  reloadDocument?: boolean;
}) {
  const { t } = useTranslation();
  if (isExternalHref(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="sr-only"> {t("externalLink")}</span>
      </a>
    );
  }
  return (
    <Link to={to} className={className} reloadDocument={reloadDocument}>
      {children}
    </Link>
  );
}
