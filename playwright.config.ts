import { availableParallelism } from "node:os";
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
  // At least two workers: Playwright's default (half the cores) is one on a 2-core machine, where the
  // whole suite then ran one test at a time (its summed durations equalled its wall time).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // One retry, reported: a test that passes only when retried is counted as flaky in npm test's
  // summary, never silently. (The flake that made this necessary, form errors that never showed
  // after a submit on a loaded machine, was conform's render-time subscription: app/lib/use-form.ts.)
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://127.0.0.1:8787",
    trace: "retain-on-failure",
  },
  // The back-office's tests publish and delete content that the public pages' tests count, so they
  // run once those are done.
  projects: [
    { name: "js", testIgnore: /admin\.spec/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "nojs", testIgnore: /admin\.spec/, use: { ...chromium, javaScriptEnabled: false } },
    { name: "admin-js", testMatch: /admin\.spec/, dependencies: ["js", "nojs"], use: { ...chromium, javaScriptEnabled: true } },
    { name: "admin-nojs", testMatch: /admin\.spec/, dependencies: ["js", "nojs"], use: { ...chromium, javaScriptEnabled: false } },
    // The attacker's suite (tests/attacker) stores payloads, floods forms and restarts a backend of its
    // own: it runs last, so that nothing it writes reaches the pages the other projects count.
    // Its specs open contexts with JavaScript off themselves where a case needs both.
    {
      name: "attacker",
      testDir: "tests/attacker",
      testMatch: /\.spec\.ts$/,
      testIgnore: /load\.spec/,
      dependencies: ["admin-js", "admin-nojs"],
      use: { ...chromium, javaScriptEnabled: true },
    },
    // Its load cases run after the rest of it: their bursts (50 sign-ins at once, 200 messages) hold the
    // one backend for seconds, and beside them the fuzz's one-second answer budget measured the burst,
    // not the input (an /account post took 1.2–4.0 s three times running, twice in CI).
    {
      name: "attacker-load",
      testDir: "tests/attacker",
      testMatch: /load\.spec\.ts$/,
      dependencies: ["attacker"],
      use: { ...chromium, javaScriptEnabled: true },
    },
  ],
});
