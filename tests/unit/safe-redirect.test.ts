import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

/** Where a browser goes when it follows `Location: <to>` from a page of the site. */
const landsOn = (to: string) => new URL(to, "https://site.example/newsletter").host;

describe("safeRedirect", () => {
  it("keeps paths of the site, with their query and fragment", () => {
    expect(safeRedirect("/about")).toBe("/about");
    expect(safeRedirect("/events?past=1&page=2#list")).toBe("/events?past=1&page=2#list");
    expect(safeRedirect("/news/%E2%9C%93")).toBe("/news/%E2%9C%93");
  });

  it("resolves dot segments", () => {
    expect(safeRedirect("/news/../about")).toBe("/about");
  });

  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "/\t/evil.example",
    "/..//evil.example",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/a/../..//evil.example/x?y=1",
    "/..\\/evil.example",
    "evil.example",
    "",
  ])("refuses %j, even when the result is parsed again", (to) => {
    const safe = safeRedirect(to, "/fallback");
    expect(safe).toBe("/fallback");
  });

  it("returns a path that stays on the site when parsed again as a URL", () => {
    for (const to of ["/x/..//y", "/./a", "/%2F%2Fevil.example", "/a//b"]) {
      const safe = safeRedirect(to);
      expect(landsOn(safe), to).toBe("site.example");
      expect(landsOn(new URL(safe, "http://localhost").pathname), to).toBe("site.example");
    }
  });

  it("returns the fallback for anything that is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/home")).toBe("/home");
  });
});
