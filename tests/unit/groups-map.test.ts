// The groups map as the server renders it with react-simple-maps: the whole map in the HTML (two paths, one
// link per group), and its zoom script, small and without React.
import { geoMercator, type GeoProjection } from "d3-geo";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ComposableMap, useMapContext, type ComposableMapProps } from "react-simple-maps/core";
// Remix's <Link> needs a router; react-router-dom is what @remix-run/react builds on.
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { GroupsMap, MapSection, groupsMapScript, type MapGroup } from "~/components/GroupsMap";
import { BORDERS, LAND } from "~/components/GroupsMap.countries";
import { CENTER, MAP, MAP_PROJECTION, project, viewBoxOf } from "~/components/GroupsMap.projection";
import { createI18nInstance } from "~/lib/i18n.server";
import { StaticMarkupProvider } from "~/lib/static-markup";
import {
  douglasPeucker,
  mapOutlines,
  mapProjection,
  outlinesModule,
  readWorld,
} from "../../scripts/generate-map-countries";
import { readFileSync } from "node:fs";

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

const svgOf = (html: string) => html.slice(html.indexOf("<svg"), html.indexOf("</svg>") + "</svg>".length);

const statusLine = (html: string) => /<p role="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;

type Marker = { tag: string; attributes: Map<string, string>; html: string; transform: string };

/**
 * Each marker: react-simple-maps' <Marker> (a <g class="rsm-marker"> with its translate) up to the next
 * one, and its link, or without a website the <Marker> itself, focusable.
 */
function markers(html: string): Marker[] {
  const svg = svgOf(html);
  const starts = [...svg.matchAll(/<g\b([^>]*\bclass="rsm-marker\b[^"]*"[^>]*)>/g)];
  return starts.map((match, index) => {
    const markup = svg.slice(match.index, index + 1 < starts.length ? starts[index + 1].index : svg.length);
    const wrapper = elements(match[0], "g")[0].attributes;
    const link = elements(markup, "a")[0];
    const transform = wrapper.get("transform") ?? "";
    return link ? { tag: "a", attributes: link.attributes, html: markup, transform } : { tag: "g", attributes: wrapper, html: markup, transform };
  });
}

/** The point a marker's translate(x, y) puts it at. */
function placeOf(marker: Marker): [number, number] {
  const match = /^translate\((-?[\d.e+-]+), (-?[\d.e+-]+)\)$/.exec(marker.transform);
  if (!match) throw new Error(`not a translate: ${marker.transform}`);
  return [Number(match[1]), Number(match[2])];
}

/** The projection react-simple-maps' <ComposableMap> makes of these props, read from its own map context. */
function simpleMapsProjection(props: ComposableMapProps): GeoProjection {
  const found: { projection?: GeoProjection } = {};
  function Probe() {
    found.projection = useMapContext().projection;
    return null;
  }
  renderToString(createElement(ComposableMap, props, createElement(Probe)));
  return found.projection!;
}

const textOf = (html: string, tag: string) => {
  const match = new RegExp(`<${tag}\\b[^>]*>([^<]*)</${tag}>`).exec(html);
  return match ? unescape(match[1]) : null;
};

describe("GroupsMap, server-rendered", () => {
  it("draws the world as two paths in the HTML, the land and the borders, hidden from assistive technology", () => {
    const svg = svgOf(render(createElement(GroupsMap, { groups: GROUPS })));
    const paths = elements(svg, "path");
    // react-simple-maps' <Geography>, fed the precomputed path data.
    expect(paths.map((path) => path.attributes.get("class"))).toEqual(["rsm-geography groups-map-land", "rsm-geography groups-map-borders"]);
    expect(paths.map((path) => path.attributes.get("d"))).toEqual([LAND, BORDERS]);
    for (const path of paths) expect(path.attributes.get("d")).toMatch(/^m-?\d/);
    expect(svg).toContain(`<g aria-hidden="true"><g transform="scale(${1 / MAP.pathPrecision})"><path class="rsm-geography groups-map-land"`);
    // The countries are scenery: nothing in the map is a tab stop but the markers (links, and the two without one).
    expect(svg.match(/tabindex=/g)?.length ?? 0).toBe(2);
  });

  it("puts one marker per mapped group; only an http(s) website becomes a link, opened without opener or referrer", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    const [raval, tunis, sneaky] = markers(html);
    expect(markers(html)).toHaveLength(GROUPS.length);

    expect(raval.tag).toBe("a");
    expect(raval.html).toMatch(/^<g transform="translate\([^"]+\)" class="rsm-marker "><a /);
    expect(raval.attributes.get("href")).toBe("https://raval.example/about");
    expect(raval.attributes.get("target")).toBe("_blank");
    expect(raval.attributes.get("rel")?.split(" ")).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    // The <title> is the tooltip and the link's name: who, where, and what a click does.
    expect(textOf(raval.html, "title")).toBe("Assemblea Llibertària, Barcelona, Spain\nClick to visit website (opens in a new tab)");
    expect(elements(raval.html, "use").map((use) => [...use.attributes])).toEqual([[["href", "#groups-map-dot"]]]);

    // No website, or one that is not http(s): a focusable, named dot, and no link.
    expect(html).not.toContain("javascript:");
    for (const [marker, title] of [
      [tunis, "Tadamon Tunis, Tunis, Tunisia"],
      [sneaky, "Sneaky <Group>"],
    ] as const) {
      expect(marker.tag).toBe("g");
      expect(marker.attributes.get("role")).toBe("img");
      expect(marker.attributes.get("tabindex")).toBe("0");
      expect(elements(marker.html, "a")).toHaveLength(0);
      expect(textOf(marker.html, "title")).toBe(title);
    }
  });

  it("keeps each marker compact: under 250 bytes of markup besides its name, place and link", () => {
    const many: MapGroup[] = Array.from({ length: 300 }, (_, i) => ({
      id: `g${i}`,
      name: `Group ${i}`,
      location: `City ${i}`,
      latitude: (i % 140) - 70,
      longitude: (i % 360) - 180,
      website: `https://group-${i}.example/`,
    }));
    const empty = render(createElement(GroupsMap, { groups: [] })).length;
    const full = render(createElement(GroupsMap, { groups: many }));
    const text = many.reduce((sum, group) => sum + group.name.length + group.location!.length + group.website!.length, 0);
    expect(markers(full)).toHaveLength(300);
    // About 215: react-simple-maps' <Marker> adds ~45 (its <g>, translate and class); there were 600.
    expect((full.length - empty - text) / many.length).toBeLessThan(250);
  });

  it("places markers and outlines with react-simple-maps' own projection of the map's props: the specification's Mercator", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    const simpleMaps = simpleMapsProjection(MAP_PROJECTION);
    // <Marker> translates each marker to the point <ComposableMap>'s projection makes of its coordinates,
    // rounded to a tenth of a map unit.
    markers(html).forEach((marker, index) => {
      const [x, y] = simpleMaps([GROUPS[index].longitude, GROUPS[index].latitude])!;
      expect(marker.transform).toMatch(/^translate\(-?\d+(\.\d)?, -?\d+(\.\d)?\)$/);
      expect(Math.abs(placeOf(marker)[0] - x)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(placeOf(marker)[1] - y)).toBeLessThanOrEqual(0.05);
    });
    // The outlines were projected with the same (the generator takes it from react-simple-maps' map context),
    // the viewBox with project(); both are d3-geo's geoMercator at scale 100, centred in 800 × 400.
    const outlines = mapProjection();
    const d3 = geoMercator().scale(MAP.scale).translate([MAP.width / 2, MAP.height / 2]);
    expect([simpleMaps.scale(), simpleMaps.translate()]).toEqual([100, [400, 200]]);
    for (const point of [[0, 0], [-179.9, 84], [180, -85], [2.17, 41.38], [174.78, -41.29]] as [number, number][]) {
      expect(outlines(point)).toEqual(simpleMaps(point));
      expect(d3(point)).toEqual(simpleMaps(point));
      const [x, y] = project(point);
      const [sx, sy] = simpleMaps(point)!;
      expect(x).toBeCloseTo(sx, 9);
      expect(y).toBeCloseTo(sy, 9);
    }
    // Another config would not agree: the comparison is not vacuous.
    const other = simpleMapsProjection({ ...MAP_PROJECTION, projectionConfig: { scale: 120 } });
    expect(other([10, 10])).not.toEqual(simpleMaps([10, 10]));
  });

  it("shows the specification's view (zoom 1.5 around 0°E 20°N) with dots of radius 4, and tells the zoom script the limits", () => {
    const svg = elements(render(createElement(GroupsMap, { groups: GROUPS })), "svg")[0];
    const [x, y, width, height] = (svg.attributes.get("viewBox") ?? "").split(" ").map(Number);
    const [cx, cy] = project(CENTER);
    // Rounded to a tenth of a unit.
    for (const [value, expected] of [
      [width, MAP.width / 1.5],
      [height, MAP.height / 1.5],
      [x + width / 2, cx],
      [y + height / 2, cy],
    ]) {
      expect(Math.abs(value - expected)).toBeLessThanOrEqual(0.1);
    }
    expect(viewBoxOf(CENTER, MAP.zoom)[2]).toBe(MAP.width / MAP.zoom);
    expect(svg.attributes.get("data-zoom")).toBe(`${MAP.width} ${MAP.height} 1 8 1.5`);
    expect(svg.attributes.get("aria-label")).toBe("World map of the network's affiliated groups");
    // react-simple-maps' <ComposableMap>, its viewBox the view instead of the whole map.
    expect(svg.attributes.get("class")?.split(" ")).toContain("rsm-svg");
    expect(svg.attributes.has("role")).toBe(false); // role="img" would hide the links inside from assistive technology

    const dot = elements(svg.html, "circle").map((circle) => circle.attributes.get("r"));
    expect(dot).toEqual([String(MAP.markerRadius * 2.5), String(MAP.markerRadius)]);
  });

  it("fits the whole map into that view for a browser without scripts, where the style sheet keeps the dots their size", () => {
    const svg = elements(render(createElement(GroupsMap, { groups: GROUPS })), "svg")[0];
    const [x, y, width, height] = (svg.attributes.get("viewBox") ?? "").split(" ").map(Number);
    const whole = elements(svg.html, "g").find((g) => g.attributes.has("data-whole-map"));
    const transform = /^translate\((-?[\d.]+) (-?[\d.]+)\) scale\(([\d.]+)\)$/.exec(whole?.attributes.get("transform") ?? "");
    expect(transform).not.toBeNull();
    const [dx, dy, scale] = transform!.slice(1).map(Number);
    // The map's corners land on the view's corners: within a tenth of a unit, as the viewBox is rounded.
    for (const [value, expected] of [
      [dx, x],
      [dy, y],
      [dx + MAP.width * scale, x + width],
      [dy + MAP.height * scale, y + height],
    ]) {
      expect(Math.abs(value - expected)).toBeLessThanOrEqual(0.1);
    }
    // Around everything drawn: the outlines and the markers, all that follows the dot's definition.
    expect(svgOf(svg.html)).toMatch(/<\/defs><g data-whole-map="[^"]*" transform="[^"]*">.*groups-map-land.*rsm-marker.*<\/g><\/svg>$/s);

    const css = readFileSync("app/styles/app.css", "utf8");
    const noScripts = /@media \(scripting: none\) \{\s*\.groups-map-dot \{\s*transform: scale\(([\d.]+)\);/.exec(css);
    expect(Number(noScripts?.[1])).toBe(MAP.zoom);
    expect(css).toMatch(/@media \(scripting: enabled\) \{\s*\[data-whole-map\] \{\s*transform: none;/);
  });

  it("states the locations in the intro and the groups mapped in the status line", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    expect(textOf(html, "figcaption")).toContain("3 locations");
    expect(statusLine(html)).toBe("3 affiliated groups mapped");
    expect(html).not.toContain("Loading groups...");

    const one = render(createElement(GroupsMap, { groups: GROUPS.slice(0, 1) }));
    expect(statusLine(one)).toBe("1 affiliated group mapped");
    expect(textOf(one, "figcaption")).toContain("1 location ");
  });

  it("with no groups still draws the countries and maps nothing", () => {
    const html = render(createElement(GroupsMap, { groups: [] }));
    expect(elements(svgOf(html), "path")).toHaveLength(2);
    expect(markers(html)).toHaveLength(0);
    expect(statusLine(html)).toBe("0 affiliated groups mapped");
  });

  it("when the groups could not be read, draws the countries and says so instead of counting none", () => {
    const html = render(createElement(GroupsMap, { groups: null }));
    expect(elements(svgOf(html), "path")).toHaveLength(2);
    expect(markers(html)).toHaveLength(0);
    expect(html).not.toContain("<figcaption");
    expect(html).not.toContain("affiliated groups mapped");
    expect(/<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1]).toBe("Failed to load groups");
  });

  it("says 'Loading groups...' only while loading", () => {
    const html = render(createElement(GroupsMap, { groups: [], loading: true }));
    expect(statusLine(html)).toBe("Loading groups...");
  });

  it("on the server, reuses the markers' markup for the same groups in the same language, and renders them anew when either changes", async () => {
    const rendered: string[] = [];
    const renderStatic = (element: ReactElement) => {
      rendered.push(renderToStaticMarkup(element));
      return rendered.at(-1)!;
    };
    const onServer = (groups: MapGroup[], instance = i18n) =>
      renderToString(createElement(StaticMarkupProvider, { value: renderStatic, children: createElement(I18nextProvider, { i18n: instance }, createElement(GroupsMap, { groups })) }));
    const inBrowser = (groups: MapGroup[], instance = i18n) => renderToString(createElement(I18nextProvider, { i18n: instance }, createElement(GroupsMap, { groups })));
    // Ids of this test's own: the reused markup lives as long as the module.
    const groups = GROUPS.map((group) => ({ ...group, id: `${group.id}-reused` }));

    expect(onServer(groups)).toBe(inBrowser(groups));
    expect(onServer(groups)).toBe(inBrowser(groups));
    expect(rendered).toHaveLength(1);

    const renamed = [{ ...groups[0], name: "Assemblea Renovada" }, ...groups.slice(1)];
    expect(markers(onServer(renamed))[0].html).toContain("Assemblea Renovada");
    expect(rendered).toHaveLength(2);

    const french = await createI18nInstance("fr");
    expect(onServer(groups, french)).toBe(inBrowser(groups, french));
    expect(onServer(groups, french)).not.toBe(onServer(groups));
    expect(rendered).toHaveLength(3);
  });

  it("renders the zoom buttons and the keyboard's tooltip hidden: without the script they would do nothing", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    const zoom = elements(html, "div").find((div) => div.attributes.has("data-zoom-buttons"));
    expect(zoom?.attributes.has("hidden")).toBe(true);
    const buttons = elements(html, "button");
    expect(buttons.map((button) => button.attributes.get("aria-label"))).toEqual(["Zoom in", "Zoom out"]);
    expect(buttons.map((button) => button.attributes.get("data-zoom-step"))).toEqual(["in", "out"]);
    const tip = elements(html, "div").find((div) => div.attributes.has("data-map-tip"));
    expect(tip?.attributes.has("hidden")).toBe(true);
    expect(tip?.attributes.get("aria-hidden")).toBe("true");
    // No style attribute anywhere: the CSP allows none.
    expect(html).not.toMatch(/\sstyle=/);
  });

  it("MapSection is the landing page's #map section with its heading, the map and a link to /groups", () => {
    const html = render(createElement(StaticRouter, { location: "/" }, createElement(MapSection, { groups: GROUPS })));
    expect(html).toMatch(/^<section id="map" aria-labelledby="map-heading"/);
    expect(textOf(html, "h2")).toBe("Groups around the world");
    expect(markers(html)).toHaveLength(GROUPS.length);
    expect(elements(html, "a").some((a) => a.attributes.get("href") === "/groups")).toBe(true);
  });
});

describe("the zoom script (groups-map.js)", () => {
  const source = readFileSync(new URL("../../app/components/groups-map.js", import.meta.url), "utf8");

  it("is a few KB of plain JavaScript: no import, no React, no eval, no inline style", () => {
    expect(groupsMapScript).toMatch(/\/groups-map[^/]*\.js/);
    expect(source.length).toBeLessThan(10_000);
    expect(source).not.toMatch(/^\s*import\b/m);
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(code).not.toMatch(/\bReact\b|\beval\(|new Function|setAttribute\("style"|innerHTML|import\(/);
    expect(source).toMatch(/^export default function/m);
  });

  it("reads the attributes and elements GroupsMap renders", () => {
    const html = render(createElement(GroupsMap, { groups: GROUPS }));
    for (const hook of ["data-groups-map", "data-zoom", "data-zoom-buttons", 'data-zoom-step="in"', 'data-zoom-step="out"', "data-map-tip"]) {
      expect(source).toContain(hook);
      expect(html).toContain(hook.includes("=") ? hook : `${hook}=`);
    }
    // A marker's place, for the keyboard: the translate of the <Marker> around its <use>.
    expect(source).toContain('use.closest("g[transform]")');
    for (const marker of markers(html)) expect(marker.html).toMatch(/^<g transform="translate\([^"]+\)"[^>]*>(<a [^>]*>)?<title>[^<]*<\/title><use href="#groups-map-dot"><\/use>/);
  });
});

describe("GroupsMap.countries.ts", () => {
  it("is what scripts/generate-map-countries.ts makes of world-atlas today (regenerate it if this fails)", () => {
    const fresh = mapOutlines(readWorld());
    expect({ LAND, BORDERS }).toEqual({ LAND: fresh.land, BORDERS: fresh.borders });
    const committed = readFileSync(new URL("../../app/components/GroupsMap.countries.ts", import.meta.url), "utf8");
    expect(committed).toBe(outlinesModule(fresh));
  });

  it("is much lighter than the outlines unsimplified, at the same precision", () => {
    const full = mapOutlines(readWorld(), { tolerance: 0, minRingArea: 0 });
    expect(LAND.length + BORDERS.length).toBeLessThan(0.85 * (full.land.length + full.borders.length));
    expect(LAND.length + BORDERS.length).toBeLessThan(32_000);
  });

  it("simplifies with Douglas-Peucker: ends kept, points within the tolerance dropped, an island keeps its extent", () => {
    const line: [number, number][] = [[0, 0], [1, 0.1], [2, 0], [3, -0.1], [4, 0]];
    expect(douglasPeucker(line, 0.25)).toEqual([true, false, false, false, true]);
    expect(douglasPeucker(line, 0.05)).toEqual([true, true, false, true, true]);
    const island: [number, number][] = [[0, 0], [1, 0.05], [2, 0], [10, 0.1], [2, 1], [0, 0]];
    const kept = douglasPeucker(island, 0.25);
    expect(kept[3]).toBe(true); // the farthest point from the start
    expect(kept[0] && kept[5]).toBe(true);
    expect(kept[1]).toBe(false);
  });
});
