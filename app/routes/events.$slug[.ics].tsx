import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CALENDAR_CONTENT_TYPE, eventsCalendar } from "~/lib/calendar.server";
import { FEED_CACHE_CONTROL, feedUnavailable } from "~/lib/feeds.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { getFixedT } from "~/lib/i18n.server";
import { publishedEvent } from "~/models/events.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { publicOrigin } from "~/lib/public-origin.server";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/** /events/:slug.ics: one published event as an iCalendar file (one VEVENT) to add to a calendar. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const event = await tryRead("an event's calendar", publishedEvent(createAnonSupabaseClient(context.cloudflare.env), params.slug ?? ""));
  if (event === FAILED_READ) return feedUnavailable("Failed to load event");
  if (!event) return new Response("Not Found\n", { status: 404, headers: TEXT });

  const t = await getFixedT(request, "events");
  const body = eventsCalendar([event], {
    origin: publicOrigin(request, context.cloudflare.env),
    name: event.title,
    onlineLabel: t("detail.online"),
  });
  // Slugs are made of [a-z0-9-]; the filter keeps the header valid whatever a row holds.
  const filename = `${event.slug.replace(/[^\w.-]/g, "-")}.ics`;
  return new Response(body, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": FEED_CACHE_CONTROL,
      Vary: "Cookie, Accept-Language",
    },
  });
}
