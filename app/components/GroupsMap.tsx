import { Link } from "@remix-run/react";
import type { GeometryCollection } from "geojson";
import { useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
// The core entry only (package.json "exports" of react-simple-maps: "./core"): no ZoomableGroup, no d3-zoom.
import { ComposableMap, Geography, MapContext, Marker, useMapContext } from "react-simple-maps/core";
import { ErrorMessage } from "~/components/ErrorMessage";
import { useStaticMarkup } from "~/lib/static-markup";
import { webLink } from "~/lib/web-link";
import type { MappedGroup } from "~/lib/cards";
import { BORDERS, LAND } from "./GroupsMap.countries";
import { CENTER, MAP, MAP_PROJECTION, viewBoxOf, type Point, type ViewBox } from "./GroupsMap.projection";

/**
 * The world map of affiliated groups, whole in the server's HTML and usable
 * without any script. react-simple-maps draws it: its <ComposableMap> (the
 * <svg> and the projection, MAP_PROJECTION), two <Geography>s (the land and
 * the borders, precomputed and simplified by scripts/generate-map-countries.ts
 * with that same projection) and a <Marker> per group holding a link, its
 * <title> the tooltip and the accessible name, and a <use> of the one dot.
 * No style attribute anywhere (the CSP allows none): classes only.
 *
 * The zoom buttons, dragging, pinching and a tooltip for the keyboard come
 * from groups-map.js, a small script without React that the routes showing
 * the map load through their handle (`handle = { scripts: [groupsMapScript] }`,
 * app/lib/page-scripts.ts); it zooms by changing the SVG's viewBox. Those
 * pages run no React in the browser: react-simple-maps renders on the server.
 * Only a hydrated app that navigates to them draws the map in the browser.
 */

/**
 * The zoom script's URL, for the handle of a route that shows the map. `?url` emits the file as it
 * is; `no-inline` because Vite would otherwise make a file under 4 KB a data: URL, which the CSP
 * (script-src: the page's script URLs) refuses.
 */
export { default as groupsMapScript } from "./groups-map.js?url&no-inline";

/** What the map needs of a group; `mappedGroups()` (groups.server.ts) gives groups with both coordinates. */
export type MapGroup = Pick<MappedGroup, "id" | "name" | "location" | "latitude" | "longitude" | "website">;

/** The id of the marker every group's <use> draws: the one <svg> of the page that has it. */
const DOT_ID = "groups-map-dot";

const round = (value: number) => Math.round(value * 10) / 10;

type Outlines = { land: string; borders: string };

type GeographyFeature = ComponentProps<typeof Geography>["geography"];

// The outlines come as ready path data: react-simple-maps' <Geography> draws a feature's svgPath.
const NO_GEOMETRY: GeometryCollection = { type: "GeometryCollection", geometries: [] };

function outline(rsmKey: string, svgPath: string): GeographyFeature {
  return { type: "Feature", id: rsmKey, properties: {}, geometry: NO_GEOMETRY, rsmKey, svgPath };
}

/**
 * The outlines: in the server's HTML only (Vite makes import.meta.env.SSR a
 * constant, so the browser build drops them here). A map that React draws in
 * the browser (a hydrated app's client-side navigation) loads them, once.
 */
const SERVER_OUTLINES: Outlines | null = import.meta.env.SSR ? { land: LAND, borders: BORDERS } : null;
let loadedOutlines: Outlines | null = null;

/**
 * The land and the borders, scenery hidden from assistive technology, in a
 * <g aria-hidden> that stays the same element (groups-map.js measures it).
 * Hydrating server HTML, React keeps the server's paths under an empty
 * dangerouslySetInnerHTML; drawn in the browser, the outlines are loaded.
 */
function OutlineLayer() {
  const ref = useRef<SVGGElement>(null);
  const [outlines, setOutlines] = useState(SERVER_OUTLINES ?? loadedOutlines);
  useEffect(() => {
    const layer = ref.current;
    if (outlines || !layer || layer.hasChildNodes()) return;
    let current = true;
    import("./GroupsMap.countries").then(
      ({ LAND: land, BORDERS: borders }) => {
        loadedOutlines ??= { land, borders };
        if (current) setOutlines(loadedOutlines);
      },
      (error: unknown) => console.error("Loading the map's outlines failed:", error),
    );
    return () => {
      current = false;
    };
  }, [outlines]);

  if (!outlines) return <g ref={ref} aria-hidden="true" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <g ref={ref} aria-hidden="true">
      <g transform={`scale(${1 / MAP.pathPrecision})`}>
        {/* No tab stop: react-simple-maps gives each <Geography> one unless told otherwise. */}
        <Geography geography={outline("land", outlines.land)} className="groups-map-land" tabIndex={undefined} />
        <Geography geography={outline("borders", outlines.borders)} className="groups-map-borders" tabIndex={undefined} />
      </g>
    </g>
  );
}

/**
 * react-simple-maps' map context for the <Marker>s inside, its projection's
 * points rounded to a tenth of a map unit (a tenth of a pixel in the initial
 * view, half a pixel at the closest zoom): each <Marker> writes its point into
 * its translate, otherwise with every digit of a double, ~25 bytes a marker
 * that compression barely shrinks.
 */
function PlacesToATenth({ children }: { children: ReactNode }) {
  const map = useMapContext();
  const value = useMemo(() => {
    const place = ([longitude, latitude]: [number, number]): [number, number] | null => {
      const point = map.projection([longitude, latitude]);
      return point && [round(point[0]), round(point[1])];
    };
    return { ...map, projection: Object.assign(place, map.projection) };
  }, [map]);
  return <MapContext.Provider value={value}>{children}</MapContext.Provider>;
}

/** A marker as drawn: its place, its <title>, and its link when the group has a website. */
type MarkerView = { key: string; coordinates: Point; title: string; website: string | null };

/**
 * One react-simple-maps <Marker> per group: a <g transform="translate(x, y)">
 * placed with the map's projection (to a tenth), around a link (or, without a website, the
 * marker itself focusable and named), its <title> and a <use> of the dot.
 */
function MarkerList({ markers }: { markers: readonly MarkerView[] }) {
  const dot = <use href={`#${DOT_ID}`} />;
  return markers.map(({ key, coordinates, title, website }) =>
    website ? (
      <Marker key={key} coordinates={coordinates}>
        <a href={website} target="_blank" rel="noopener noreferrer">
          <title>{title}</title>
          {dot}
        </a>
      </Marker>
    ) : (
      <Marker key={key} coordinates={coordinates} role="img" tabIndex={0}>
        <title>{title}</title>
        {dot}
      </Marker>
    ),
  );
}

/**
 * The markers' markup as the server last rendered it, by the groups and the page's language: the
 * same on every page of /groups and on the landing page, until a group changes. At the network's
 * size, rendering the markers was a quarter of the Worker's CPU for /groups (decision 048). This
 * isolate's memory only, a dozen languages' worth at most.
 */
const renderedMarkers = new Map<string, string>();
const RENDERED_MARKERS_KEPT = 12;

function reusedMarkup(key: string, render: () => string): string {
  let markup = renderedMarkers.get(key);
  if (markup === undefined) {
    markup = render();
    if (renderedMarkers.size >= RENDERED_MARKERS_KEPT) renderedMarkers.delete(renderedMarkers.keys().next().value!);
    renderedMarkers.set(key, markup);
  }
  return markup;
}

/**
 * Every group's marker, in one <g>. On the server, the markup rendered before for the same groups
 * in the same language (`reusedMarkup`; the projection is every map's, MAP_PROJECTION): no page that
 * shows the map hydrates it. Drawn in the browser (a hydrated app's client-side navigation), React
 * renders them.
 */
function Markers({ groups }: { groups: readonly MapGroup[] }) {
  const { t, i18n } = useTranslation("groups");
  const map = useMapContext();
  const renderStatic = useStaticMarkup();
  const views = () => {
    // The same for every link: translated once, not once a marker (hundreds at the network's size).
    const visitHint = `${t("map.visitHint")} ${t("common:externalLink")}`;
    return groups.map((group): MarkerView => {
      const label = group.location ? t("map.markerLabel", { name: group.name, location: group.location }) : group.name;
      const website = webLink(group.website);
      // The <title> is the tooltip and the accessible name; a link's also says where a click goes.
      return { key: group.id, coordinates: [group.longitude, group.latitude], title: website ? `${label}\n${visitHint}` : label, website };
    });
  };
  if (renderStatic) {
    const markup = reusedMarkup(`${i18n.language}\n${JSON.stringify(groups)}`, () =>
      renderStatic(
        <MapContext.Provider value={map}>
          <MarkerList markers={views()} />
        </MapContext.Provider>,
      ),
    );
    return <g dangerouslySetInnerHTML={{ __html: markup }} />;
  }
  return (
    <g>
      <MarkerList markers={views()} />
    </g>
  );
}

/**
 * The whole map fitted into `view`: the scene as a browser without scripts shows it, where nothing
 * can zoom out to a group beyond the specification's view (Wellington, at 175°E, is). The style sheet
 * takes it away wherever scripts run (`@media (scripting: enabled)`), and groups-map.js removes it
 * for a browser that does not know that query; the style sheet also keeps the dots their size.
 */
function wholeMapIn([x, y, width]: ViewBox): string {
  return `translate(${x} ${y}) scale(${Math.round((width / MAP.width) * 10_000) / 10_000})`;
}

/** Zoom in and out, hidden until groups-map.js runs: without it they would do nothing. */
function ZoomButtons() {
  const { t } = useTranslation("groups");
  const button =
    "flex h-8 w-8 items-center justify-center bg-white text-lg font-semibold leading-none text-ink-900 hover:bg-ink-100 disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-white sm:h-10 sm:w-10 sm:text-xl";
  // Side by side on a phone, where the map is only ~160 px high; stacked from sm up.
  return (
    <div
      hidden
      suppressHydrationWarning
      data-zoom-buttons=""
      className="absolute end-2 top-2 flex divide-x print:hidden divide-ink-200 overflow-hidden rounded-md shadow-md ring-1 ring-ink-950/10 rtl:divide-x-reverse sm:end-3 sm:top-3 sm:flex-col sm:divide-x-0 sm:divide-y"
    >
      <button type="button" className={button} aria-label={t("map.zoomIn")} title={t("map.zoomIn")} data-zoom-step="in">
        <span aria-hidden="true">+</span>
      </button>
      <button type="button" className={button} aria-label={t("map.zoomOut")} title={t("map.zoomOut")} data-zoom-step="out">
        <span aria-hidden="true">−</span>
      </button>
    </div>
  );
}

/**
 * The map as a figure: an intro giving the number of locations, the map, and
 * a status line (the number of groups mapped, or 'Loading groups...' while
 * `loading`). Pass the groups that have coordinates (`mappedGroups()`), or
 * null when they could not be read: the countries are still drawn, and the
 * figure says the groups failed to load instead of counting none.
 */
export function GroupsMap({ groups, loading = false }: { groups: readonly MapGroup[] | null; loading?: boolean }) {
  const { t } = useTranslation("groups");
  const locations = new Set((groups ?? []).map((group) => `${group.latitude},${group.longitude}`)).size;
  // The specification's view: zoom 1.5 around 0°E 20°N; dots of radius 4 there, and the same size at any zoom.
  const viewBox = viewBoxOf(CENTER, MAP.zoom).map(round) as ViewBox;

  return (
    <figure className="flex flex-col gap-4">
      {groups ? <figcaption className="text-pretty text-ink-700">{t("map.intro", { count: locations })}</figcaption> : null}
      <div className="groups-map relative" data-groups-map="">
        <ComposableMap
          {...MAP_PROJECTION}
          // The view, instead of react-simple-maps' whole map ("0 0 800 400"); groups-map.js changes it to zoom.
          viewBox={viewBox.join(" ")}
          aria-label={t("map.label")}
          // For groups-map.js: the whole map's width and height (zoom 1), the least and most zoom, the step.
          data-zoom={[MAP.width, MAP.height, MAP.minZoom, MAP.maxZoom, MAP.zoomStep].join(" ")}
          className="block h-auto w-full touch-pan-y rounded-lg bg-ink-900"
        >
          <defs>
            <g id={DOT_ID} className="groups-map-dot">
              {/* A larger invisible target around the dot; larger still where the map is drawn small. */}
              <circle r={MAP.markerRadius * 2.5} />
              <circle r={MAP.markerRadius} />
            </g>
          </defs>
          <g data-whole-map="" transform={wholeMapIn(viewBox)}>
            <OutlineLayer />
            <PlacesToATenth>
              <Markers groups={groups ?? []} />
            </PlacesToATenth>
          </g>
        </ComposableMap>
        <ZoomButtons />
        <div hidden suppressHydrationWarning aria-hidden="true" className="groups-map-tip" data-map-tip="" />
      </div>
      {groups ? (
        <p role="status" className="text-sm font-medium text-ink-600">
          {loading ? t("map.loading") : t("map.mapped", { count: groups.length })}
        </p>
      ) : (
        <ErrorMessage>{t("loadFailed")}</ErrorMessage>
      )}
    </figure>
  );
}

/** The landing page's map section (anchor #map): heading, the map and a link to /groups. */
export function MapSection({ groups, loading }: { groups: readonly MapGroup[] | null; loading?: boolean }) {
  const { t } = useTranslation("groups");
  return (
    <section id="map" aria-labelledby="map-heading" className="render-when-visible bg-white">
      <div className="mx-auto w-full max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
        <h2 id="map-heading" className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
          {t("section.heading")}
        </h2>
        <div className="mt-6">
          <GroupsMap groups={groups} loading={loading} />
        </div>
        <Link
          to="/groups"
          className="mt-6 inline-block font-semibold text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700"
        >
          {t("section.allGroups")}
        </Link>
      </div>
    </section>
  );
}
