// Vitest starts one embedded backend (in memory, on the test port) for the whole run and stops it after.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startOnFreePort } from "./support/start-backend";

const LOG = "test-results/embedded-backend.log";

export default async function setup(project: TestProject) {
  mkdirSync("test-results", { recursive: true });
  writeFileSync(LOG, "");
  // TEST_BACKEND_PORT pins the port; by default a random free one, so that two runs never share a database.
  const port = process.env.TEST_BACKEND_PORT ? Number(process.env.TEST_BACKEND_PORT) : undefined;
  const backend = await startOnFreePort({ port, log: (line) => appendFileSync(LOG, `${line}\n`) });
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
