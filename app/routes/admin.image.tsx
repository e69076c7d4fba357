import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/auth.server";
import { serveImage } from "~/lib/images.server";
import { isPublicHttpsUrl } from "~/lib/public-url";

/**
 * GET /admin/image?src=<https URL>: the preview of a picture an admin is about to publish, fetched
 * by the Worker like /images does for visitors (the admin's browser still talks only to this
 * site), but for any https URL on a public host, and never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const src = new URL(request.url).searchParams.get("src") ?? "";
  if (!isPublicHttpsUrl(src)) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return serveImage(request, context.cloudflare.env, { preview: true });
}
