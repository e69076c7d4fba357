// The published slugs of every content table, for /sitemap.xml: one light query per table, in parallel.
import { rowsOf, type Supabase } from "./query.server";

/**
 * Every published news article, event (upcoming and past) and resource, as
 * slug and last change. Drafts are excluded here and by row-level security.
 */
export async function publishedSlugs(supabase: Supabase) {
  const [news, events, resources] = await Promise.all([
    supabase.from("news_articles").select("slug, updated_at").eq("is_published", true).order("published_at", { ascending: false }),
    supabase.from("events").select("slug, updated_at").eq("is_published", true).order("start_date", { ascending: false }),
    supabase.from("resources").select("slug, updated_at").eq("is_published", true).order("created_at", { ascending: false }),
  ]);
  return {
    news: rowsOf("news slugs", news),
    events: rowsOf("event slugs", events),
    resources: rowsOf("resource slugs", resources),
  };
}

export type SitemapEntry = Awaited<ReturnType<typeof publishedSlugs>>["news"][number];
