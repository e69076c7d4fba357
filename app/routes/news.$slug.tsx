import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { ContentImage } from "~/components/ContentImage";
import { DetailHeader } from "~/components/DetailHeader";
import { PageFrame } from "~/components/PageFrame";
import { ShareLinks, shareLinksScript, TranslateLink } from "~/components/ShareLinks";
import type { IsolationHandle } from "~/lib/opener-policy";
import type { PageHandle } from "~/lib/page-scripts";
import { formatDay, isoDate } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { pictureSrc } from "~/lib/images";
import { sanitizeRichHtml } from "~/lib/sanitize.server";
import { canonicalUrl, seoMeta, summarize } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { publishedArticle } from "~/models/news.server";
import { FAILED_READ, tryRead } from "~/models/query.server";

/**
 * /news/:slug: one published article. A missing or unpublished slug is a 404
 * (the site's 404 screen); a backend failure renders 'Failed to load
 * article' with status 503. The content is sanitized again here, whatever
 * was stored.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await getFixedT(request, "news");
  const supabase = createAnonSupabaseClient(context.cloudflare.env);

  const article = await tryRead("a news article", publishedArticle(supabase, params.slug ?? ""));
  if (article === FAILED_READ) return data({ title: t("meta.loadFailedTitle"), article: null }, { status: 503 });
  if (!article) throw new Response(t("article.notFound"), { status: 404 });

  const { content, ...rest } = article;
  return data(
    {
      title: t("meta.articleTitle", { title: article.title }),
      article: { ...rest, html: sanitizeRichHtml(content) },
      // What Share hands out: the page's own address, without ?lng= (every language shares it).
      shareUrl: canonicalUrl(url.origin, { pathname: url.pathname, search: "" }),
    },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) => {
  if (!page) return [];
  if (!page.article) return [{ title: page.title }, { name: "robots", content: "noindex" }];
  const { article } = page;
  return seoMeta(
    { matches, location },
    {
      title: page.title,
      description: summarize(article.excerpt || article.title),
      type: "article",
      image: article.image_url ? pictureSrc(article.image_url) : null,
    },
  );
};

export const handle = { scripts: [shareLinksScript], isolate: false } satisfies PageHandle & IsolationHandle;

export default function NewsArticlePage() {
  const page = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("news");

  if (!page.article) {
    return (
      <PageFrame title={t("list.title")}>
        <ErrorMessage>
          {t("article.loadFailed")}
        </ErrorMessage>
      </PageFrame>
    );
  }

  const { article, shareUrl } = page;
  const author = article.author?.username;

  return (
    <article>
      <DetailHeader
        back={{ to: "/news", label: t("article.back") }}
        factsClassName="gap-x-2"
        facts={
          article.published_at ? (
            <time dateTime={isoDate(article.published_at)} className="font-semibold text-accent-400">
              <span className="sr-only">{t("article.published")}: </span>
              {formatDay(article.published_at, i18n.language)}
            </time>
          ) : null
        }
        byline={author ? t("article.by", { name: author }) : null}
        title={article.title}
        summary={article.excerpt}
      />

      <div className="mx-auto w-full max-w-3xl px-5 py-8 sm:px-8 sm:py-10">
        <div className="relative flex flex-wrap items-start gap-3">
          <ShareLinks url={shareUrl} title={article.title} />
          <TranslateLink url={shareUrl} />
        </div>

        {article.image_url ? (
          <ContentImage url={article.image_url} width={1200} height={675} eager className="mt-8 rounded-lg" />
        ) : null}

        <div dir="auto" className="prose mt-10" dangerouslySetInnerHTML={{ __html: article.html }} />

        {article.tags.length > 0 ? (
          <div className="mt-12 border-t border-ink-200 pt-6">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-ink-600">{t("article.tags")}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li key={tag} dir="ltr" className="rounded-full bg-ink-100 px-3 py-1 text-sm font-medium text-ink-800">
                  #{tag}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </article>
  );
}
