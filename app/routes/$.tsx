import type { IsolationHandle } from "~/lib/opener-policy";

/** Every path no other route matches: the 404 screen (root ErrorBoundary) with status 404. */
export function loader(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function action(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export default function NotFoundRoute() {
  return null;
}
