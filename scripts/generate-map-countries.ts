/**
 * Writes app/components/GroupsMap.countries.ts: the world of world-atlas
 * countries-110m as two SVG paths, projected with react-simple-maps'
 * projection of GroupsMap's map (the one its <Marker>s are placed with) and
 * simplified for the size the map is drawn at; GroupsMap draws them with
 * react-simple-maps' <Geography>. Run it after changing the map's
 * projection, its precision or the world-atlas version:
 *
 *   npx tsx scripts/generate-map-countries.ts
 *
 * Two paths, not one per country: the land (every country merged, filled)
 * and the borders between countries (each shared border once, stroked).
 * Nothing on the page needs a country of its own; one element instead of 177
 * is less style and layout work, and a border drawn once instead of twice
 * (once per country) is a third less path data.
 *
 * Simplified after projection, in map units (Mercator stretches the north):
 * each arc of the topology (a coast or a border between two junctions, which
 * stay) keeps only the points farther than TOLERANCE from the line through
 * the others (Douglas-Peucker), so land and borders still meet; an island or
 * lake smaller than MIN_RING_AREA goes. The map is 800 units wide and drawn
 * at most ~1,100 px wide at zoom 1.5, about 2 px a unit: a quarter of a unit
 * is half a pixel there (and the 110m outlines are coarse at zoom 8 anyway).
 *
 * Path data in integer units of 1/MAP.pathPrecision map unit, every command
 * relative to the previous point: a third of d3's absolute decimal output.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MapProvider, useMapContext } from "react-simple-maps/core";
import { geoPath, type GeoProjection } from "d3-geo";
import type { MultiPolygon, Position } from "geojson";
import type { GeometryCollection, MultiPolygon as TopoMultiPolygon, Polygon, Topology } from "topojson-specification";
import { merge, mesh } from "topojson-client";
import { MAP, MAP_PROJECTION } from "../app/components/GroupsMap.projection";

export type MapOutlines = { land: string; borders: string };

/** How far, in map units, a simplified outline may stray from world-atlas's. */
export const TOLERANCE = 0.25;
/** The area under which an island or a lake is dropped, in square map units. */
export const MIN_RING_AREA = 0.25;

const OUTPUT = fileURLToPath(new URL("../app/components/GroupsMap.countries.ts", import.meta.url));
const WORLD = fileURLToPath(new URL("../node_modules/world-atlas/countries-110m.json", import.meta.url));

/**
 * The projection react-simple-maps makes of GroupsMap's <ComposableMap> props
 * (MAP_PROJECTION), taken from its own map context, so that the outlines are
 * projected exactly as its <Marker>s are placed. A new one at each call.
 */
export function mapProjection(): GeoProjection {
  const found: { projection?: GeoProjection } = {};
  function Probe() {
    found.projection = useMapContext().projection;
    return null;
  }
  renderToStaticMarkup(createElement(MapProvider, MAP_PROJECTION, createElement(Probe)));
  if (!found.projection) throw new Error("react-simple-maps' map context has no projection");
  return found.projection;
}

/**
 * A d3-geo path context writing SVG path data in integer units of
 * 1/`precision` map unit, every command relative to the previous point, and
 * dropping points that round onto the previous one.
 */
function relativePathWriter(precision: number) {
  let out = "";
  let x0 = 0;
  let y0 = 0;
  let startX = 0;
  let startY = 0;
  const pair = (dx: number, dy: number, separate: boolean) =>
    `${separate && dx >= 0 ? " " : ""}${dx}${dy >= 0 ? " " : ""}${dy}`;
  return {
    moveTo(x: number, y: number) {
      const px = Math.round(x * precision);
      const py = Math.round(y * precision);
      out += `m${pair(px - x0, py - y0, false)}`;
      x0 = startX = px;
      y0 = startY = py;
    },
    lineTo(x: number, y: number) {
      const px = Math.round(x * precision);
      const py = Math.round(y * precision);
      if (px === x0 && py === y0) return;
      // Pairs after an "m" are implicit relative line-tos: no command letter needed.
      out += pair(px - x0, py - y0, true);
      x0 = px;
      y0 = py;
    },
    closePath() {
      out += "z";
      x0 = startX;
      y0 = startY;
    },
    arc() {},
    beginPath() {},
    take(): string {
      const d = out;
      out = "";
      x0 = y0 = startX = startY = 0;
      return d;
    },
  };
}

type XY = [number, number];

/** The distance from p to the segment ab. */
function segmentDistance(p: XY, a: XY, b: XY): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = dx * dx + dy * dy;
  const t = length ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/**
 * Which points of a line Douglas and Peucker keep at `tolerance`: the ends,
 * and every point farther than that from the line through the points kept.
 * A closed line (an island drawn by one arc) is split at its point farthest
 * from its start, so that it keeps its extent.
 */
export function douglasPeucker(points: readonly XY[], tolerance: number): boolean[] {
  const keep = points.map((_, i) => i === 0 || i === points.length - 1);
  const split = (first: number, last: number) => {
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance(points[i], points[first], points[last]);
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest < 0) return;
    keep[farthest] = true;
    split(first, farthest);
    split(farthest, last);
  };
  const last = points.length - 1;
  if (last > 1 && points[0][0] === points[last][0] && points[0][1] === points[last][1]) {
    const fromStart = ([x, y]: XY) => Math.hypot(x - points[0][0], y - points[0][1]);
    let far = 1;
    for (let i = 2; i < last; i++) if (fromStart(points[i]) > fromStart(points[far])) far = i;
    keep[far] = true;
    split(0, far);
    split(far, last);
  } else {
    split(0, last);
  }
  return keep;
}

/** Mercator has no pole: as d3's clipping does, Antarctica's southern edge is drawn at 85°S. */
const projectPoint = (projection: GeoProjection, [lon, lat]: Position) =>
  projection([lon, Math.max(-85, Math.min(85, lat))]) as XY;

/** The topology with absolute, unquantized arcs, each simplified in projected map units. */
export function simplifyTopology(topology: Topology, tolerance: number): Topology {
  const projection = mapProjection();
  const arcs = topology.arcs.map((arc) => {
    let positions: Position[] = arc;
    if (topology.transform) {
      const { scale, translate } = topology.transform;
      let [x, y] = [0, 0];
      positions = arc.map(([dx, dy]) => [(x += dx) * scale[0] + translate[0], (y += dy) * scale[1] + translate[1]]);
    }
    const keep = douglasPeucker(
      positions.map((position) => projectPoint(projection, position)),
      tolerance,
    );
    return positions.filter((_, i) => keep[i]);
  });
  return { type: "Topology", objects: topology.objects, arcs };
}

/** A ring's area in projected map units (shoelace). */
function projectedArea(projection: GeoProjection, ring: Position[]): number {
  const points = ring.map((position) => projectPoint(projection, position));
  let sum = 0;
  for (let i = 0; i + 1 < points.length; i++) sum += points[i][0] * points[i + 1][1] - points[i + 1][0] * points[i][1];
  return Math.abs(sum) / 2;
}

/** The land (every country merged) and the borders between countries, as SVG path data. */
export function mapOutlines(
  world: Topology,
  { tolerance = TOLERANCE, minRingArea = MIN_RING_AREA, precision = MAP.pathPrecision as number } = {},
): MapOutlines {
  const topology = simplifyTopology(world, tolerance);
  const countries = topology.objects.countries as GeometryCollection;
  const merged = merge(topology, countries.geometries as Array<Polygon | TopoMultiPolygon>);
  const projection = mapProjection();
  const large = (ring: Position[]) => projectedArea(projection, ring) >= minRingArea;
  const land: MultiPolygon = {
    type: "MultiPolygon",
    coordinates: merged.coordinates.filter((polygon) => large(polygon[0])).map((polygon) => [polygon[0], ...polygon.slice(1).filter(large)]),
  };
  const borders = mesh(topology, countries, (a, b) => a !== b);
  // precision(0): no resampling; the simplified outlines' straight segments stay straight.
  const writer = relativePathWriter(precision);
  const path = geoPath(projection.precision(0), writer);
  path(land);
  const landPath = writer.take();
  path(borders);
  return { land: landPath, borders: writer.take() };
}

export function readWorld(): Topology {
  return JSON.parse(readFileSync(WORLD, "utf8")) as Topology;
}

/** The module's source text, exactly as it is committed. */
export function outlinesModule({ land, borders }: MapOutlines): string {
  return `// Generated by scripts/generate-map-countries.ts from world-atlas countries-110m: do not edit.
// Mercator, scale ${MAP.scale}, ${MAP.width}×${MAP.height}; path units are 1/${MAP.pathPrecision} of a map unit;
// simplified to ${TOLERANCE} unit, islands and lakes from ${MIN_RING_AREA} square unit.
// GroupsMap draws them in the server's HTML only: the browser's JavaScript never carries them.

/** Every country, merged: one filled path. */
export const LAND =
  ${JSON.stringify(land)};

/** The borders between countries, each once: one stroked path. */
export const BORDERS =
  ${JSON.stringify(borders)};
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outlines = mapOutlines(readWorld());
  writeFileSync(OUTPUT, outlinesModule(outlines));
  console.log(`Wrote ${OUTPUT}: land ${outlines.land.length} bytes, borders ${outlines.borders.length} bytes`);
}
