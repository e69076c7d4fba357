import { describe, expect, it } from "vitest";
import { formatDay, formatEventDates, isMultiDay } from "~/lib/dates";

// Intl separates a time from its day period with a narrow no-break space in recent ICU versions.
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("event dates in the event's own time zone", () => {
  it("shows a Madrid evening as the local time, with its zone named", () => {
    const text = spaces(formatEventDates("2026-12-01T17:00:00Z", null, "en", "Europe/Madrid"));
    expect(text).toContain("December 1, 2026");
    expect(text).toContain("6:00 PM");
    expect(text).toContain("GMT+1");
  });

  it("puts an evening in Mexico City on its local day, not the UTC one", () => {
    const text = spaces(formatEventDates("2026-12-01T00:00:00Z", null, "en", "America/Mexico_City"));
    expect(text).toContain("November 30, 2026");
    expect(text).toContain("6:00 PM");
    expect(text).toContain("CST");
  });

  it("judges one day or several where the event happens", () => {
    const [start, end] = ["2026-12-01T22:00:00Z", "2026-12-02T02:00:00Z"];
    expect(isMultiDay(start, end)).toBe(true);
    expect(isMultiDay(start, end, "America/Mexico_City")).toBe(false);
    expect(spaces(formatEventDates(start, end, "en", "America/Mexico_City"))).toMatch(/4:00\s?–\s?8:00 PM CST/);
    expect(formatEventDates(start, end, "en")).toMatch(/December 1\s?–\s?2, 2026/);
  });

  it("gives a multi-day event's own page its opening and closing times, with the zone", () => {
    const [start, end] = ["2026-12-03T08:00:00Z", "2026-12-05T16:00:00Z"];
    const full = spaces(formatEventDates(start, end, "en", "Africa/Johannesburg", { compact: false }));
    expect(full).toMatch(/December 3, 2026.*10:00 AM.*December 5, 2026.*6:00 PM/);
    expect(full).toContain("GMT+2");
    expect(spaces(formatEventDates(start, end, "en", "Africa/Johannesburg"))).toMatch(/^December 3\s?–\s?5, 2026$/);
  });

  it("keeps UTC for everything without a zone of its own, in every language", () => {
    expect(spaces(formatEventDates("2026-12-01T17:00:00Z", null, "en"))).toContain("UTC");
    expect(formatDay("2026-12-01T23:30:00Z", "de")).toBe("1. Dezember 2026");
  });
});

describe("Chinese dates", () => {
  it("write a single day as a range writes its days, with numbers (CLDR's ranges have no 年月日)", () => {
    expect(formatDay("2026-12-06T10:00:00Z", "zh")).toBe("2026/12/6");
    expect(spaces(formatEventDates("2026-12-04T17:00:00Z", null, "zh", "Europe/Madrid"))).toBe("2026/12/4 GMT+1 18:00");
    expect(spaces(formatEventDates("2026-12-07T16:00:00Z", "2026-12-07T18:00:00Z", "zh"))).toMatch(/^2026\/12\/7 UTC 16:00\s?–\s?18:00$/);
    expect(spaces(formatEventDates("2026-12-29T10:00:00Z", "2026-12-31T16:00:00Z", "zh"))).toMatch(/^2026\/12\/29\s?–\s?2026\/12\/31$/);
  });
});

describe("languages whose dates the runtimes cannot write", () => {
  it("writes Burmese and Esperanto dates the ISO 8601 way, with no English word", () => {
    for (const lng of ["my", "eo"]) {
      expect(formatDay("2026-12-01T23:30:00Z", lng)).toBe("2026-12-01");
      expect(spaces(formatEventDates("2026-12-01T17:00:00Z", null, lng, "Europe/Madrid"))).toBe("2026-12-01 18:00 CET");
      expect(spaces(formatEventDates("2026-12-01T10:00:00Z", "2026-12-01T12:00:00Z", lng, "Asia/Yangon"))).toMatch(/^2026-12-01 16:30\s?–\s?18:30 GMT\+6:30$/);
      expect(formatEventDates("2026-12-03T08:00:00Z", "2026-12-05T16:00:00Z", lng, "Africa/Johannesburg")).toMatch(/^2026-12-03\s?–\s?(2026-12-)?05$/);
    }
  });
});
