/**
 * The Worker: static assets first, then Remix; and once a day the housekeeping. Every response leaves with the
 * security headers (CSP with a per-request nonce, HSTS, …); HTML and .data
 * responses get their Cache-Control from app/lib/cache.server.ts; mutating
 * requests from another origin are refused with 403 before Remix runs.
 * Anonymous GETs of public pages without a nonce go through the edge cache (app/lib/edge-cache.server.ts),
 * which an admin's write empties (docs/decisions/041-edge-caching.md).
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- exists only after `remix vite:build`; its shape is ServerBuild.
import * as build from "./build/server";
import { applyAssetCachePolicy, applyCachePolicy } from "./app/lib/cache.server";
import { edgeCacheable, purgeEdgeCache, serveWithEdgeCache, type EdgeCacheStore } from "./app/lib/edge-cache.server";
import type { Cloudflare } from "./load-context";
import {
  createNonce,
  forbiddenCrossOrigin,
  isSameOriginRequest,
  withSecurityHeaders,
} from "./app/lib/security.server";

const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);
// The build's own copies of app/lib/i18n.server and of the housekeeping (this file's imports are bundled apart from it).
const { detectLanguage, readTranslationsFrom, rememberLanguageChoice, scheduledHousekeeping } = serverBuild.entry.module as unknown as typeof import("./app/entry.server");

/** caches.default: with "DOM" in tsconfig's lib, the global `caches` is typed without Cloudflare's `default`. */
const edgeCache = () => (caches as unknown as { default: EdgeCacheStore }).default;

/**
 * One request without the edge cache: a static asset, or Remix; the security headers and the
 * Cache-Control policy. `onWrite` is what an admin action calls (load context `purgeEdgeCache`).
 */
async function respond(request: Request, env: Env, ctx: ExecutionContext, onWrite: () => void = () => {}): Promise<Response> {
  const url = new URL(request.url);
  const nonce = createNonce();

  if (request.method === "GET" || request.method === "HEAD") {
    const asset = await env.ASSETS.fetch(request.url, { method: request.method, headers: request.headers });
    if (asset.status !== 404) {
      const response = withSecurityHeaders(asset as unknown as Response, { nonce, url });
      applyAssetCachePolicy(url, response);
      return response;
    }
  }

  const loadContext: AppLoadContext = {
    cloudflare: {
      env,
      ctx,
      cf: (request.cf ?? {}) as Cloudflare["cf"],
      // With "DOM" in tsconfig's lib, the global `caches` is typed without Cloudflare's `default`.
      caches: caches as unknown as Cloudflare["caches"],
    },
    cspNonce: nonce,
    purgeEdgeCache: onWrite,
  };
  const response = withSecurityHeaders(await handleRemixRequest(request, loadContext), { nonce, url });
  rememberLanguageChoice(url, response);
  applyCachePolicy(request, response);
  return response;
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const url = new URL(request.url);
    readTranslationsFrom(env.ASSETS);

    if (!isSameOriginRequest(request)) {
      return withSecurityHeaders(forbiddenCrossOrigin(), { nonce: createNonce(), url });
    }

    if (edgeCacheable(request)) {
      return serveWithEdgeCache(request, {
        cache: edgeCache(),
        language: await detectLanguage(request),
        version: serverBuild.assets.version,
        waitUntil: (promise) => ctx.waitUntil(promise),
        render: (each) => respond(each, env, ctx),
      });
    }

    // An admin's write (app/lib/admin-action.server.ts) empties the edge cache once it is made, before
    // the answer leaves: the page the admin is sent to next is rendered afresh.
    let wrote = false;
    const response = await respond(request, env, ctx, () => {
      wrote = true;
    });
    if (wrote) await purgeEdgeCache(edgeCache(), url.origin);
    return response;
  },

  /**
   * The Cron Trigger (wrangler.toml [triggers]): the daily housekeeping (app/models/housekeeping.server.ts).
   * Awaited, so that a failure marks the run as failed in the Worker's Cron Events.
   */
  async scheduled(_controller, env): Promise<void> {
    await scheduledHousekeeping(env);
  },
} satisfies ExportedHandler<Env>;
