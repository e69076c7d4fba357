#!/usr/bin/env node
// `npm test`: everything CI checks, in order, on a fresh clone with nothing else running.
// install → type-check → lint (eslint; knip: unused files, exports, dependencies) → build → vitest (starts its own embedded backend; the deploy
// configuration's tests dry-run the build) → the production configuration check (scripts/check-config.mjs)
// → Playwright against the built Worker under wrangler dev + an in-memory embedded backend.
// The last line is the total over all suites, `N passed, N failed, N skipped`, which CI reads.
import { mkdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureInstalled, run, startService, stopService, waitForHttp } from "./processes.mjs";
import { E2E_BACKEND_PORT, E2E_SITE_PORT, wranglerDevArgs } from "./ports.mjs";

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function record(suite, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
}

/** A step that is one check: it passes or fails as a whole. */
async function check(suite, command, args) {
  const code = await run(command, args);
  record(suite, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

async function readJson(path) {
  try {
    return JSON.parse(await readFile(path, "utf8"));
  } catch {
    return null;
  }
}

async function vitest() {
  const report = "test-results/vitest.json";
  rmSync(report, { force: true });
  const code = await run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  const json = await readJson(report);
  if (!json) return record("vitest", 0, 1);
  const failed = json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0);
  record("vitest", json.numPassedTests, failed, json.numPendingTests + json.numTodoTests);
}

async function playwright() {
  const report = "test-results/e2e.json";
  rmSync(report, { force: true });
  const backendUrl = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
  const backend = startService("embedded backend", "npx", [
    "tsx", "supabase/embedded/cli.ts", "start", "--port", String(E2E_BACKEND_PORT), "--memory",
  ]);
  let site;
  try {
    await waitForHttp(`${backendUrl}/`, 60_000);
    site = startService("wrangler dev", "npx", await wranglerDevArgs(E2E_SITE_PORT, backendUrl));
    await waitForHttp(`http://127.0.0.1:${E2E_SITE_PORT}/`, 90_000);
    const code = await run("npx", ["playwright", "test"], {
      env: {
        E2E_BASE_URL: `http://127.0.0.1:${E2E_SITE_PORT}`,
        E2E_SUPABASE_URL: backendUrl,
      },
    });
    const json = await readJson(report);
    if (!json) return record("playwright", 0, 1);
    const { expected, unexpected, flaky, skipped } = json.stats;
    record("playwright", expected + flaky, unexpected + (code !== 0 && unexpected === 0 ? 1 : 0), skipped);
    if (flaky) lines.push(`playwright: ${flaky} of those passed only when retried (flaky; see the list above)`);
  } catch (error) {
    console.error(`playwright: ${error.message}`);
    record("playwright", 0, 1);
  } finally {
    await stopService(site);
    await stopService(backend);
    await sleep(100);
  }
}

const started = Date.now();
mkdirSync("test-results", { recursive: true });
await ensureInstalled();
await check("typecheck", "npx", ["tsc"]);
await check("lint", "npx", ["eslint", "."]);
await check("unused code", "npx", ["knip", "--no-progress"]);
const built = await check("build", "npx", ["remix", "vite:build"]);
await vitest();
if (built) {
  await check("config", "node", ["scripts/check-config.mjs"]);
  await playwright();
} else {
  record("config", 0, 1);
  record("playwright", 0, 1);
}

console.log(`\n${lines.join("\n")}\ntook ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 ? 1 : 0);
