import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CALENDAR_CONTENT_TYPE, eventsCalendar } from "~/lib/calendar.server";
import { FEED_CACHE_CONTROL, feedUnavailable } from "~/lib/feeds.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { getFixedT } from "~/lib/i18n.server";
import { upcomingEvents } from "~/models/events.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { publicOrigin } from "~/lib/public-origin.server";

/** More than the network has ever had at once; a bound so one feed stays one small response. */
const CALENDAR_LIMIT = 200;

/** /events.ics: the upcoming published events as one iCalendar file to subscribe to. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const events = await tryRead("the events calendar", upcomingEvents(createAnonSupabaseClient(context.cloudflare.env), CALENDAR_LIMIT));
  if (events === FAILED_READ) return feedUnavailable("Failed to load events");

  const t = await getFixedT(request, "events");
  const body = eventsCalendar(events, {
    origin: publicOrigin(request, context.cloudflare.env),
    name: t("feeds.calendarName"),
    onlineLabel: t("detail.online"),
  });
  return new Response(body, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": 'inline; filename="events.ics"',
      "Cache-Control": FEED_CACHE_CONTROL,
      // The calendar's name and the online label follow the visitor's language.
      Vary: "Cookie, Accept-Language",
    },
  });
}
