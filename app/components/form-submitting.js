// @ts-check
/**
 * The submitting state of a form on a page without React (SubmitButton.tsx
 * renders the markup; the routes with such a form load this through their
 * handle, app/lib/page-scripts.ts). Vite serves the file as it is (`?url`).
 *
 * While the browser posts the form, its submit button (marked
 * data-submitting="<label>") shows that label and refuses a second press:
 * aria-disabled, not disabled, so that the button's own name and value
 * still go with the post. Coming back with the Back button (a page from the
 * back/forward cache) restores the button.
 *
 * Run on load and again by a hydrated app after each navigation (the
 * default export): it listens once, on the document.
 */

let listening = false;

/** @param {HTMLButtonElement} button */
function restore(button) {
  if (button.dataset.idleLabel === undefined) return;
  button.textContent = button.dataset.idleLabel;
  delete button.dataset.idleLabel;
  button.removeAttribute("aria-disabled");
}

export default function enhanceFormSubmitting() {
  if (listening) return;
  listening = true;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const button = form instanceof HTMLFormElement ? form.querySelector("button[data-submitting]") : null;
    if (!(button instanceof HTMLButtonElement) || event.defaultPrevented) return;
    if (button.getAttribute("aria-disabled") === "true") {
      event.preventDefault();
      return;
    }
    button.dataset.idleLabel = button.textContent ?? "";
    button.textContent = button.dataset.submitting ?? "";
    button.setAttribute("aria-disabled", "true");
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const button of document.querySelectorAll("button[data-submitting]")) {
      if (button instanceof HTMLButtonElement) restore(button);
    }
  });
}

enhanceFormSubmitting();
