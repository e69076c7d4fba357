import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { createNonce } from "./app/lib/security.server";

/** What Cloudflare hands a request: bindings, execution context, request.cf and the Cache API. */
export type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Per-request nonce of the Content-Security-Policy (server.ts sends the header). */
    cspNonce: string;
    /**
     * Asks server.ts to empty the edge cache once this request's answer is ready: an admin's write
     * (app/lib/admin-action.server.ts; app/lib/edge-cache.server.ts). Absent outside the Worker.
     */
    purgeEdgeCache?: () => void;
  }
}

/**
 * Load context for `remix vite:dev` (cloudflareDevProxyVitePlugin). In the
 * Worker, server.ts builds the same shape itself. Dev mode sends no CSP header
 * (Vite injects inline scripts), but the nonce still exists so the markup is
 * the same.
 */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  return { cloudflare: context.cloudflare, cspNonce: createNonce() };
}
