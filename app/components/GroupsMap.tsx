import { Link } from "@remix-run/react";
import type { GeometryCollection } from "geojson";
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
// The core entry only: the zoom entry (d3-zoom and its d3 companions) is loaded when a reader
// first points at the map, so pages that show the map do not carry it up front.
import { ComposableMap, Geography, Marker } from "react-simple-maps/core";
import { loadZoom } from "./GroupsMap.zoom.client";
import { useHydrated } from "~/lib/use-hydrated";
import { webLink } from "~/lib/web-link";
import type { MappedGroup } from "~/lib/cards";
import { COUNTRY_PATHS } from "./GroupsMap.countries";
import { CENTER, MAP, mapProjection, type Point } from "./GroupsMap.projection";

/**
 * The world map of affiliated groups: server-rendered SVG (countries and one
 * red dot per group, each dot a link to the group's website), enhanced with
 * JavaScript by zoom and pan, zoom buttons and a tooltip.
 *
 * The country outlines are projected at build time (GroupsMap.countries.ts,
 * scripts/generate-map-countries.ts) and reach the browser only as server
 * HTML: the browser bundle never carries them, except as a lazily loaded
 * chunk when the map mounts without server HTML (a client-side navigation).
 *
 * Zoom and pan by gesture come from react-simple-maps' ZoomableGroup, loaded
 * on the first pointer over the map. Until then StaticZoomableGroup stands in
 * for it with the same markup (tests/unit/groups-map.test.ts compares them),
 * and the zoom buttons, the tooltip and keyboard focus work without it.
 */

/** What the map needs of a group; `mappedGroups()` (groups.server.ts) gives groups with both coordinates. */
export type MapGroup = Pick<MappedGroup, "id" | "name" | "location" | "latitude" | "longitude" | "website">;

const projection = mapProjection();

type GeographyFeature = ComponentProps<typeof Geography>["geography"];
type CountryRows = typeof COUNTRY_PATHS;

// Outlines come as ready path data; react-simple-maps only needs a feature to carry them.
const NO_GEOMETRY: GeometryCollection = { type: "GeometryCollection", geometries: [] };

function toGeographies(rows: CountryRows): GeographyFeature[] {
  return rows.map(([id, name, d]) => ({
    type: "Feature",
    id,
    properties: { name },
    geometry: NO_GEOMETRY,
    rsmKey: id,
    svgPath: d,
  }));
}

// Vite makes import.meta.env.SSR a constant, so the browser build drops COUNTRY_PATHS here.
const serverCountries = import.meta.env.SSR ? toGeographies(COUNTRY_PATHS) : null;

// Effects that must run before paint in the browser, and not at all (nor warn) on the server.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

// What the browser already has of the outlines, kept between mounts: the loaded chunk, or the
// server's <path> nodes parked while no map holds them (a remount, or a visit to another page).
let loadedCountries: GeographyFeature[] | null = null;
let parkedCountryNodes: Node[] | null = null;
let countryNodesExist = false;

type CountrySource = "features" | "dom" | "load";

/**
 * The countries. On the server: one <Geography> per country. In the browser,
 * when hydrating server HTML: an element whose children React leaves alone
 * (an empty dangerouslySetInnerHTML keeps the server's paths), so the
 * outlines need not be in the bundle; a later mount (ZoomableGroup replacing
 * its stand-in, or coming back to the page) takes those paths over. Only a
 * map that never had server HTML loads the outlines' chunk.
 */
const CountryLayer = memo(function CountryLayer({ hydrated }: { hydrated: boolean }) {
  const [source, setSource] = useState<CountrySource>(() =>
    serverCountries || loadedCountries ? "features" : !hydrated || countryNodesExist ? "dom" : "load",
  );
  const [features, setFeatures] = useState(serverCountries ?? loadedCountries);
  const ref = useRef<SVGGElement>(null);

  useBrowserLayoutEffect(() => {
    const layer = ref.current;
    if (source !== "dom" || !layer) return;
    if (!layer.hasChildNodes() && parkedCountryNodes) {
      for (const node of parkedCountryNodes) layer.appendChild(node);
      parkedCountryNodes = null;
    }
    if (!layer.hasChildNodes()) {
      setSource("load");
      return;
    }
    countryNodesExist = true;
    return () => {
      parkedCountryNodes = [...layer.childNodes];
    };
  }, [source]);

  useEffect(() => {
    if (source !== "load") return;
    let current = true;
    import("./GroupsMap.countries").then(
      ({ COUNTRY_PATHS: rows }) => {
        loadedCountries ??= toGeographies(rows);
        if (!current) return;
        setFeatures(loadedCountries);
        setSource("features");
      },
      (error: unknown) => console.error("Loading the map's countries failed:", error),
    );
    return () => {
      current = false;
    };
  }, [source]);

  const layer = {
    transform: `scale(${1 / MAP.pathPrecision})`,
    className: "fill-ink-700 stroke-ink-950 [&>path]:[vector-effect:non-scaling-stroke]",
    strokeWidth: 0.6,
    "aria-hidden": true,
  } as const;

  if (source === "features" && features) {
    return (
      <g {...layer}>
        {features.map((country) => (
          // Countries are scenery, not controls: no tab stop (react-simple-maps gives each one).
          <Geography key={country.rsmKey} geography={country} tabIndex={undefined} />
        ))}
      </g>
    );
  }
  if (source === "dom") {
    return <g ref={ref} {...layer} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  }
  return <g {...layer} />;
});

type Transform = { x: number; y: number; k: number };
type View = { center: Point; zoom: number };

const INITIAL_VIEW: View = { center: CENTER, zoom: MAP.zoom };

/** The zoomable group's transform for a view, as react-simple-maps computes it. */
function transformOf({ center, zoom }: View): Transform {
  const [x, y] = projection(center) ?? [MAP.width / 2, MAP.height / 2];
  return { x: MAP.width / 2 - x * zoom, y: MAP.height / 2 - y * zoom, k: zoom };
}

/** Where a group is shown, in percent of the map's width and height. */
function placeOf(group: MapGroup, { x, y, k }: Transform): { left: number; top: number } {
  const [px, py] = projection([group.longitude, group.latitude]) ?? [0, 0];
  return { left: ((x + k * px) / MAP.width) * 100, top: ((y + k * py) / MAP.height) * 100 };
}

function isVisible({ left, top }: { left: number; top: number }): boolean {
  return left >= 2 && left <= 98 && top >= 2 && top <= 98;
}

const clampZoom = (zoom: number) => Math.min(MAP.maxZoom, Math.max(MAP.minZoom, zoom));

type ZoomModule = typeof import("react-simple-maps/zoom");

/** ZoomableGroup's markup at a given transform, without its gesture handling (and its d3 modules). */
function StaticZoomableGroup({ transform: { x, y, k }, children }: { transform: Transform; children: ReactNode }) {
  return (
    <g>
      <rect width={MAP.width} height={MAP.height} fill="transparent" />
      <g transform={`translate(${x} ${y}) scale(${k})`} className="rsm-zoomable-group ">
        {children}
      </g>
    </g>
  );
}

/**
 * Which gestures move the map: a mouse drag, a pinch (two fingers), and the
 * wheel only with Ctrl or ⌘ (a trackpad pinch sends that). A plain wheel or
 * one finger scrolls the page instead of trapping the reader in the map.
 */
function allowGesture(event: Event): boolean {
  if (event.type === "wheel") return (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey;
  if (event.type.startsWith("touch")) return (event as TouchEvent).touches.length > 1;
  return !(event as MouseEvent).button;
}

function useMarkerLabel() {
  const { t } = useTranslation("groups");
  return (group: MapGroup) =>
    group.location ? t("map.markerLabel", { name: group.name, location: group.location }) : group.name;
}

function Markers({
  groups,
  k,
  hydrated,
  onShow,
  onHide,
}: {
  groups: readonly MapGroup[];
  k: number;
  hydrated: boolean;
  onShow: (group: MapGroup, byFocus: boolean) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation("groups");
  const labelOf = useMarkerLabel();
  // Dots keep the size they have at the initial zoom instead of growing with the map.
  const size = MAP.zoom / k;

  return (
    <g>
      {groups.map((group) => {
        const label = labelOf(group);
        const website = webLink(group.website);
        const handlers = {
          "data-group-id": group.id,
          onMouseEnter: () => onShow(group, false),
          onMouseLeave: onHide,
          onFocus: () => onShow(group, true),
          onBlur: onHide,
        };
        const dot: ReactNode = (
          <>
            {/* Without JavaScript the native tooltip; with it, the map's own tooltip replaces it. */}
            {hydrated ? null : <title>{label}</title>}
            <g transform={size === 1 ? undefined : `scale(${size})`}>
              {/* A larger invisible target around the dot; larger still where the map is drawn small. */}
              <circle r={MAP.markerRadius * 2.5} fill="transparent" className="max-sm:[r:20px]" />
              <circle r={MAP.markerRadius} className="map-dot fill-accent-500 stroke-white" strokeWidth={1} />
            </g>
          </>
        );
        return (
          <Marker key={group.id} coordinates={[group.longitude, group.latitude]}>
            {website ? (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${label} ${t("common:externalLink")}`}
                className="cursor-pointer outline-none [&:focus-visible_.map-dot]:stroke-[3]"
                {...handlers}
              >
                {dot}
              </a>
            ) : (
              <g
                role="img"
                tabIndex={0}
                aria-label={label}
                className="outline-none [&:focus-visible_.map-dot]:stroke-[3]"
                {...handlers}
              >
                {dot}
              </g>
            )}
          </Marker>
        );
      })}
    </g>
  );
}

function Tooltip({ group, transform }: { group: MapGroup; transform: Transform }) {
  const { t } = useTranslation("groups");
  const place = placeOf(group, transform);
  if (!isVisible(place)) return null;
  // Near an edge the box opens inwards so it stays over the map.
  const shift = place.left < 20 ? "translate-x-[-1rem]" : place.left > 80 ? "-translate-x-[calc(100%-1rem)]" : "-translate-x-1/2";
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none absolute z-10 mt-[-0.875rem] w-max max-w-60 -translate-y-full rounded-md bg-white px-3 py-2 text-start text-sm text-ink-900 shadow-lg ring-1 ring-ink-950/10 ${shift}`}
      style={{ left: `${place.left}%`, top: `${place.top}%` }}
    >
      <p className="font-semibold leading-snug">{group.name}</p>
      {group.location ? <p className="text-ink-600">{group.location}</p> : null}
      {webLink(group.website) ? <p className="mt-1 text-xs font-medium text-accent-700">{t("map.visitHint")}</p> : null}
    </div>
  );
}

function ZoomButtons({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { t } = useTranslation("groups");
  const button =
    "flex h-8 w-8 items-center justify-center bg-white text-lg font-semibold leading-none text-ink-900 hover:bg-ink-100 disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-white sm:h-10 sm:w-10 sm:text-xl";
  // Side by side on a phone, where the map is only ~160 px high; stacked from sm up.
  return (
    <div className="absolute end-2 top-2 flex divide-x divide-ink-200 overflow-hidden rounded-md shadow-md ring-1 ring-ink-950/10 rtl:divide-x-reverse sm:end-3 sm:top-3 sm:flex-col sm:divide-x-0 sm:divide-y">
      <button
        type="button"
        className={button}
        aria-label={t("map.zoomIn")}
        title={t("map.zoomIn")}
        disabled={zoom >= MAP.maxZoom}
        onClick={() => onZoom(zoom * MAP.zoomStep)}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        className={button}
        aria-label={t("map.zoomOut")}
        title={t("map.zoomOut")}
        disabled={zoom <= MAP.minZoom}
        onClick={() => onZoom(zoom / MAP.zoomStep)}
      >
        <span aria-hidden="true">−</span>
      </button>
    </div>
  );
}

/**
 * The map as a figure: an intro giving the number of locations, the map, and
 * a status line (the number of groups mapped, or 'Loading groups...' while
 * `loading`). Pass the groups that have coordinates (`mappedGroups()`);
 * an empty list (e.g. after a failed query) still draws the countries.
 */
export function GroupsMap({ groups, loading = false }: { groups: readonly MapGroup[]; loading?: boolean }) {
  const { t } = useTranslation("groups");
  const hydrated = useHydrated();
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [gesture, setGesture] = useState<Transform | null>(null);
  const [active, setActive] = useState<MapGroup | null>(null);
  const [zoom, setZoom] = useState<ZoomModule | null>(null);
  const zoomRequested = useRef(false);
  const refocus = useRef<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const transform = gesture ?? transformOf(view);
  const locations = new Set(groups.map((group) => `${group.latitude},${group.longitude}`)).size;

  function show(group: MapGroup, byFocus: boolean) {
    setActive(group);
    // A dot reached with the keyboard but outside the visible part is brought into view.
    if (byFocus && !isVisible(placeOf(group, transform))) {
      setView({ center: [group.longitude, group.latitude], zoom: view.zoom });
    }
  }

  function loadGestures() {
    if (zoomRequested.current) return;
    zoomRequested.current = true;
    loadZoom().then(
      (module) => {
        // The markers are about to be replaced: remember which one had the keyboard focus.
        const focused = document.activeElement?.closest("[data-group-id]");
        refocus.current = container.current?.contains(focused ?? null) ? focused!.getAttribute("data-group-id") : null;
        setZoom(module);
      },
      (error: unknown) => {
        zoomRequested.current = false;
        console.error("Loading the map's zoom failed:", error);
      },
    );
  }

  useBrowserLayoutEffect(() => {
    const id = refocus.current;
    refocus.current = null;
    if (!zoom || !id) return;
    container.current?.querySelector<SVGElement>(`[data-group-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  }, [zoom]);

  const layers = (
    <>
      <CountryLayer hydrated={hydrated} />
      <Markers groups={groups} k={transform.k} hydrated={hydrated} onShow={show} onHide={() => setActive(null)} />
    </>
  );

  return (
    <figure className="flex flex-col gap-4">
      <figcaption className="text-pretty text-ink-700">{t("map.intro", { count: locations })}</figcaption>
      <div ref={container} className="relative" onPointerOver={loadGestures} onPointerDown={loadGestures}>
        <ComposableMap
          projection="geoMercator"
          projectionConfig={{ scale: MAP.scale }}
          width={MAP.width}
          height={MAP.height}
          aria-label={t("map.label")}
          className="block h-auto w-full touch-pan-y rounded-lg bg-ink-900"
        >
          {zoom ? (
            <zoom.ZoomableGroup
              center={view.center}
              zoom={view.zoom}
              minZoom={MAP.minZoom}
              maxZoom={MAP.maxZoom}
              filterZoomEvent={allowGesture}
              onMoveStart={() => setActive(null)}
              onMove={({ x, y, zoom: k }) => {
                if (x !== undefined && y !== undefined && k !== undefined) setGesture({ x, y, k });
              }}
              onMoveEnd={({ coordinates, zoom: k }) => {
                if (coordinates && k) setView({ center: coordinates, zoom: k });
                setGesture(null);
              }}
            >
              {layers}
            </zoom.ZoomableGroup>
          ) : (
            <StaticZoomableGroup transform={transform}>{layers}</StaticZoomableGroup>
          )}
        </ComposableMap>
        {active ? <Tooltip group={active} transform={transform} /> : null}
        {hydrated ? (
          <ZoomButtons zoom={view.zoom} onZoom={(next) => setView({ center: view.center, zoom: clampZoom(next) })} />
        ) : null}
      </div>
      <p role="status" className="text-sm font-medium text-ink-600">
        {loading ? t("map.loading") : t("map.mapped", { count: groups.length })}
      </p>
    </figure>
  );
}

/** The landing page's map section (anchor #map): heading, the map and a link to /groups. */
export function MapSection({ groups, loading }: { groups: readonly MapGroup[]; loading?: boolean }) {
  const { t } = useTranslation("groups");
  return (
    <section id="map" aria-labelledby="map-heading" className="bg-white">
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
