// What a loader or action needs to run outside the Worker: the load context server.ts builds,
// pointing at the embedded backend that tests/global-setup.ts started.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { anonKey, backendUrl } from "./backend";

export const TEST_ORIGIN = "http://localhost:8787";

/** server.ts's load context for the test backend; `env` overrides a variable (e.g. a dead SUPABASE_URL). */
export function testLoadContext(env: Partial<Env> = {}): AppLoadContext {
  const pending: Promise<unknown>[] = [];
  const cloudflare = {
    env: { SUPABASE_URL: backendUrl(), SUPABASE_ANON_KEY: anonKey(), ...env },
    cf: {},
    ctx: { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), passThroughOnException: () => {} },
    caches: undefined,
  };
  // Bindings no loader here touches (ASSETS, the rate limiter) are absent.
  return { cloudflare, cspNonce: "test-nonce" } as unknown as AppLoadContext;
}

/** A GET or form POST to a path of the site, as a browser on the site's own origin sends it. */
export function siteRequest(path: string, init: { method?: "GET" | "POST"; form?: Record<string, string> } = {}): Request {
  const method = init.method ?? (init.form ? "POST" : "GET");
  return new Request(new URL(path, TEST_ORIGIN), {
    method,
    headers: method === "POST" ? { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } : {},
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
}
