import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/chromium.mjs";

/**
 * End-to-end tests against a running site (no webServer entry: scripts/test.mjs
 * builds, starts the backend and `wrangler dev`, then runs Playwright). Every
 * test runs twice: with JavaScript ('js') and without ('nojs').
 */
const chromium = { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/artifacts",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry: on a loaded 2-core machine, about 1 in 12 JavaScript-mode form submissions runs the
  // client validation (the submit is prevented, nothing is posted) yet shows no errors; the cause
  // is not found yet (see the closing note of issue 9). A test that passes only when retried is
  // reported as flaky in the summary, never silently.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://127.0.0.1:8787",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "nojs", use: { ...chromium, javaScriptEnabled: false } },
  ],
});
