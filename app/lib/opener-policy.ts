/**
 * A page's Cross-Origin-Opener-Policy (docs/decisions/045-opener-policy-per-page.md).
 *
 * Every response is `same-origin` (app/lib/security.server.ts): a window of another site that
 * opened ours keeps no handle on it, and the browser gives the page a process of its own. That
 * new process is what a phone pays on arrival (Lighthouse's low-end profile: about 300 ms of
 * blocking time on a page without scripts). So a page people read declares `handle.isolate =
 * false` and is sent with `unsafe-none`. The pages where a visitor types a password, a code or a
 * message to the network (/, /contact, /join, sign-in and sign-up, the account, the back-office)
 * keep `same-origin`. The policy belongs to the route, never to the visitor: one that differed
 * for members would tell another site who is one.
 */
import { handleOf, type RouteMatch } from "~/lib/page-scripts";

export type IsolationHandle = { isolate?: boolean };

/** The policy of a page made of these route matches: the page's own route (the last) decides. */
export function openerPolicy(matches: readonly RouteMatch[]): "same-origin" | "unsafe-none" {
  const route = matches.at(-1);
  return route && handleOf<IsolationHandle>(route).isolate === false ? "unsafe-none" : "same-origin";
}
