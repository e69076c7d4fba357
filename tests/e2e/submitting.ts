import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Presses a form's submit button, then the same button again, and checks what form-submitting.js
 * promises on a page without React: the button shows its busy label, says aria-disabled, and only
 * the first press posts. Playwright waits for a pending navigation before it looks at the page, so
 * the posts are counted and stopped here, after the page's own listener (on the document) has seen
 * them: nothing is sent.
 */
export async function expectOnePostWhileBusy(page: Page, submit: Locator, busy: Locator) {
  await page.evaluate(() => {
    Object.assign(window, { posts: 0 });
    window.addEventListener("submit", (event) => {
      if (!event.defaultPrevented) Object.assign(window, { posts: (window as unknown as { posts: number }).posts + 1 });
      event.preventDefault();
    });
  });
  await submit.click();
  await expect(busy).toHaveAttribute("aria-disabled", "true");
  await busy.click({ force: true });
  expect(await page.evaluate(() => (window as unknown as { posts: number }).posts)).toBe(1);
}
