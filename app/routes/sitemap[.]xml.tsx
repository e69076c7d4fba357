import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { escapeXml, FEED_CACHE_CONTROL, feedUnavailable } from "~/lib/feeds.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { publishedSlugs, type SitemapEntry } from "~/models/sitemap.server";
import { publicOrigin } from "~/lib/public-origin.server";

/**
 * The public pages that exist without any content row. Only pages that are
 * built (each has its route file; a test checks).
 */
const STATIC_PATHS = [
  "/",
  "/about",
  "/principles",
  "/structure",
  "/congress",
  "/campaigns",
  "/security",
  "/news",
  "/events",
  "/events?past=1",
  "/resources",
  "/groups",
  "/voting",
  "/contact",
  "/join",
  "/privacy",
  "/terms",
] as const;

/** /sitemap.xml: the static pages and every published article, event and resource, as absolute URLs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const content = await tryRead("the sitemap's records", publishedSlugs(createAnonSupabaseClient(context.cloudflare.env)));
  if (content === FAILED_READ) return feedUnavailable("Failed to load the sitemap");

  const origin = publicOrigin(request, context.cloudflare.env);
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ""}</url>`;
  const rows = (prefix: string, entries: SitemapEntry[]) =>
    entries.map(({ slug, updated_at }) => entry(`${prefix}/${encodeURIComponent(slug)}`, updated_at));

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PATHS.map((path) => entry(path)),
    ...rows("/news", content.news),
    ...rows("/events", content.events),
    ...rows("/resources", content.resources),
    "</urlset>",
    "",
  ].join("\n");

  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
