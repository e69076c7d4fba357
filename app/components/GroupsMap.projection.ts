import { geoMercator } from "d3-geo";

/**
 * Geometry of the groups map, shared by GroupsMap and the script that
 * precomputes the country outlines (scripts/generate-map-countries.ts): the
 * specification's constants, plus the precision of the outlines' path data.
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
  pathPrecision: 10,
} as const;

export type Point = [longitude: number, latitude: number];

export const CENTER: Point = [0, 20];

/** The projection react-simple-maps builds from projection="geoMercator" and MAP. */
export function mapProjection() {
  return geoMercator()
    .scale(MAP.scale)
    .translate([MAP.width / 2, MAP.height / 2]);
}
