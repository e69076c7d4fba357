import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { element, escapeXml, FEED_CACHE_CONTROL, feedUnavailable, rfc822 } from "~/lib/feeds.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { detectLanguage, getFixedT } from "~/lib/i18n.server";
import type { NewsCard } from "~/lib/cards";
import { latestNews } from "~/models/news.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { publicOrigin } from "~/lib/public-origin.server";

const FEED_SIZE = 20;

/** /rss: the latest published news as RSS 2.0, with absolute links. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const articles = await tryRead("the news feed", latestNews(createAnonSupabaseClient(context.cloudflare.env), FEED_SIZE));
  if (articles === FAILED_READ) return feedUnavailable("Failed to load articles");

  const origin = publicOrigin(request, context.cloudflare.env);
  const language = await detectLanguage(request);
  const t = await getFixedT(language, "events");
  const newest = articles.find((article) => article.published_at)?.published_at;

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", t("feeds.newsTitle")),
    element("link", `${origin}/news`),
    element("description", t("feeds.newsDescription")),
    element("language", language),
    `<atom:link href="${escapeXml(`${origin}/rss`)}" rel="self" type="application/rss+xml"/>`,
    newest ? element("lastBuildDate", rfc822(newest)) : "",
    ...articles.map((article) => item(article, origin)),
    "</channel>",
    "</rss>",
    "",
  ]
    .filter(Boolean)
    .join("\n");

  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": FEED_CACHE_CONTROL,
      // The channel's title and description follow the visitor's language.
      Vary: "Cookie, Accept-Language",
    },
  });
}

function item(article: NewsCard, origin: string): string {
  const link = `${origin}/news/${encodeURIComponent(article.slug)}`;
  return [
    "<item>",
    element("title", article.title),
    element("link", link),
    `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
    article.published_at ? element("pubDate", rfc822(article.published_at)) : "",
    article.excerpt ? element("description", article.excerpt) : "",
    ...(article.tags ?? []).map((tag) => element("category", tag)),
    "</item>",
  ]
    .filter(Boolean)
    .join("");
}
