import { useTranslation } from "react-i18next";
import { CardTitle } from "~/components/CardTitle";
import { LineIcon } from "~/components/LineIcon";
import { ResourceTypeBadge } from "~/components/ResourceTypeIcon";
import type { ResourceCard as ResourceCardData } from "~/lib/cards";

/**
 * One resource in a list (/resources and the landing page): type icon and
 * label, title, description, author, and whether there is a file to
 * download. The title link is stretched over the whole card.
 */
export function ResourceCard({ resource, headingLevel = 2 }: { resource: ResourceCardData; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("resources");
  const author = resource.author?.username;

  return (
    <article className="group relative flex h-full flex-col rounded-lg border border-ink-200 bg-white p-5 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <p className="text-sm font-semibold text-accent-700">
        <span className="sr-only">{t("card.type")}: </span>
        <ResourceTypeBadge
          type={resource.resource_type}
          iconClassName="h-9 w-9 rounded-md bg-accent-600/10 p-1.5 text-accent-700"
          className="gap-3"
        />
      </p>

      <CardTitle to={`/resources/${resource.slug}`} title={resource.title} headingLevel={headingLevel} className="mt-4" />
      {resource.description ? (
        <p dir="auto" className="mt-2 line-clamp-3 text-ink-700">
          {resource.description}
        </p>
      ) : null}

      <div className="mt-auto flex flex-col gap-1 pt-5 text-sm">
        {author ? <span className="text-ink-600">{t("card.by", { name: author })}</span> : null}
        {resource.file_url ? (
          <span className="inline-flex items-center gap-1.5 font-semibold text-ink-800">
            <DownloadIcon />
            {t("card.download")}
          </span>
        ) : (
          <span className="text-ink-500">{t("card.readOnline")}</span>
        )}
      </div>
    </article>
  );
}

export function DownloadIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <LineIcon className={className}>
      <path d="M12 4v11M7 10.5l5 5 5-5M5 20h14" />
    </LineIcon>
  );
}
