import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveImage, type ImageCache } from "~/lib/images.server";

/**
 * GET /images?src=<encoded URL or demo path>: the picture of a published news article or
 * event, or a group's logo, served from this site's own origin; or one of the site's demo
 * pictures, read from the Worker's static files (env.ASSETS). Components build the address
 * with pictureSrc() from ~/lib/images. How the allow-list, the limits and the caching work:
 * app/lib/images.server.ts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, ctx, caches } = context.cloudflare;
  // Cloudflare's CacheStorage has `default`; a test's load context may have no caches at all.
  const cache = (caches as { default?: ImageCache } | undefined)?.default;
  return serveImage(request, env, {
    cache,
    waitUntil: ctx ? (promise) => ctx.waitUntil(promise) : undefined,
  });
}
