// @ts-check
/**
 * Zoom and pan for the groups map (GroupsMap.tsx), without React or any
 * dependency: the routes that show the map load it through their handle
 * (app/lib/page-scripts.ts). Vite serves this file as it is (`?url`), so it
 * is plain modern JavaScript, checked by tsc through its JSDoc.
 *
 * The map moves by its SVG's viewBox: the zoom buttons (hidden until this
 * runs), a mouse drag, a pinch with two fingers, and Ctrl or ⌘ with the wheel
 * (a trackpad's pinch); a plain wheel or one finger scrolls the page. The dots
 * keep their size at any zoom. A marker reached with the keyboard is brought
 * into view and shows its <title> as a tooltip, which browsers show only to
 * the mouse. No inline style in any HTML: only the CSSOM, which the CSP allows.
 *
 * Run on load and again by a hydrated app after each navigation (the default
 * export): maps already enhanced are left alone.
 */

const enhanced = new WeakSet();

/** @param {number} value @param {number} min @param {number} max */
const clamp = (value, min, max) => Math.min(max, Math.max(min, value));

/** @param {Element} container */
function enhance(container) {
  const svg = container.querySelector("svg[data-zoom]");
  const dot = svg?.querySelector("defs > g");
  const whole = svg?.querySelector("g[data-whole-map]");
  const world = svg?.querySelector("g[aria-hidden]");
  const tip = container.querySelector("[data-map-tip]");
  const buttons = container.querySelector("[data-zoom-buttons]");
  const zoomIn = container.querySelector('[data-zoom-step="in"]');
  const zoomOut = container.querySelector('[data-zoom-step="out"]');
  if (
    enhanced.has(container) ||
    !(svg instanceof SVGSVGElement) ||
    !(dot instanceof SVGGElement) ||
    !(whole instanceof SVGGElement) ||
    !(world instanceof SVGGElement) ||
    !(tip instanceof HTMLElement) ||
    !(buttons instanceof HTMLElement) ||
    !(zoomIn instanceof HTMLButtonElement) ||
    !(zoomOut instanceof HTMLButtonElement)
  ) {
    return;
  }
  enhanced.add(container);
  // The whole map, for a browser without scripts; the style sheet ignores it where scripts run.
  whole.removeAttribute("transform");

  // data-zoom: the whole map's width and height (zoom 1), the least and most zoom, a button's step.
  const [width, height, minZoom, maxZoom, step] = (svg.dataset.zoom ?? "").split(" ").map(Number);
  const box = svg.viewBox.baseVal;
  const initialZoom = Math.round((width / box.width) * 1000) / 1000;
  let zoom = initialZoom;
  let centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  /** Shows `next` zoom around `point` (map units), within the limits and over the land. */
  const show = (/** @type {{x: number, y: number}} */ point, /** @type {number} */ next) => {
    // To a thousandth: the server's viewBox is rounded, and 1.5 × 1.5 ÷ 1.5 ÷ 1.5 must come back to 1.
    zoom = clamp(Math.round(next * 1000) / 1000, minZoom, maxZoom);
    const land = world.getBBox();
    const bounds = land.width ? land : { x: 0, y: 0, width, height };
    centre = { x: clamp(point.x, bounds.x, bounds.x + bounds.width), y: clamp(point.y, bounds.y, bounds.y + bounds.height) };
    const [w, h] = [width / zoom, height / zoom];
    const numbers = [centre.x - w / 2, centre.y - h / 2, w, h].map((n) => Math.round(n * 100) / 100);
    svg.setAttribute("viewBox", numbers.join(" "));
    dot.setAttribute("transform", `scale(${Math.round((initialZoom / zoom) * 1000) / 1000})`);
    limits();
    tip.hidden = true;
  };

  const limits = () => {
    zoomIn.disabled = zoom >= maxZoom;
    zoomOut.disabled = zoom <= minZoom;
  };

  /** The map point under a point of the screen. */
  const toMap = (/** @type {{x: number, y: number}} */ screen) => {
    const rect = svg.getBoundingClientRect();
    return {
      x: box.x + ((screen.x - rect.left) / rect.width) * box.width,
      y: box.y + ((screen.y - rect.top) / rect.height) * box.height,
    };
  };

  /** Zooms to `next` keeping the map point `point` under the screen point `screen`. */
  const anchor = (/** @type {{x: number, y: number}} */ point, /** @type {{x: number, y: number}} */ screen, /** @type {number} */ next) => {
    const rect = svg.getBoundingClientRect();
    const to = clamp(next, minZoom, maxZoom);
    const x = point.x - ((screen.x - rect.left) / rect.width - 0.5) * (width / to);
    const y = point.y - ((screen.y - rect.top) / rect.height - 0.5) * (height / to);
    show({ x, y }, to);
  };

  zoomIn.addEventListener("click", () => show(centre, zoom * step));
  zoomOut.addEventListener("click", () => show(centre, zoom / step));
  limits();
  buttons.hidden = false;

  svg.addEventListener(
    "wheel",
    (event) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const screen = { x: event.clientX, y: event.clientY };
      const delta = event.deltaY * (event.deltaMode === 1 ? 20 : 1);
      anchor(toMap(screen), screen, zoom * Math.exp(-delta / 200));
    },
    { passive: false },
  );

  // Pointers down on the map: a mouse drags, two fingers pinch, one finger is left to the page.
  /** @type {Map<number, {x: number, y: number}>} */
  const pointers = new Map();
  let moved = false;
  /** @type {{x: number, y: number} | null} */
  let pressed = null;

  svg.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch" && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    pressed = { x: event.clientX, y: event.clientY };
    moved = false;
  });
  svg.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    if (event.pointerType === "touch") {
      pointers.set(event.pointerId, now);
      if (pointers.size !== 2) return;
      const other = [...pointers.values()].find((point) => point !== now) ?? now;
      const before = { x: (last.x + other.x) / 2, y: (last.y + other.y) / 2 };
      const after = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
      const ratio = Math.hypot(now.x - other.x, now.y - other.y) / (Math.hypot(last.x - other.x, last.y - other.y) || 1);
      anchor(toMap(before), after, zoom * ratio);
      moved = true;
    } else {
      if (!moved && pressed && Math.hypot(now.x - pressed.x, now.y - pressed.y) < 4) return;
      if (!moved) svg.setPointerCapture(event.pointerId);
      moved = true;
      anchor(toMap(last), now, zoom);
    }
    pointers.set(event.pointerId, now);
  });
  for (const type of ["pointerup", "pointercancel"]) {
    svg.addEventListener(type, (event) => pointers.delete(/** @type {PointerEvent} */ (event).pointerId));
  }
  // A drag that starts on a marker does not follow its link, nor drag the link itself.
  svg.addEventListener(
    "click",
    (event) => {
      // detail 0: a link followed from the keyboard, never part of a drag.
      if (!moved || event.detail === 0) return;
      moved = false;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
  svg.addEventListener("dragstart", (event) => event.preventDefault());

  // The keyboard: a marker out of view comes into view, and its <title> shows beside it.
  svg.addEventListener("focusin", (event) => {
    const marker = event.target;
    const use = marker instanceof Element ? marker.querySelector("use") : null;
    const title = marker instanceof Element ? marker.querySelector("title") : null;
    if (!use || !title || !(marker instanceof Element) || !marker.matches(":focus-visible")) return;
    // The marker's place in map units: the translate of the <g> (react-simple-maps' <Marker>) around its dot.
    const at = use.closest("g[transform]");
    const translate = at instanceof SVGGElement ? at.transform.baseVal.consolidate()?.matrix : null;
    const point = { x: translate?.e ?? 0, y: translate?.f ?? 0 };
    const margin = box.width / 20;
    const inView =
      point.x > box.x + margin && point.x < box.x + box.width - margin && point.y > box.y + margin && point.y < box.y + box.height - margin;
    if (!inView) show(point, zoom);
    // A line each: who and where, then what a click does.
    tip.replaceChildren(
      ...(title.textContent ?? "").split("\n").map((line) => {
        const text = document.createElement("p");
        text.textContent = line;
        return text;
      }),
    );
    tip.hidden = false;
    const area = container.getBoundingClientRect();
    const place = use.getBoundingClientRect();
    const half = tip.offsetWidth / 2;
    // Above the dot, or below it where there is no room above.
    const below = place.top - area.top < tip.offsetHeight + 12;
    tip.toggleAttribute("data-below", below);
    tip.style.left = `${clamp(place.left + place.width / 2 - area.left, half, area.width - half)}px`;
    tip.style.top = `${(below ? place.bottom : place.top) - area.top}px`;
  });
  svg.addEventListener("focusout", () => (tip.hidden = true));
  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape") tip.hidden = true;
  });
}

/** Enhances every groups map on the page that is not enhanced yet. */
export default function enhanceGroupsMaps() {
  for (const container of document.querySelectorAll("[data-groups-map]")) enhance(container);
}

enhanceGroupsMaps();
