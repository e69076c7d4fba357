// The back-office's pure helpers: slugs from any script, local times in a zone (daylight-saving
// gaps and overlaps), CSV with formula cells neutralised, and what counts as a public https host.
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/lib/csv";
import { isPublicHttpsUrl } from "~/lib/public-url";
import { firstFreeSlug, slugify, SLUG_MAX_LENGTH } from "~/lib/slug";
import { currentTimeZone, instantFromLocal, localFromInstant, timeZoneChoices } from "~/lib/zoned-time";

describe("slugify", () => {
  it.each([
    ["Regional assemblies: the calendar!", "regional-assemblies-the-calendar"],
    ["Zażółć gęślą jaźń", "zazolc-gesla-jazn"],
    ["Съезд сети", "s-ezd-seti"],
    ["网络年度大会", "wangluoniandudahui"],
    ["مؤتمر الشبكة السنوي", "mu-tmr-lshbkh-lsnwy"],
    ["नेटवर्क सम्मेलन", "netvrk-smmeln"],
    ["ကွန်ရက် ညီလာခံ", "kvnrk-nnilakhm"],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title, "article")).toBe(slug);
  });

  it("falls back when nothing is left, and cuts long titles at a word", () => {
    expect(slugify("!!! ???", "article")).toBe("article");
    const long = slugify("word ".repeat(40), "x");
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("takes the first free of base, base-1, base-2…", () => {
    expect(firstFreeSlug("a", new Set())).toBe("a");
    expect(firstFreeSlug("a", new Set(["a", "a-1"]))).toBe("a-2");
  });
});

describe("local times in a time zone", () => {
  it("converts 18:00 in Mexico City to the UTC instant and back", () => {
    const result = instantFromLocal("2027-06-01T18:00", "America/Mexico_City");
    expect("instant" in result && result.instant.toISOString()).toBe("2027-06-02T00:00:00.000Z");
    expect(localFromInstant("2027-06-02T00:00:00Z", "America/Mexico_City")).toBe("2027-06-01T18:00");
  });

  it("refuses a time the clocks skip, and takes the earlier of a repeated one", () => {
    expect(instantFromLocal("2027-03-28T02:30", "Europe/Berlin")).toEqual({ problem: "gap" });
    expect(instantFromLocal("2027-03-14T02:30", "America/New_York")).toEqual({ problem: "gap" });
    const berlin = instantFromLocal("2027-10-31T02:30", "Europe/Berlin");
    expect("instant" in berlin && berlin.instant.toISOString()).toBe("2027-10-31T00:30:00.000Z");
    const newYork = instantFromLocal("2027-11-07T01:30", "America/New_York");
    expect("instant" in newYork && newYork.instant.toISOString()).toBe("2027-11-07T05:30:00.000Z");
  });

  it("refuses dates that do not exist", () => {
    expect(instantFromLocal("2027-02-30T10:00", "UTC")).toEqual({ problem: "invalid" });
    expect(instantFromLocal("tomorrow", "UTC")).toEqual({ problem: "invalid" });
  });
});

describe("the time-zone select", () => {
  it("offers zones by their current names, once each, UTC first", () => {
    const zones = timeZoneChoices();
    expect(zones[0]).toBe("UTC");
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toEqual(expect.arrayContaining(["Europe/Kyiv", "Asia/Kolkata", "Asia/Yangon", "America/Nuuk", "America/Mexico_City"]));
    expect(zones).not.toContain("Europe/Kiev");
    expect(zones).not.toContain("Asia/Calcutta");
    // Merged into another city's zone by the tz database, but still the name people look for.
    expect(zones).toEqual(expect.arrayContaining(["Europe/Amsterdam", "Africa/Accra"]));
  });

  it.each([
    ["Europe/Kiev", "Europe/Kyiv"],
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["Etc/UTC", "UTC"],
    ["UTC", "UTC"],
    ["Europe/Amsterdam", "Europe/Amsterdam"],
    ["Nowhere/Atlantis", null],
    ["Etc/GMT+5", null],
  ])("takes %s as %s", (zone, current) => {
    expect(currentTimeZone(zone)).toBe(current);
  });
});

describe("CSV", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const value of ["=HYPERLINK(\"x\")", "+1", "-1", "@SUM(A1)"]) expect(csvCell(value).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell("someone@example.org")).toBe("someone@example.org");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(toCsv([["a,b", 'say "hi"'], ["x\ny", "z"]])).toBe('"a,b","say ""hi"""\r\n"x\ny",z\r\n');
  });
});

describe("public https hosts", () => {
  it.each([
    ["https://images.example.org/a.jpg", true],
    ["http://images.example.org/a.jpg", false],
    ["https://localhost/a.jpg", false],
    ["https://127.0.0.1/a.jpg", false],
    ["https://[::1]/a.jpg", false],
    ["https://router.lan/a.jpg", false],
    ["https://user:pw@example.org/a.jpg", false],
    ["/demo/assembly.svg", false],
    // Loopback, private, link-local and metadata addresses in every notation the URL parser accepts.
    ["https://2130706433/a.jpg", false],
    ["https://0x7f.1/a.jpg", false],
    ["https://0177.0.0.1/a.jpg", false],
    ["https://0x7f000001/a.jpg", false],
    ["https://10.1/a.jpg", false],
    ["https://192.168.0.1/a.jpg", false],
    ["https://169.254.169.254/latest/meta-data/", false],
    ["https://[::ffff:127.0.0.1]/a.jpg", false],
    ["https://[::ffff:a9fe:a9fe]/a.jpg", false],
    ["https://[fd00:ec2::254]/a.jpg", false],
    ["https://[fe80::1]/a.jpg", false],
    ["https://[0:0:0:0:0:0:0:1]/a.jpg", false],
    ["https://localhost./a.jpg", false],
    ["https://LOCALHOST/a.jpg", false],
    ["https://images.localhost/a.jpg", false],
    ["https://metadata.google.internal/computeMetadata/v1/", false],
    ["https://metadata/a.jpg", false],
    ["https://printer.local/a.jpg", false],
    ["https://images.example.org:8443/a.jpg", false],
    ["https://images.example.org:443/a.jpg", true],
    ["https://images.example.org./a.jpg", true],
    ["https://8.8.8.8/a.jpg", false],
  ])("%s → %s", (url, expected) => {
    expect(isPublicHttpsUrl(url)).toBe(expected);
  });
});
