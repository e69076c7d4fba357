// Every end-to-end test runs with this fixture: whatever the pages of a test request, from the first
// HTML to the last image, must come from the site itself. A visitor's browser never contacts a third
// party (no fonts, CDNs, map tiles, analytics): this is where the whole run proves it.
// The one exception a test may declare is a place the visitor chose to go: the file of a download.
import { test as base, expect } from "@playwright/test";

type Options = { allowedOrigins: string[] };

export const test = base.extend<Options & { onlyTheSiteItself: void }>({
  allowedOrigins: [[], { option: true }],
  onlyTheSiteItself: [
    async ({ context, baseURL, allowedOrigins }, use) => {
      const site = new URL(baseURL ?? "http://127.0.0.1:8787").origin;
      const elsewhere: string[] = [];
      context.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol === "data:" || url.protocol === "blob:") return;
        if (url.origin !== site && !allowedOrigins.includes(url.origin)) elsewhere.push(request.url());
      });
      await use();
      expect(elsewhere, "requests from the browser to hosts other than the site").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
