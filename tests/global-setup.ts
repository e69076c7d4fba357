// Vitest starts one embedded backend (in memory, on the test port) for the whole run and stops it after.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startEmbeddedBackend } from "../supabase/embedded/gateway";

const LOG = "test-results/embedded-backend.log";

/**
 * A port of its own for every run (the gateway also takes port+8 and port+9), so two test runs,
 * or a test run beside `npm start`, never share a database. TEST_BACKEND_PORT pins it.
 */
function candidatePorts(): number[] {
  if (process.env.TEST_BACKEND_PORT) return [Number(process.env.TEST_BACKEND_PORT)];
  return Array.from({ length: 5 }, () => 55_000 + 10 * Math.floor(Math.random() * 900));
}

async function startOnFreePort(log: (line: string) => void) {
  let lastError: unknown;
  for (const port of candidatePorts()) {
    try {
      return await startEmbeddedBackend({ port, dataDir: null, log });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export default async function setup(project: TestProject) {
  mkdirSync("test-results", { recursive: true });
  writeFileSync(LOG, "");
  const backend = await startOnFreePort((line) => appendFileSync(LOG, `${line}\n`));
  project.provide("supabaseUrl", backend.url);
  project.provide("anonKey", backend.anonKey);
  project.provide("serviceRoleKey", backend.serviceRoleKey);
  project.provide("mailUrl", backend.mailUrl ?? "");
  return () => backend.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    supabaseUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    mailUrl: string;
  }
}
