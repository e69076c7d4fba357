import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireViewer } from "~/lib/auth.server";
import { ownData } from "~/models/profiles.server";
import { readOrUnavailable } from "~/models/query.server";

/** "Download my data": the member's profile, proposals, comments and votes as a JSON file. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const data = await readOrUnavailable(ownData(supabase, viewer.id), headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Content-Disposition", 'attachment; filename="my-data.json"');
  headers.set("Cache-Control", "private, no-store");
  return new Response(JSON.stringify({ exported_at: new Date().toISOString(), email: viewer.email, ...data }, null, 2), { headers });
}
