// Published news articles, as anon or member under RLS (drafts are invisible to them).
import type { NewsCard } from "~/lib/cards";
import { isSlug, pageOf, rangeOf, rowsOf, type Page, type Supabase } from "./query.server";

const CARD = "id, title, slug, excerpt, image_url, published_at, tags, author:profiles!author_id(username)";
const DETAIL = "id, title, slug, excerpt, content, image_url, published_at, updated_at, tags, author:profiles!author_id(username, avatar_url)";

const NEWS_PAGE_SIZE = 9;

export async function latestNews(supabase: Supabase, limit = 3): Promise<NewsCard[]> {
  return rowsOf(
    "news",
    await supabase
      .from("news_articles")
      .select(CARD)
      .eq("is_published", true)
      .order("published_at", { ascending: false })
      .limit(limit),
  );
}

export async function newsPage(supabase: Supabase, page: number): Promise<Page<NewsCard>> {
  const [from, to] = rangeOf(page, NEWS_PAGE_SIZE);
  const result = await supabase
    .from("news_articles")
    .select(CARD, { count: "exact" })
    .eq("is_published", true)
    .order("published_at", { ascending: false })
    .range(from, to);
  return pageOf("news", result, page, NEWS_PAGE_SIZE);
}

/** The published article with that slug, or null. */
export async function publishedArticle(supabase: Supabase, slug: string) {
  if (!isSlug(slug)) return null;
  return rowsOf(
    "news article",
    await supabase.from("news_articles").select(DETAIL).eq("slug", slug).eq("is_published", true).maybeSingle(),
  );
}
