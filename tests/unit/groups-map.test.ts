// The groups map as the server renders it: countries and markers in the HTML itself.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
// Remix's <Link> needs a router; react-router-dom is what @remix-run/react builds on.
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { GroupsMap, MapSection, type MapGroup } from "~/components/GroupsMap";
import { COUNTRY_PATHS } from "~/components/GroupsMap.countries";
import { MAP, mapProjection } from "~/components/GroupsMap.projection";
import { createI18nInstance } from "~/lib/i18n.server";
import { countriesModule, projectCountries, readWorld } from "../../scripts/generate-map-countries";
import { readFileSync } from "node:fs";
import { ComposableMap } from "react-simple-maps/core";
import { ZoomableGroup } from "react-simple-maps/zoom";

const GROUPS: MapGroup[] = [
  { id: "a", name: "Assemblea Llibertària", location: "Barcelona, Spain", latitude: 41.3797, longitude: 2.1682, website: "https://raval.example/about" },
  { id: "b", name: "Tadamon Tunis", location: "Tunis, Tunisia", latitude: 36.8065, longitude: 10.1815, website: null },
  { id: "c", name: "Sneaky <Group>", location: null, latitude: -33.9, longitude: 18.4, website: "javascript:alert(1)" },
];

const i18n = await createI18nInstance("en");

function render(element: Parameters<typeof renderToString>[0]): string {
  return renderToString(createElement(I18nextProvider, { i18n }, element));
}

type Element = { tag: string; attributes: Map<string, string>; html: string };

// React's server output is regular enough to read with a few expressions (there is no DOM in this environment).
function unescape(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
}

/** Every opening tag `tag` with its attributes, and the markup that follows it up to the next one. */
function elements(html: string, tag: string): Element[] {
  const found = [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))];
  return found.map((match, index) => {
    const attributes = new Map([...match[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));
    const end = index + 1 < found.length ? found[index + 1].index : html.length;
    return { tag, attributes, html: html.slice(match.index, end) };
  });
}

const countryPaths = (html: string) =>
  elements(html, "path").filter((path) => path.attributes.get("class")?.includes("rsm-geography"));

const statusLine = (html: string) => /<p role="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;

/** Each marker's markup, from its <g class="rsm-marker"> to the next marker or the end of the markers. */
function markers(html: string): { transform: string; html: string }[] {
  const starts = [...html.matchAll(/<g transform="([^"]*)" class="rsm-marker[^"]*">/g)];
  return starts.map((match, index) => ({
    transform: match[1],
    html: html.slice(match.index, index + 1 < starts.length ? starts[index + 1].index : html.indexOf("</svg>")),
  }));
}

const textOf = (html: string, tag: string) => {
  const match = new RegExp(`<${tag}\\b[^>]*>([^<]*)</${tag}>`).exec(html);
  return match ? unescape(match[1]) : null;
};

describe("GroupsMap, server-rendered", () => {
  it("draws every country as a path in the HTML, none of them a tab stop", () => {
    const paths = countryPaths(render(createElement(GroupsMap, { groups: GROUPS })));
    expect(paths.length).toBeGreaterThanOrEqual(170);
    expect(paths.length).toBe(COUNTRY_PATHS.length);
    for (const path of paths) {
      expect(path.attributes.get("d")).toMatch(/^m-?\d/);
      expect(path.attributes.has("tabindex")).toBe(false);
    }
  });

  it("puts one marker per mapped group; only an http(s) website becomes a link, opened without opener or referrer", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    const [raval, tunis, sneaky] = markers(html);
    expect(markers(html)).toHaveLength(GROUPS.length);

    const links = elements(raval.html, "a");
    expect(links).toHaveLength(1);
    expect(links[0].attributes.get("href")).toBe("https://raval.example/about");
    expect(links[0].attributes.get("target")).toBe("_blank");
    expect(links[0].attributes.get("rel")?.split(" ")).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    expect(textOf(raval.html, "title")).toBe("Assemblea Llibertària, Barcelona, Spain");
    expect(elements(raval.html, "circle").map((circle) => circle.attributes.get("r"))).toContain(String(MAP.markerRadius));

    // No website, or one that is not http(s): a focusable dot with its title, and no link.
    expect(html).not.toContain("javascript:");
    for (const [marker, title] of [
      [tunis, "Tadamon Tunis, Tunis, Tunisia"],
      [sneaky, "Sneaky <Group>"],
    ] as const) {
      expect(elements(marker.html, "a")).toHaveLength(0);
      expect(elements(marker.html, "g").some((g) => g.attributes.get("tabindex") === "0")).toBe(true);
      expect(textOf(marker.html, "title")).toBe(title);
    }
  });

  it("places markers with the projection the outlines were computed with", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    const projection = mapProjection();
    markers(html).forEach((marker, index) => {
      const [x, y] = projection([GROUPS[index].longitude, GROUPS[index].latitude])!;
      const match = /translate\(([-\d.]+),\s*([-\d.]+)\)/.exec(marker.transform);
      expect(Number(match?.[1])).toBeCloseTo(x, 6);
      expect(Number(match?.[2])).toBeCloseTo(y, 6);
    });
    // Outlines in tenths of a unit; the view is the specification's: zoom 1.5 around 0°E 20°N.
    expect(html).toContain(`<g transform="scale(${1 / MAP.pathPrecision})"`);
    const [cx, cy] = projection([0, 20])!;
    expect(html).toContain(`transform="translate(${400 - cx * 1.5} ${200 - cy * 1.5}) scale(1.5)" class="rsm-zoomable-group`);
  });

  it("renders, before react-simple-maps' ZoomableGroup is loaded, exactly the markup ZoomableGroup renders", () => {
    const upToLayers = (html: string) => {
      const end = html.indexOf('class="rsm-zoomable-group ">') + 'class="rsm-zoomable-group ">'.length;
      return html.slice(html.indexOf("<svg"), end);
    };
    const ours = upToLayers(render(createElement(GroupsMap, { groups: [] })));
    const svg = /<svg viewBox="[^"]*" class="rsm-svg ([^"]*)" aria-label="([^"]*)">/.exec(ours);
    const theirs = renderToString(
      createElement(
        ComposableMap,
        {
          projection: "geoMercator",
          projectionConfig: { scale: MAP.scale },
          width: MAP.width,
          height: MAP.height,
          className: svg?.[1],
          "aria-label": unescape(svg?.[2] ?? ""),
        },
        createElement(ZoomableGroup, { center: [0, 20], zoom: MAP.zoom, minZoom: MAP.minZoom, maxZoom: MAP.maxZoom }),
      ),
    );
    expect(ours).toContain("scale(1.5)");
    expect(ours).toBe(upToLayers(theirs));
  });

  it("states the locations in the intro and the groups mapped in the status line", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    expect(textOf(html, "figcaption")).toContain("3 locations");
    expect(statusLine(html)).toBe("3 affiliated groups mapped");
    expect(html).not.toContain("Loading groups...");
    expect(elements(html, "svg")[0].attributes.get("aria-label")).toBe("World map of the network's affiliated groups");

    const one = render(createElement(GroupsMap, { groups: GROUPS.slice(0, 1) }));
    expect(statusLine(one)).toBe("1 affiliated group mapped");
    expect(textOf(one, "figcaption")).toContain("1 location ");
  });

  it("with no groups (a failed query) still draws the countries and maps nothing", () => {
    const html = render(createElement(GroupsMap, { groups: [] }));
    expect(countryPaths(html).length).toBeGreaterThanOrEqual(170);
    expect(markers(html)).toHaveLength(0);
    expect(statusLine(html)).toBe("0 affiliated groups mapped");
  });

  it("says 'Loading groups...' only while loading", () => {
    const html = render(createElement(GroupsMap, { groups: [], loading: true }));
    expect(statusLine(html)).toBe("Loading groups...");
  });

  it("renders no zoom buttons in the HTML (without JavaScript they would do nothing)", () => {
    expect(elements(render(createElement(GroupsMap, { groups: GROUPS })), "button")).toHaveLength(0);
  });

  it("MapSection is the landing page's #map section with its heading, the map and a link to /groups", () => {
    const html = render(createElement(StaticRouter, { location: "/" }, createElement(MapSection, { groups: GROUPS })));
    expect(html).toMatch(/^<section id="map" aria-labelledby="map-heading"/);
    expect(textOf(html, "h2")).toBe("Groups around the world");
    expect(markers(html)).toHaveLength(GROUPS.length);
    expect(elements(html, "a").some((a) => a.attributes.get("href") === "/groups")).toBe(true);
  });
});

describe("GroupsMap.countries.ts", () => {
  it("is what scripts/generate-map-countries.ts makes of world-atlas today (regenerate it if this fails)", () => {
    const fresh = projectCountries(readWorld());
    expect(fresh.length).toBeGreaterThanOrEqual(170);
    expect(COUNTRY_PATHS).toEqual(fresh);
    const committed = readFileSync(new URL("../../app/components/GroupsMap.countries.ts", import.meta.url), "utf8");
    expect(committed).toBe(countriesModule(fresh));
  });
});
