import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FEED_CACHE_CONTROL } from "~/lib/feeds.server";
import { publicOrigin } from "~/lib/public-origin.server";

/** /robots.txt: everything may be crawled except the admin area; the sitemap is named absolutely. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = publicOrigin(request, context.cloudflare.env);
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
