// Dates as visitors read them: in the active language, with the time zone named.
// The server cannot know a visitor's time zone, and the HTML must be the same with and without
// JavaScript (and identical at hydration), so times are shown in UTC and say so.
const TIME_ZONE = "UTC";

const dayFormat = (lng: string) =>
  new Intl.DateTimeFormat(lng, { year: "numeric", month: "long", day: "numeric", timeZone: TIME_ZONE });
const dayTimeFormat = (lng: string) =>
  new Intl.DateTimeFormat(lng, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: TIME_ZONE,
  });

/** Whether an event spans more than one calendar day (UTC). */
export function isMultiDay(start: string, end: string | null): boolean {
  return end !== null && start.slice(0, 10) !== new Date(end).toISOString().slice(0, 10);
}

/** "22 November 2026" in the language given. */
export function formatDay(value: string | Date, lng: string): string {
  return dayFormat(lng).format(new Date(value));
}

/** "22 November 2026, 18:00 UTC" in the language given. */
export function formatDayTime(value: string | Date, lng: string): string {
  return dayTimeFormat(lng).format(new Date(value));
}

/**
 * An event's dates in the language given: one date (with its times) for a single-day event,
 * a range of days for a multi-day one ("3 – 5 December 2026").
 */
export function formatEventDates(start: string, end: string | null, lng: string): string {
  if (!end) return formatDayTime(start, lng);
  const format = isMultiDay(new Date(start).toISOString(), end) ? dayFormat(lng) : dayTimeFormat(lng);
  return format.formatRange(new Date(start), new Date(end));
}

/** The machine-readable value for <time dateTime>. */
export const isoDate = (value: string) => new Date(value).toISOString();
