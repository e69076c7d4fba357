// @ts-check
/**
 * Sharing without React (ShareLinks.tsx renders the markup; the detail pages
 * load this through their handle, app/lib/page-scripts.ts). Vite serves the
 * file as it is (`?url`): plain modern JavaScript, checked by tsc through
 * its JSDoc.
 *
 * Without it the page has a "Share" disclosure with the address and a mailto:
 * link. With it: where the browser has the Web Share API (phones, mostly) one
 * Share button opens the system's share sheet instead; elsewhere the panel
 * gets a "Copy link" button, its field selects itself on focus, and it closes
 * on Escape and on a click outside it.
 *
 * Run on load and again by a hydrated app after each navigation (the default
 * export): panels already enhanced are left alone.
 */

const enhanced = new WeakSet();

/** @param {HTMLElement} root */
function enhance(root) {
  const native = root.querySelector("[data-share-native]");
  const panel = root.querySelector("details");
  const field = root.querySelector("input");
  const copy = root.querySelector("[data-share-copy]");
  const status = root.querySelector("[data-share-status]");
  if (
    enhanced.has(root) ||
    !(native instanceof HTMLButtonElement) ||
    !(panel instanceof HTMLDetailsElement) ||
    !(field instanceof HTMLInputElement) ||
    !(copy instanceof HTMLButtonElement) ||
    !(status instanceof HTMLElement)
  ) {
    return;
  }
  enhanced.add(root);
  const { title = "", url = "" } = root.dataset;

  if (typeof navigator.share === "function") {
    panel.hidden = true;
    native.hidden = false;
    native.addEventListener("click", () => {
      navigator.share({ title, url }).catch((/** @type {unknown} */ error) => {
        // Closing the share sheet is an AbortError; anything else means sharing does not work here.
        if (error instanceof DOMException && error.name === "AbortError") return;
        native.hidden = true;
        panel.hidden = false;
      });
    });
  }

  field.addEventListener("focus", () => field.select());
  if (typeof navigator.clipboard?.writeText === "function") {
    copy.hidden = false;
    copy.addEventListener("click", () => {
      navigator.clipboard.writeText(url).then(
        () => (status.textContent = status.dataset.copied ?? ""),
        () => {
          field.select();
          status.textContent = status.dataset.copyFailed ?? "";
        },
      );
    });
  }

  const close = () => {
    panel.open = false;
    status.textContent = "";
  };
  document.addEventListener("pointerdown", (event) => {
    if (panel.open && event.target instanceof Node && !panel.contains(event.target)) close();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !panel.open) return;
    close();
    panel.querySelector("summary")?.focus();
  });
}

export default function enhanceShareLinks() {
  for (const root of document.querySelectorAll("[data-share]")) {
    if (root instanceof HTMLElement) enhance(root);
  }
}

enhanceShareLinks();
