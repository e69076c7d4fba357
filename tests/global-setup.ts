// Vitest starts one embedded backend (in memory, on the test port) for the whole run and stops it after.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startEmbeddedBackend } from "../supabase/embedded/gateway";

const TEST_BACKEND_PORT = 54421;
const LOG = "test-results/embedded-backend.log";

export default async function setup(project: TestProject) {
  mkdirSync("test-results", { recursive: true });
  writeFileSync(LOG, "");
  const backend = await startEmbeddedBackend({
    port: TEST_BACKEND_PORT,
    dataDir: null,
    log: (line) => appendFileSync(LOG, `${line}\n`),
  });
  project.provide("supabaseUrl", backend.url);
  project.provide("anonKey", backend.anonKey);
  project.provide("serviceRoleKey", backend.serviceRoleKey);
  return () => backend.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    supabaseUrl: string;
    anonKey: string;
    serviceRoleKey: string;
  }
}
