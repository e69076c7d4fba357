/**
 * Local date and time in a named time zone, as an admin enters them for an event or a voting
 * window, converted to and from the instant the database stores (timestamptz). Offsets come from
 * @date-fns/tz (the platform's Intl data), never from a table of our own.
 */
import { TZDate, tzOffset } from "@date-fns/tz";
import { getTimezone } from "countries-and-timezones";

/** What `<input type="datetime-local">` posts: 2026-05-01T18:00. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const HOUR = 3_600_000;

export type ZonedInstant = { instant: Date } | { problem: "invalid" | "gap" };

/**
 * The instant of a local date and time in `timeZone`. A time that does not exist there (the hour
 * skipped when clocks go forward) is a "gap". A time that happens twice (clocks go back) is the one
 * that is `stored` (the instant a saved record has, to the minute: a form shows both as the same wall
 * time, and saving it again must not move the record an hour); else the first not before `notBefore`;
 * else the earlier.
 */
export function instantFromLocal(local: string, timeZone: string, prefer: { stored?: string; notBefore?: string } = {}): ZonedInstant {
  const match = LOCAL.exec(local);
  if (!match) return { problem: "invalid" };
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const wallDate = new Date(wall);
  if (wallDate.getUTCMonth() !== month - 1 || wallDate.getUTCDate() !== day || hour > 23 || minute > 59) {
    return { problem: "invalid" };
  }
  // The offsets in force half a day either side; a wall time that maps back onto itself under an
  // offset is a real instant. Transitions are never closer together than that.
  const offsets = new Set([tzOffset(timeZone, new Date(wall - 12 * HOUR)), tzOffset(timeZone, new Date(wall + 12 * HOUR))]);
  const instants = [...offsets]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => tzOffset(timeZone, new Date(instant)) * 60_000 === wall - instant)
    .sort((a, b) => a - b);
  if (!instants.length) return { problem: "gap" };
  const storedMinute = Math.floor(Date.parse(prefer.stored ?? "") / 60_000) * 60_000;
  const notBefore = Date.parse(prefer.notBefore ?? "");
  const chosen = instants.find((instant) => instant === storedMinute) ?? instants.find((instant) => instant >= notBefore) ?? instants[0];
  return { instant: new Date(chosen) };
}

/** The local date and time of an instant in `timeZone`, as a datetime-local input wants it. */
export function localFromInstant(value: string | Date, timeZone: string): string {
  const date = new TZDate(new Date(value).getTime(), timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

let choices: string[] | undefined;

/**
 * The zones the platform knows, UTC first, by the names people look for: the choices of the
 * time-zone select. Intl lists CLDR's older spellings (Asia/Calcutta, Europe/Kiev, Asia/Rangoon);
 * where the tz database renamed the same zone, countries-and-timezones gives the current name.
 * Zones the tz database merged into another city's (Europe/Amsterdam) keep their own name.
 */
export function timeZoneChoices(): string[] {
  choices ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone.includes("/")).map(currentSpelling).sort()];
  return choices;
}

/** A zone's name among the choices (Europe/Kiev → Europe/Kyiv, Etc/UTC → UTC), or null when it is none of them. */
export function currentTimeZone(zone: string): string | null {
  const platformName = platformZone(zone);
  if (platformName === null) return null;
  if (platformName === "UTC") return "UTC";
  const name = currentSpelling(platformName);
  return timeZoneChoices().includes(name) ? name : null;
}

function currentSpelling(platformName: string) {
  const renamed = getTimezone(platformName)?.aliasOf;
  return renamed && platformZone(renamed) === platformName ? renamed : platformName;
}

/** Intl's own name for a zone, or null when it does not know it. */
function platformZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
