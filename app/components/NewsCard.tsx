import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardTitle } from "~/components/CardTitle";
import { ContentImage } from "~/components/ContentImage";
import { formatDay, isoDate } from "~/lib/dates";
import type { NewsCard as NewsCardData } from "~/lib/cards";

/**
 * One article in a list (/news and the landing page): image, date, author,
 * title, the excerpt clamped to three lines and a Read more link.
 *
 * The title link is stretched over the whole card so the card is one target;
 * Read more sits above it (it names the article for screen readers too).
 */
export function NewsCard({ article, headingLevel = 2 }: { article: NewsCardData; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation("news");
  const href = `/news/${article.slug}`;
  const author = article.author?.username;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-ink-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <ContentImage url={article.image_url} width={640} height={360} />

      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap gap-x-2 text-sm text-ink-600">
          {article.published_at ? (
            <time dateTime={isoDate(article.published_at)} className="font-semibold text-accent-700">
              <span className="sr-only">{t("card.published")}: </span>
              {formatDay(article.published_at, i18n.language)}
            </time>
          ) : null}
          {author ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{t("card.by", { name: author })}</span>
            </>
          ) : null}
        </p>

        <CardTitle to={href} title={article.title} headingLevel={headingLevel} className="mt-3" />
        {article.excerpt ? (
          <p dir="auto" className="mt-2 line-clamp-3 text-ink-700">
            {article.excerpt}
          </p>
        ) : null}

        <div className="mt-auto pt-5">
          <Link
            to={href}
            className="relative z-10 inline-flex items-center gap-1.5 font-semibold text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700"
          >
            {t("card.readMore")}
            <span className="sr-only">: {article.title}</span>
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              →
            </span>
          </Link>
        </div>
      </div>
    </article>
  );
}
