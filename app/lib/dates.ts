// Dates as visitors read them: in the active language, with the time zone named. The server
// cannot know a visitor's time zone, and the HTML must be the same with and without JavaScript (and
// identical at hydration), so times are shown in a zone chosen here: an event's own (where it
// happens; UTC for online events), UTC for everything else.
const UTC = "UTC";

type DateFormatKind = "day" | "dayTime" | "calendarDay";

const DATE_FORMAT_OPTIONS: Record<DateFormatKind, Intl.DateTimeFormatOptions> = {
  day: { year: "numeric", month: "long", day: "numeric" },
  dayTime: { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  calendarDay: { year: "numeric", month: "2-digit", day: "2-digit" },
};

// Creating an Intl.DateTimeFormat loads locale and zone data and costs far more than formatting
// with it (a proposal list created dozens, a measurable share of its hydration on a slow phone), so
// each language, zone and kind gets one, kept for the life of the isolate or the page.
function kept<T>(formats: Map<string, T>, key: string, create: () => T): T {
  let format = formats.get(key);
  if (format === undefined) {
    format = create();
    formats.set(key, format);
  }
  return format;
}

// Burmese and Esperanto have no date data in the ICU that workerd and Chromium carry (checked
// 2026-11-28: both answer "November 28, 2026" for them), so their dates are written the ISO 8601
// way, which has no word in any language: 2026-11-28, 2026-11-28 18:00 CET. Chosen by language,
// not by asking the runtime, so that the server's HTML and a browser's render agree at hydration.
// docs/decisions/054-iso-dates-where-the-runtime-has-no-data.md
const ISO_DATE_LANGUAGES = new Set(["eo", "my"]);
// Swedish writes dates and times as ISO 8601 does, and every runtime here carries it.
const ISO_DATE_LOCALE = "sv-SE";
const ISO_DATE_OPTIONS: Record<DateFormatKind, Intl.DateTimeFormatOptions> = {
  day: { year: "numeric", month: "2-digit", day: "2-digit" },
  dayTime: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", timeZoneName: "short" },
  calendarDay: DATE_FORMAT_OPTIONS.calendarDay,
};

// Chinese: CLDR 48 (workerd's, Chromium's and Node's ICU alike) writes a range of days with numbers
// only, 2026/12/6 – 2026/12/8, but a single day with characters, 2026年12月6日, so a list of events
// mixed the two. A numeric month keeps one form throughout: 2026/12/6, 2026/12/6 UTC 10:00.
// docs/decisions/054-iso-dates-where-the-runtime-has-no-data.md, addendum.
const NUMERIC_MONTH_LANGUAGES = new Set(["zh"]);

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (kind: DateFormatKind, lng: string, timeZone: string) =>
  kept(dateFormats, `${kind} ${lng} ${timeZone}`, () => {
    if (ISO_DATE_LANGUAGES.has(lng)) return new Intl.DateTimeFormat(ISO_DATE_LOCALE, { ...ISO_DATE_OPTIONS[kind], timeZone });
    const month = NUMERIC_MONTH_LANGUAGES.has(lng) ? { month: "numeric" as const } : {};
    return new Intl.DateTimeFormat(lng, { ...DATE_FORMAT_OPTIONS[kind], ...month, timeZone });
  });

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
const calendarDay = (value: string | Date, timeZone: string) => dateFormat("calendarDay", "en-CA", timeZone).format(new Date(value));

/** Whether an event spans more than one calendar day where it happens. */
export function isMultiDay(start: string, end: string | null, timeZone = UTC): boolean {
  return end !== null && calendarDay(start, timeZone) !== calendarDay(end, timeZone);
}

/** "22 November 2026" in the language given. */
export function formatDay(value: string | Date, lng: string): string {
  return dateFormat("day", lng, UTC).format(new Date(value));
}

/** "22 November 2026, 18:00 UTC" in the language given. */
export function formatDayTime(value: string | Date, lng: string, timeZone = UTC): string {
  return dateFormat("dayTime", lng, timeZone).format(new Date(value));
}

/**
 * An event's dates in the language given and in the event's time zone: one date (with its times
 * and the zone) for a single-day event; for a multi-day one, a range of days where space is short
 * ("3 – 5 December 2026", `compact`, the cards), else its first and last day with their times and
 * the zone (the event's own page: when it opens and closes where it happens).
 */
export function formatEventDates(start: string, end: string | null, lng: string, timeZone = UTC, { compact = true } = {}): string {
  if (!end) return formatDayTime(start, lng, timeZone);
  const format = dateFormat(compact && isMultiDay(start, end, timeZone) ? "day" : "dayTime", lng, timeZone);
  return format.formatRange(new Date(start), new Date(end));
}

/** The machine-readable value for <time dateTime>. */
export const isoDate = (value: string) => new Date(value).toISOString();

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A count in the language given ("1,234", "١٬٢٣٤"), with one formatter per language as for dates. */
export const formatNumber = (value: number, lng: string): string =>
  kept(numberFormats, lng, () => new Intl.NumberFormat(lng)).format(value);
