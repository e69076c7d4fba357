// What a loader or action needs to run outside the Worker: the load context server.ts builds,
// pointing at the embedded backend that tests/global-setup.ts started.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expect } from "vitest";
import { LOCAL_WORKER_SECRET, anonKey, backendUrl } from "./backend";

export const TEST_ORIGIN = "http://localhost:8787";

/** server.ts's load context for the test backend; `env` overrides a variable (e.g. a dead SUPABASE_URL). */
export function testLoadContext(env: Partial<Env> = {}): AppLoadContext {
  const pending: Promise<unknown>[] = [];
  const cloudflare = {
    env: {
      SUPABASE_URL: backendUrl(),
      SUPABASE_ANON_KEY: anonKey(),
      WORKER_SECRET: LOCAL_WORKER_SECRET,
      // The backend's mail catcher: [local_smtp]'s SMTP port moves with the API's (+4).
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(Number(new URL(backendUrl()).port) + 4),
      MAIL_FROM: "no-reply@example.org",
      ...env,
    },
    cf: {},
    ctx: { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), passThroughOnException: () => {} },
    caches: undefined,
  };
  // Bindings no loader here touches (ASSETS, the rate limiter) are absent.
  const context = { cloudflare, cspNonce: "test-nonce" } as unknown as AppLoadContext;
  waitingOn.set(context, pending);
  return context;
}

const waitingOn = new WeakMap<AppLoadContext, Promise<unknown>[]>();

/** Waits for the work a loader or action left running after its answer (ctx.waitUntil), as the Worker lets it finish. */
export async function settled(context: AppLoadContext): Promise<void> {
  await Promise.all(waitingOn.get(context) ?? []);
}

/** A GET or form POST to a path of the site, as a browser on the site's own origin sends it; `headers` add to or replace its own. */
export function siteRequest(
  path: string,
  init: { method?: "GET" | "POST"; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Request {
  const method = init.method ?? (init.form ? "POST" : "GET");
  return new Request(new URL(path, TEST_ORIGIN), {
    method,
    headers: { ...(method === "POST" ? { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } : {}), ...init.headers },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
}

export type Answer<T> = { data: T; status: number };

/** Unwraps what an action returns: Remix's data() (DataWithResponseInit); fails on a Response. */
export function answerOf<T>(value: unknown): Answer<T> {
  if (value instanceof Response) throw new Error(`expected data(), got a ${value.status} Response`);
  const wrapped = value as { type?: string; data: T; init: ResponseInit | null };
  expect(wrapped.type).toBe("DataWithResponseInit");
  return { data: wrapped.data, status: wrapped.init?.status ?? 200 };
}

export type FakeLimiter = RateLimit & { keys: string[] };

/** The Workers rate-limiting binding, answering from a fixed budget and recording the keys it was asked about. */
export function fakeLimiter(budget: number): FakeLimiter {
  const keys: string[] = [];
  return {
    keys,
    async limit({ key }) {
      keys.push(key);
      return { success: keys.length <= budget };
    },
  };
}

/** A unique address per test, so rows of one test never count in another. */
export function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`;
}
