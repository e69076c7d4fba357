// What the attacker's browser specs watch on every page: a Content-Security-Policy violation (the
// policy refused an inline style, a script without the nonce, a foreign source), a script error, a
// dialog. With JavaScript on, the page reports violations as `securitypolicyviolation` events; with it
// off, no page script runs, and Chromium's own console message ("… violates the following Content
// Security Policy directive …") is the only witness, so both are watched.
import type { Page } from "@playwright/test";

export type Problems = string[];

export async function watchPage(page: Page): Promise<Problems> {
  const problems: Problems = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/.test(text)) problems.push(`csp: ${text}`);
    else if (message.type() === "error" && !text.startsWith("Failed to load resource")) problems.push(`console: ${text}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return problems;
}
