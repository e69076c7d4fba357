/**
 * Which scripts a page loads (docs/decisions/040-javascript-only-where-it-earns-its-place.md).
 *
 * A route declares in its `handle` whether it needs React in the browser
 * (`hydrate`: a boolean, or a function of the route's loader data where it
 * depends on the visitor) and which small scripts of its own, without React,
 * it needs (`scripts`: URLs of built assets, imported with `?url`). A page
 * hydrates when any route it is made of asks for it; otherwise it gets no
 * React, no Remix runtime and no loader data in the HTML, only its small
 * scripts, and its CSP allows nothing else (app/lib/security.server.ts).
 */
export type PageHandle = {
  hydrate?: boolean | ((data: unknown) => boolean);
  scripts?: readonly string[];
};

export type PageScripts = { hydrate: boolean; scripts: string[] };

type RouteMatch = { handle?: unknown; data?: unknown };

function handleOf(match: RouteMatch): PageHandle {
  return match.handle && typeof match.handle === "object" ? (match.handle as PageHandle) : {};
}

/** The scripts of a page made of these route matches (useMatches() in the browser, the server's matches in entry.server). */
export function pageScripts(matches: readonly RouteMatch[]): PageScripts {
  let hydrate = false;
  const scripts = new Set<string>();
  for (const match of matches) {
    const handle = handleOf(match);
    const wanted = typeof handle.hydrate === "function" ? handle.hydrate(match.data) : handle.hydrate === true;
    hydrate ||= wanted;
    for (const script of handle.scripts ?? []) scripts.add(script);
  }
  return { hydrate, scripts: [...scripts] };
}
