import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { element, escapeXml, FEED_CACHE_CONTROL, feedUnavailable, rfc822 } from "~/lib/feeds.server";
import { detectLanguage, getFixedT } from "~/lib/i18n.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { publishedProposals } from "~/models/proposals.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { publicOrigin } from "~/lib/public-origin.server";

/**
 * /voting/rss: published proposals as RSS 2.0, most recently changed first. Each state a
 * proposal reaches is an item of its own (its guid carries the status), so a feed reader shows
 * "published for discussion", "in voting", "passed"… as they happen.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const proposals = await tryRead("the proposals feed", publishedProposals(createAnonSupabaseClient(context.cloudflare.env)));
  if (proposals === FAILED_READ) return feedUnavailable("Failed to load proposals");
  const origin = publicOrigin(request, context.cloudflare.env);
  const language = await detectLanguage(request);
  const t = await getFixedT(language, "voting");
  const item = (proposal: (typeof proposals)[number]) => {
    const link = `${origin}/voting/${proposal.id}`;
    return [
      "<item>",
      element("title", t("feed.itemTitle", { status: t(`status.${proposal.status}`), title: proposal.title })),
      element("link", link),
      `<guid isPermaLink="false">${escapeXml(`${link}#${proposal.status}`)}</guid>`,
      element("pubDate", rfc822(proposal.updated_at)),
      proposal.author ? element("author", proposal.author.username) : "",
      "</item>",
    ].join("");
  };
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", t("feed.title")),
    element("link", `${origin}/voting`),
    element("description", t("meta.description")),
    element("language", language),
    `<atom:link href="${escapeXml(`${origin}/voting/rss`)}" rel="self" type="application/rss+xml"/>`,
    proposals[0] ? element("lastBuildDate", rfc822(proposals[0].updated_at)) : "",
    ...proposals.map(item),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL, Vary: "Cookie, Accept-Language" },
  });
}
