import { describe, expect, it } from "vitest";
import { forMembers, pageScripts } from "~/lib/page-scripts";

describe("pageScripts", () => {
  it("loads nothing for routes that ask for nothing", () => {
    expect(pageScripts([{}, { handle: undefined, data: {} }, { handle: { scripts: [] } }])).toEqual({ hydrate: false, scripts: [], allowed: [] });
  });

  it("hydrates when any route asks, by flag or by a function of its own data", () => {
    expect(pageScripts([{}, { handle: { hydrate: true } }]).hydrate).toBe(true);
    const forMembers = { hydrate: (data: unknown) => (data as { member: boolean } | undefined)?.member === true };
    expect(pageScripts([{ handle: forMembers, data: { member: true } }]).hydrate).toBe(true);
    expect(pageScripts([{ handle: forMembers, data: { member: false } }]).hydrate).toBe(false);
    // A route that failed has no data.
    expect(pageScripts([{ handle: forMembers, data: undefined }]).hydrate).toBe(false);
  });

  it("collects each route's own scripts once", () => {
    const map = "/assets/map-zoom.js";
    expect(pageScripts([{ handle: { scripts: [map] } }, { handle: { scripts: [map, "/assets/b.js"] } }]).scripts).toEqual([
      map,
      "/assets/b.js",
    ]);
  });

  it("loads an island's module alone and admits every chunk it may import; scripts may depend on the route's data", () => {
    const island = { src: "/assets/rich-text.js", imports: ["/assets/react.js", "/assets/editor.js"] };
    const forMembers = { scripts: (data: unknown) => ((data as { member: boolean }).member ? ["/assets/dialog.js", island] : []) };
    expect(pageScripts([{ handle: forMembers, data: { member: true } }])).toEqual({
      hydrate: false,
      scripts: ["/assets/dialog.js", island.src],
      allowed: ["/assets/dialog.js", island.src, ...island.imports],
    });
    expect(pageScripts([{ handle: forMembers, data: { member: false } }])).toEqual({ hydrate: false, scripts: [], allowed: [] });
  });

  it("gives a page's member scripts to an approved member only, never to a visitor or an account awaiting approval", () => {
    const handle = { scripts: forMembers(["/assets/form.js"]) };
    const scriptsFor = (data: unknown) => pageScripts([{ handle, data }]).scripts;
    expect(scriptsFor({ viewer: { isMember: true } })).toEqual(["/assets/form.js"]);
    expect(scriptsFor({ viewer: { isMember: false } })).toEqual([]);
    expect(scriptsFor({ viewer: null })).toEqual([]);
    expect(scriptsFor(undefined)).toEqual([]);
  });
});
