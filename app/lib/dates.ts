// Dates as visitors read them: in the active language, with the time zone named. The server
// cannot know a visitor's time zone, and the HTML must be the same with and without JavaScript (and
// identical at hydration), so times are shown in a zone chosen here: an event's own (where it
// happens; UTC for online events), UTC for everything else.
const UTC = "UTC";

const dayFormat = (lng: string, timeZone: string) =>
  new Intl.DateTimeFormat(lng, { year: "numeric", month: "long", day: "numeric", timeZone });
const dayTimeFormat = (lng: string, timeZone: string) =>
  new Intl.DateTimeFormat(lng, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  });

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
const calendarDay = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(new Date(value));

/** Whether an event spans more than one calendar day where it happens. */
export function isMultiDay(start: string, end: string | null, timeZone = UTC): boolean {
  return end !== null && calendarDay(start, timeZone) !== calendarDay(end, timeZone);
}

/** "22 November 2026" in the language given. */
export function formatDay(value: string | Date, lng: string): string {
  return dayFormat(lng, UTC).format(new Date(value));
}

/** "22 November 2026, 18:00 UTC" in the language given. */
export function formatDayTime(value: string | Date, lng: string, timeZone = UTC): string {
  return dayTimeFormat(lng, timeZone).format(new Date(value));
}

/**
 * An event's dates in the language given and in the event's time zone: one date (with its times
 * and the zone) for a single-day event, a range of days for a multi-day one ("3 – 5 December 2026").
 */
export function formatEventDates(start: string, end: string | null, lng: string, timeZone = UTC): string {
  if (!end) return formatDayTime(start, lng, timeZone);
  const format = isMultiDay(start, end, timeZone) ? dayFormat(lng, timeZone) : dayTimeFormat(lng, timeZone);
  return format.formatRange(new Date(start), new Date(end));
}

/** The machine-readable value for <time dateTime>. */
export const isoDate = (value: string) => new Date(value).toISOString();
