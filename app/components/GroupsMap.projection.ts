import type { ComposableMapProps } from "react-simple-maps/core";

/**
 * Geometry of the groups map, shared by GroupsMap, its zoom script (through
 * the data-zoom attribute GroupsMap writes) and the script that precomputes
 * the outlines (scripts/generate-map-countries.ts): the specification's
 * constants, the projection react-simple-maps draws the map with, and that
 * projection's formula without d3-geo for the viewBox
 * (tests/unit/groups-map.test.ts checks that all three agree).
 */
export const MAP = {
  width: 800,
  height: 400,
  scale: 100,
  zoom: 1.5,
  minZoom: 1,
  maxZoom: 8,
  zoomStep: 1.5,
  markerRadius: 4,
  /** The outlines' path units per map unit (they are drawn scaled by its inverse). */
  pathPrecision: 4,
} as const;

export type Point = [longitude: number, latitude: number];

export const CENTER: Point = [0, 20];

/**
 * The props of react-simple-maps' <ComposableMap> that make its projection:
 * d3-geo's geoMercator, scale MAP.scale, centred in MAP.width × MAP.height.
 * GroupsMap passes them, so its <Marker>s are placed with that projection;
 * the generator projects the outlines with the very projection
 * react-simple-maps makes of them (its map context), so both line up.
 */
export const MAP_PROJECTION = {
  projection: "geoMercator",
  projectionConfig: { scale: MAP.scale },
  width: MAP.width,
  height: MAP.height,
} as const satisfies Pick<ComposableMapProps, "projection" | "projectionConfig" | "width" | "height">;

const RADIANS = Math.PI / 180;

/**
 * MAP_PROJECTION's projection of a point without d3-geo, for the viewBox
 * (which <ComposableMap> takes before it makes its projection) and the tests.
 */
export function project([longitude, latitude]: Point): [x: number, y: number] {
  return [
    MAP.width / 2 + MAP.scale * longitude * RADIANS,
    MAP.height / 2 - MAP.scale * Math.log(Math.tan(Math.PI / 4 + (latitude * RADIANS) / 2)),
  ];
}

export type ViewBox = [x: number, y: number, width: number, height: number];

/** The part of the map shown at `zoom` around `center`: MAP.width / zoom wide. */
export function viewBoxOf(center: Point, zoom: number): ViewBox {
  const [x, y] = project(center);
  const width = MAP.width / zoom;
  const height = MAP.height / zoom;
  return [x - width / 2, y - height / 2, width, height];
}
