import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/auth.server";
import { toCsv } from "~/lib/csv";
import { allSubscribers } from "~/models/newsletter.server";
import { readOrUnavailable } from "~/models/query.server";

/**
 * GET /admin/newsletter.csv: every confirmed subscriber (address, date confirmed, UTC, and the
 * subscriber's own unsubscribe link, which every digest must carry), for sending the digest with an
 * outside mailer. Never cached: it is the list of people who trusted us with it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const subscribers = await readOrUnavailable(allSubscribers(supabase), headers);
  const rows = [
    ["email", "confirmed_at", "unsubscribe_url"],
    ...subscribers.map((subscriber) => [
      subscriber.email,
      new Date(subscriber.confirmed_at).toISOString(),
      new URL(`/newsletter/unsubscribe?token=${subscriber.unsubscribe_token}`, request.url).href,
    ]),
  ];
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="newsletter-${new Date().toISOString().slice(0, 10)}.csv"`);
  headers.set("Cache-Control", "private, no-store");
  return new Response(toCsv(rows), { headers });
}
