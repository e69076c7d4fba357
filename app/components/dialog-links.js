// @ts-check
/**
 * Links that open a dialog of the page, and buttons that close theirs, on a page without React
 * (/voting's "Create Proposal" for a member: app/routes/voting._index.tsx). The link
 * (data-opens-dialog="<dialog id>") goes to its own page where this script does not run; here it
 * opens the dialog instead. A button marked data-closes-dialog closes the dialog it is in. Vite
 * serves the file as it is (`?url`).
 *
 * Run on load and again by a hydrated app after each navigation (the default export): it listens
 * once, on the document.
 */

let listening = false;

export default function enhanceDialogLinks() {
  if (listening) return;
  listening = true;
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const opener = target?.closest("a[data-opens-dialog]");
    if (opener instanceof HTMLAnchorElement) {
      const dialog = document.getElementById(opener.dataset.opensDialog ?? "");
      if (!(dialog instanceof HTMLDialogElement) || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      dialog.showModal();
      return;
    }
    const closer = target?.closest("button[data-closes-dialog]");
    if (closer) closer.closest("dialog")?.close();
  });
}

enhanceDialogLinks();
