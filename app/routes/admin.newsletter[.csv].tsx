import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/auth.server";
import { toCsv } from "~/lib/csv";
import { allSubscribers } from "~/models/newsletter.server";

/**
 * GET /admin/newsletter.csv: every subscriber (address, date subscribed, UTC), for sending the
 * digest with an outside mailer. Never cached: it is the list of people who trusted us with it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const subscribers = await allSubscribers(supabase);
  const rows = [["email", "subscribed_at"], ...subscribers.map((subscriber) => [subscriber.email, new Date(subscriber.created_at).toISOString()])];
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="newsletter-${new Date().toISOString().slice(0, 10)}.csv"`);
  headers.set("Cache-Control", "private, no-store");
  return new Response(toCsv(rows), { headers });
}
