/**
 * Server rendering. Every document is rendered with:
 * - the request's CSP nonce (from the load context built in server.ts) on
 *   every script React and Remix emit, on pages that run React, and the
 *   Content-Security-Policy that fits the page's scripts (app/lib/page-scripts.ts);
 * - a per-request i18next instance in the language detected from the request
 *   (?lng=, cookie, Accept-Language, English), the same function the root
 *   loader uses, so server HTML and browser hydration agree.
 * Crawlers (isbot) get the fully rendered document (await allReady).
 * Caching and security headers are applied centrally in server.ts.
 * handleError logs only real failures (see there).
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream, renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createI18nInstance, detectLanguage } from "~/lib/i18n.server";
import { NonceProvider } from "~/lib/nonce";
import { StaticMarkupProvider } from "~/lib/static-markup";
import { logError } from "~/lib/log.server";
import { openerPolicy } from "~/lib/opener-policy";
import { pageScripts } from "~/lib/page-scripts";
import { contentSecurityPolicy } from "~/lib/security.server";

// server.ts hands the Worker's ASSETS binding to the build's i18n module through the entry module.
export { readTranslationsFrom } from "~/lib/i18n.server";
// …and runs the daily housekeeping (its Cron Trigger) with the build's own supabase-js, not a second copy.
export { scheduledHousekeeping } from "~/models/housekeeping.server";
// server.ts: the edge cache's key needs the language before Remix runs, and every answer remembers ?lng=.
export { detectLanguage, rememberLanguageChoice } from "~/lib/i18n.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const i18n = await createI18nInstance(await detectLanguage(request));
  let status = responseStatusCode;

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <StaticMarkupProvider value={renderToStaticMarkup}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={ABORT_DELAY} />
        </I18nextProvider>
      </StaticMarkupProvider>
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        if (!request.signal.aborted) logError("Rendering failed", error);
      },
    },
  );

  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const matches = routeMatches(remixContext);
  responseHeaders.set("Content-Security-Policy", documentPolicy(request, matches, nonce));
  responseHeaders.set("Cross-Origin-Opener-Policy", openerPolicy(matches));
  return new Response(body, { headers: responseHeaders, status });
}

/** The routes the page is made of, each with its handle and loader data. */
function routeMatches({ routeModules, staticHandlerContext }: EntryContext) {
  return staticHandlerContext.matches.map(({ route }) => ({
    handle: routeModules[route.id]?.handle,
    data: staticHandlerContext.loaderData[route.id],
  }));
}

/**
 * The document's CSP: with the nonce where the page runs React, else only the page's own
 * scripts by their full address (app/lib/page-scripts.ts; the root renders from the same matches).
 */
function documentPolicy(request: Request, matches: ReturnType<typeof routeMatches>, nonce: string) {
  const { hydrate, allowed } = pageScripts(matches);
  if (hydrate) return contentSecurityPolicy({ nonce });
  const origin = new URL(request.url).origin;
  return contentSecurityPolicy({ urls: allowed.map((src) => new URL(src, origin).href) });
}

/**
 * Remix reports every loader/action error here. Logged: real errors (with their stack) and
 * route error responses of 500 and above. Not logged: requests the client aborted, and
 * route error responses below 500 (a POST to a route without an action is a 405, an unknown
 * URL a 404): those are the visitor's doing, and logging them floods the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    // Remix keeps the underlying Error of its own error responses in `error`.
    const cause = (error as { error?: unknown }).error;
    logError("Request failed", cause ?? error);
    return;
  }
  logError("Request failed", error);
};
