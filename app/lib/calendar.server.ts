/**
 * iCalendar (RFC 5545) for events, with the `ics` package: one VEVENT per
 * event, times in UTC (the database stores instants; calendars convert to
 * the reader's zone), and the event page as URL.
 */
import { createEvents, type EventAttributes } from "ics";
import { site } from "~/lib/site";
import type { EventCard } from "~/lib/cards";

export type CalendarEvent = Pick<
  EventCard,
  "id" | "title" | "slug" | "description" | "start_date" | "end_date" | "location" | "is_online"
>;

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

function vevent(event: CalendarEvent, origin: string, onlineLabel: string): EventAttributes {
  const url = `${origin}/events/${encodeURIComponent(event.slug)}`;
  const location = event.is_online ? onlineLabel : (event.location ?? undefined);
  const attributes = {
    // The id, not the slug: a renamed event stays the same calendar entry. The public origin
    // (SITE_URL in production), not the request's: the same event has the same UID on every mirror.
    uid: `${event.id}@${new URL(origin).hostname}`,
    title: event.title,
    description: `${event.description}\n\n${url}`,
    url,
    status: "CONFIRMED",
    ...(location ? { location } : {}),
    start: Date.parse(event.start_date),
    startInputType: "utc",
    startOutputType: "utc",
  } as const;
  if (event.end_date) {
    return { ...attributes, end: Date.parse(event.end_date), endInputType: "utc", endOutputType: "utc" };
  }
  // Without an end date the event is a point in time: RFC 5545 lets DTSTART stand alone, while
  // the package's types insist on an end or a duration (an empty duration would print "PT").
  return attributes as EventAttributes;
}

/**
 * A VCALENDAR with the given events. Throws when the package refuses an
 * event: a calendar with a silently missing entry would be worse.
 */
export function eventsCalendar(
  events: CalendarEvent[],
  { origin, name, onlineLabel }: { origin: string; name: string; onlineLabel: string },
): string {
  const { error, value } = createEvents(
    events.map((event) => vevent(event, origin, onlineLabel)),
    { productId: `-//${site.shortName}//${new URL(origin).hostname}//EN`, calName: name },
  );
  if (error || value === null) throw error ?? new Error("ics produced no calendar");
  return value;
}
