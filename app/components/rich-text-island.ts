/**
 * The rich-text editor on a page that runs no React app (docs/decisions/044-islands.md). Each field
 * is the server's textarea (RichTextEditor.tsx) until the member shows they are about to write: a
 * focus or a press anywhere in its form, or at once where the field already holds HTML (a draft to
 * edit, or a form the server sent back with the editor's text in it). Then the editor's code (React
 * and Tiptap) loads and takes over what was typed meanwhile, and the focus. A member who only reads
 * the page, and a phone that cannot spare the time at load, never pay for it.
 *
 * Run on load and again by a hydrated app after each navigation (the default export); there React's
 * own RichTextEditor runs the fields, and this does nothing.
 */
let loading: Promise<void> | null = null;

function loadEditors() {
  loading ??= reactRefreshInDevelopment()
    .then(() => import("./rich-text-island.editor"))
    .then(({ mountEditors }) => mountEditors());
}

/**
 * `remix vite:dev` compiles components for hot reloading, which wants React Refresh's runtime set up
 * first; on a hydrated page Remix's <Scripts /> does it, here nobody else does. Gone from the build.
 */
async function reactRefreshInDevelopment() {
  if (!import.meta.env.DEV || "__vite_plugin_react_preamble_installed__" in window) return;
  const preamble = "/@id/__x00__virtual:remix/inject-hmr-runtime";
  await import(/* @vite-ignore */ preamble);
}

export default function enhanceRichText() {
  if ("__remixContext" in window) return;
  for (const field of document.querySelectorAll("textarea[data-rich-text]")) {
    const format = field.previousElementSibling;
    if (format instanceof HTMLInputElement && format.value === "html") {
      loadEditors();
      continue;
    }
    const area = field.closest("form") ?? field;
    area.addEventListener("focusin", loadEditors, { once: true });
    area.addEventListener("pointerdown", loadEditors, { once: true });
  }
}

enhanceRichText();
