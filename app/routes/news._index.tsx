import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { NewsCard } from "~/components/NewsCard";
import { PageFrame } from "~/components/PageFrame";
import { Pagination, pageHref } from "~/components/Pagination";
import { getFixedT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { newsPage } from "~/models/news.server";
import { FAILED_READ, pageFromUrl, tryRead } from "~/models/query.server";
import type { IsolationHandle } from "~/lib/opener-policy";

/**
 * /news: published articles, newest first, NEWS_PAGE_SIZE to a page
 * (?page=N). A page past the last one is a 404. When the backend fails the
 * page still renders, saying so in its body, with status 503 so that no
 * cache keeps the failure.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageFromUrl(new URL(request.url));
  const t = await getFixedT(request, "news");
  const supabase = createAnonSupabaseClient(context.cloudflare.env);
  const title = page > 1 ? t("meta.pageTitle", { page }) : t("meta.title");
  const description = t("meta.description");

  const news = await tryRead("the news", newsPage(supabase, page));
  if (news === FAILED_READ) return data({ title, description, news: null }, { status: 503 });
  if (page > news.pageCount) throw new Response("Not Found", { status: 404 });
  return data({ title, description, news });
}

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) => {
  if (!page) return [];
  const tags = seoMeta({ matches, location }, { title: page.title, description: page.description });
  return page.news ? tags : [...tags, { name: "robots", content: "noindex" }];
};

export default function NewsIndexPage() {
  const { news } = useLoaderData<typeof loader>();
  const { t } = useTranslation("news");

  return (
    <PageFrame title={t("list.title")} subtitle={t("list.subtitle")}>
      {!news ? (
        <ErrorMessage>
          {t("list.loadFailed")}
        </ErrorMessage>
      ) : news.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white px-6 py-12 text-center text-lg text-ink-600">
          {t("list.empty")}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {news.items.map((article) => (
            <li key={article.id}>
              <NewsCard article={article} />
            </li>
          ))}
        </ul>
      )}

      {news ? (
        <Pagination
          page={news.page}
          pageCount={news.pageCount}
          href={(target) => pageHref("/news", target)}
          labels={{
            nav: t("list.pagination.label"),
            previous: t("list.pagination.previous"),
            next: t("list.pagination.next"),
            status: t("list.pagination.status", { page: news.page, pages: news.pageCount }),
          }}
        />
      ) : null}
    </PageFrame>
  );
}
