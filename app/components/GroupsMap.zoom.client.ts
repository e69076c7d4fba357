/**
 * The map's gestures (react-simple-maps' ZoomableGroup and its d3 modules), loaded in the browser
 * when a reader first reaches for the map. A .client module: the server build gets an empty one, so
 * the zoom code never enters the Worker's bundle.
 */
export const loadZoom = () => import("react-simple-maps/zoom");
