/**
 * Which scripts a page loads (docs/decisions/040-javascript-only-where-it-earns-its-place.md).
 *
 * A route declares in its `handle` whether it needs React's app in the browser
 * (`hydrate`: a boolean, or a function of the route's loader data where it
 * depends on the visitor) and which scripts of its own it needs (`scripts`: a
 * list, or a function of the loader data, of URLs of built assets imported
 * with `?url`, or of islands imported with `?island`: a bundled module and the
 * chunks it may import, vite-islands.ts). A page hydrates when any route it is made of asks for it;
 * otherwise it gets no React app, no Remix runtime and no loader data in the
 * HTML, only its own scripts, and its CSP allows nothing else
 * (app/lib/security.server.ts).
 */
/** What `import island from "./x.ts?island"` gives (vite-islands.ts): the module's address, and every chunk it may import. */
export type IslandScript = { src: string; imports: readonly string[] };

type PageScript = string | IslandScript;

export type PageHandle = {
  hydrate?: boolean | ((data: unknown) => boolean);
  scripts?: readonly PageScript[] | ((data: unknown) => readonly PageScript[]);
};

/** `scripts` for a page whose loader data names its `viewer`: these for an approved member, none for anyone else. */
export function forMembers(scripts: readonly PageScript[]): (data: unknown) => readonly PageScript[] {
  return (data) => ((data as { viewer?: { isMember?: boolean } | null } | undefined)?.viewer?.isMember ? scripts : []);
}

/** `scripts`: what the page loads; `allowed`: those and every chunk they may import, for the CSP. */
export type PageScripts = { hydrate: boolean; scripts: string[]; allowed: string[] };

/** A route of the page, as useMatches() and the server's matches give it. */
export type RouteMatch = { handle?: unknown; data?: unknown };

/** A route's `handle` as the declarations a page's routes may make (each field optional), or none. */
export function handleOf<Handle extends object = PageHandle>(match: RouteMatch): Partial<Handle> {
  return match.handle && typeof match.handle === "object" ? (match.handle as Partial<Handle>) : {};
}

/** The scripts of a page made of these route matches (useMatches() in the browser, the server's matches in entry.server). */
export function pageScripts(matches: readonly RouteMatch[]): PageScripts {
  let hydrate = false;
  const scripts = new Set<string>();
  const allowed = new Set<string>();
  for (const match of matches) {
    const handle = handleOf(match);
    const wanted = typeof handle.hydrate === "function" ? handle.hydrate(match.data) : handle.hydrate === true;
    hydrate ||= wanted;
    const wantedScripts = typeof handle.scripts === "function" ? handle.scripts(match.data) : (handle.scripts ?? []);
    for (const script of wantedScripts) {
      const { src, imports } = typeof script === "string" ? { src: script, imports: [] } : script;
      scripts.add(src);
      for (const url of [src, ...imports]) allowed.add(url);
    }
  }
  return { hydrate, scripts: [...scripts], allowed: [...allowed] };
}
