import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FEED_CACHE_CONTROL } from "~/lib/feeds.server";
import { languages } from "~/lib/i18n";
import { site } from "~/lib/site";
import { publicOrigin } from "~/lib/public-origin.server";

/** RFC 9116 asks for an expiry under a year ahead; the file is made per request, so it never goes stale. */
const VALID_FOR_DAYS = 180;

/**
 * /.well-known/security.txt (RFC 9116): where to report a weakness in the site, in which languages,
 * and the policy (the disclosure section of /security).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = publicOrigin(request, context.cloudflare.env);
  const expires = new Date(Date.now() + VALID_FOR_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: mailto:${site.email.security}`,
    `Expires: ${expires.toISOString()}`,
    `Preferred-Languages: ${languages.join(", ")}`,
    `Policy: ${origin}/security#disclosure`,
    `Canonical: ${origin}/.well-known/security.txt`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
