// Starting an embedded backend for tests on a port of its own (the gateway also takes port+3, +4, +8
// and +9), so that two test runs, a test run beside `npm start`, or a second backend in one run never
// share a database.
import { startEmbeddedBackend, type EmbeddedBackendOptions } from "../../supabase/embedded/gateway";

/**
 * An in-memory backend on `options.port`, or else on the first free one of five random ports below
 * Linux's ephemeral range (docs/decisions/052-test-ports-below-the-ephemeral-range.md).
 */
export async function startOnFreePort(options: Omit<EmbeddedBackendOptions, "dataDir">) {
  const candidates = options.port ? [options.port] : Array.from({ length: 5 }, () => 25_000 + 10 * Math.floor(Math.random() * 700));
  let lastError: unknown;
  for (const port of candidates) {
    try {
      return await startEmbeddedBackend({ ...options, port, dataDir: null });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
