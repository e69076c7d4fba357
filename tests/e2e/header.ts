// The header's row, measured: shared by the shell's tests (a visitor's header) and the members' (a member's).
import type { Page } from "@playwright/test";

/** The `desktop` breakpoint (app/styles/app.css), where the navigation moves into the row. */
export const DESKTOP_WIDTH = 1200;

/**
 * What the header's row would spare at its full 72rem if nothing in it shrank or wrapped (px): room for
 * fonts wider than this machine's and for a translation that grows a little.
 */
export function headerSpareRoom(page: Page) {
  return page.locator("header.site-header").evaluate((header) => {
    const row = header.firstElementChild as HTMLElement;
    const width = row.getBoundingClientRect().width;
    row.style.width = "max-content";
    row.style.maxWidth = "none";
    const natural = row.getBoundingClientRect().width;
    row.style.width = row.style.maxWidth = "";
    return Math.round(width - natural);
  });
}

/** The header's visible controls that leave the screen, or the row's height, or take a second line. */
export function headerOverflow(page: Page) {
  return page.locator("header.site-header").evaluate((header) => {
    const row = header.firstElementChild!.getBoundingClientRect();
    return [...header.querySelectorAll("a, button")]
      .filter((control) => control.checkVisibility() && !control.closest("[popover]"))
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > window.innerWidth || box.top < row.top || box.bottom > row.bottom || box.height > 44)
      .map(({ control, box }) => `${control.textContent?.trim()}: ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`);
  });
}
