#!/usr/bin/env node
// Page weight and render time of every public route, against design.md's budgets.
// Builds, starts an in-memory backend and the built Worker under wrangler dev on ports of its own,
// loads each route in Chromium (JavaScript on) and records every response: bytes per kind after
// brotli (what a CDN serves), request count, and whether anything left the site's origin.
// Render time: the median of 15 sequential GETs of the HTML (server render + backend reads, locally).
// Then Lighthouse (bench/lighthouse.mjs) on 8 representative routes (--all: every route above), each
// route whose simulated low-end blocking time misses its target again with the CPU really slowed
// (`lighthouse_observed`, decision 050), and with --compare <old latest.json> the change of each
// Lighthouse figure. Everything goes to bench/results/latest.json.
// Then the same site at network scale (bench/network-scale.mjs: the seed plus bench/fixtures/network.ts),
// under `network_scale`; `--network-only` runs just that pass.
// Then, on the seed, Lighthouse on a signed-in member's pages (`lighthouse_member`) and what their editor costs
// when it starts (bench/editor.mjs, `editor_start`),
// the server's CPU per render of each route (bench/cpu.mjs, `server_cpu`) and the edge cache behind a
// backend 150 ms away (bench/cache.mjs, `edge_cache`); `--only member,cpu,cache` runs just those named.
// Also the production Worker's size (wrangler deploy --dry-run --env production) and its largest
// modules. Run: npm run bench. Numbers, not pass/fail: after each Lighthouse table, the figures that
// miss design.md's targets (bench/targets.mjs), also kept in latest.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { ensureInstalled, run, startService, stopService, waitForHttp } from "../scripts/processes.mjs";
import { wranglerDevArgs } from "../scripts/ports.mjs";
import { chromiumLaunchOptions } from "../tests/e2e/chromium.mjs";
import { measureNetworkScale, networkScaleTable } from "./network-scale.mjs";
import { RENDER, measureServerCpu, serverCpuTable } from "./cpu.mjs";
import { editorStartTable, measureEditorStart } from "./editor.mjs";
import { median } from "./median.mjs";

const SITE_PORT = 8789;
const BACKEND_PORT = 24521;
const site = `http://127.0.0.1:${SITE_PORT}`;
const KB = 1024;
const BUDGET = { landingJs: 160 * KB, otherJs: 110 * KB, css: 20 * KB, workerGzip: 1024 * KB, workerUpload: 2560 * KB };

const routes = [
  "/", "/about", "/principles", "/structure", "/congress", "/security", "/privacy", "/terms", "/campaigns",
  "/news", "/news/call-for-congress-proposals-is-open", "/events", "/events/digital-self-defence-workshop-barcelona",
  "/resources", "/resources/starting-a-mutual-aid-group", "/groups", "/contact", "/join", "/voting",
  "/voting/50000000-0000-4000-8000-000000000003", "/login", "/signup", "/forgot-password",
  // The newsletter's confirmation link (a well-formed token: the page with its button).
  `/newsletter/confirm?token=${"a".repeat(48)}`,
];
/** Lighthouse's default routes: one of each kind of page. */
const LIGHTHOUSE_ROUTES = [
  "/", "/about", "/news", "/news/call-for-congress-proposals-is-open", "/events/digital-self-defence-workshop-barcelona",
  "/groups", "/contact", "/voting/50000000-0000-4000-8000-000000000003",
];
const args = process.argv.slice(2);
const compareWith = args.includes("--compare") ? args[args.indexOf("--compare") + 1] : null;
const networkOnly = args.includes("--network-only");
/** `--only member,cpu,cache`: only those parts (no page weights, anonymous Lighthouse or network scale). */
const only = args.includes("--only") ? args[args.indexOf("--only") + 1].split(",") : null;

/** The rich-text editor's chunk: loaded only where one edits, never by these routes. */
const EDITOR_CHUNK = /RichTextEditor\.client/;

const LATEST = "bench/results/latest.json";

/** Adds `parts` to bench/results/latest.json, keeping what an earlier pass or run put there. */
function addToLatest(parts) {
  const latest = existsSync(LATEST) ? JSON.parse(readFileSync(LATEST, "utf8")) : {};
  writeFileSync(LATEST, JSON.stringify({ ...latest, ...parts }, null, 2));
}

/** A load average as `uptime` prints it. */
const load = (values) => values.map((value) => value.toFixed(2)).join(" ");

const brotli = (buffer) =>
  brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function kindOf(url, contentType) {
  if (contentType.includes("text/html")) return "html";
  if (contentType.includes("javascript") || url.endsWith(".js")) return "js";
  if (contentType.includes("text/css") || url.endsWith(".css")) return "css";
  if (contentType.startsWith("image/")) return "image";
  return "other";
}

async function weigh(browser, route) {
  // A context of its own: an empty cache, as a first visit from a search result.
  const context = await browser.newContext();
  const page = await context.newPage();
  const totals = { html: 0, js: 0, css: 0, image: 0, other: 0, requests: 0, thirdParty: [], editorLoaded: false };
  const pending = [];
  page.on("response", (response) => {
    const url = response.url();
    totals.requests += 1;
    if (!url.startsWith(site)) totals.thirdParty.push(url);
    if (EDITOR_CHUNK.test(url)) totals.editorLoaded = true;
    pending.push(
      response.body().then(
        (body) => (totals[kindOf(url, response.headers()["content-type"] ?? "")] += brotli(body)),
        () => {}, // redirects have no body
      ),
    );
  });
  await page.goto(site + route, { waitUntil: "networkidle" });
  await Promise.all(pending);
  await context.close();
  return totals;
}

async function renderMs(route) {
  const times = [];
  for (let i = 0; i < 15; i += 1) {
    const start = performance.now();
    // Rendered every time (never the edge cache's copy) and answered uncompressed (bench/cpu.mjs).
    const response = await fetch(site + route, RENDER);
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * The production Worker as wrangler would upload it: both sizes, and the ten largest packages (or
 * app folders) in it, from esbuild's metafile.
 */
async function workerBundle() {
  const outdir = "bench/results/worker";
  const metafile = `${outdir}/meta.json`;
  const { uploadSize, wranglerDryRun } = await import("../scripts/check-config.mjs");
  const { output } = await wranglerDryRun({ outdir, metafile });
  const size = uploadSize(output);
  if (!size) return { error: output.slice(-500) };
  const { outputs } = JSON.parse(readFileSync(metafile, "utf8"));
  const bundle = Object.entries(outputs).find(([file]) => file.endsWith(".js"))[1];
  const byModule = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(bundle.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split("/").slice(0, 3).join("/");
    byModule.set(name, (byModule.get(name) ?? 0) + bytesInOutput);
  }
  const largest = [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([module, bytes]) => ({ module, KiB: Math.round(bytes / 102.4) / 10 }));
  return { totalKiB: size.uploadKiB, gzipKiB: size.gzipKiB, largest };
}

await ensureInstalled();
// Imported only now: on a fresh clone the line above is what installs them (autocannon, lighthouse).
const { chromium } = await import("@playwright/test");
const { edgeCacheTable, measureEdgeCache } = await import("./cache.mjs");
const { measureLighthouse, memberCookie, lighthouseTable, compareLighthouse, PROFILES, MEMBER_ROUTES, EDITOR_ROUTES } = await import("./lighthouse.mjs");
const { lighthouseMisses, benchmarkIndexRange, observedTable, overBlockingPaths, targetsText } = await import("./targets.mjs");
if ((await run("npx", ["remix", "vite:build"])) !== 0) process.exit(1);
mkdirSync("bench/results", { recursive: true });

const backend = startService("backend", "npx", ["tsx", "supabase/embedded/cli.ts", "start", "--port", String(BACKEND_PORT), "--memory"]);
let wrangler;
let browser;
try {
  await waitForHttp(`http://127.0.0.1:${BACKEND_PORT}/`, 60_000);
  wrangler = startService("wrangler", "npx", await wranglerDevArgs(SITE_PORT, `http://127.0.0.1:${BACKEND_PORT}`));
  await waitForHttp(`${site}/`, 90_000);
  // --network-only: just the pass at network scale (below), beside the last full run's figures.
  if (!networkOnly && !only) {
    browser = await chromium.launch(chromiumLaunchOptions());

    const rows = [];
    for (const route of routes) {
      await renderMs(route); // warm up
      const weight = await weigh(browser, route);
      const jsBudget = route === "/" ? BUDGET.landingJs : BUDGET.otherJs;
      rows.push({
        route,
        ...weight,
        renderMs: Math.round(await renderMs(route) * 10) / 10,
        withinBudget: weight.js <= jsBudget && weight.css <= BUDGET.css && weight.thirdParty.length === 0 && !weight.editorLoaded,
      });
    }
    const worker = await workerBundle();
    await browser.close();
    browser = null;
    const lighthouse = await measureLighthouse(site, args.includes("--all") ? routes : LIGHTHOUSE_ROUTES);
    const result = { measuredAt: new Date().toISOString(), budgets: BUDGET, worker, routes: rows, ...lighthouse };
    result.lighthouse_misses = lighthouseMisses(result);
    // A simulated low-end blocking time that misses is measured again with the CPU really slowed (decision 050).
    const overBlocking = overBlockingPaths(result.lighthouse_misses);
    if (overBlocking.length) {
      const { loadavg, lighthouse_observed } = await measureLighthouse(site, overBlocking, {
        variants: [["lighthouse_observed", []]],
        profiles: { lowend: PROFILES.lowend },
        throttlingMethod: "devtools",
      });
      Object.assign(result, { lighthouse_observed, lighthouse_observed_loadavg: loadavg });
    }
    writeFileSync(LATEST, JSON.stringify(result, null, 2));

    const k = (bytes) => (bytes / KB).toFixed(1);
    console.log("\n| route | HTML KB | JS KB | CSS KB | requests | render ms (median) | editor code | budget |");
    console.log("|---|---:|---:|---:|---:|---:|---|---|");
    for (const row of rows) {
      console.log(
        `| ${row.route} | ${k(row.html)} | ${k(row.js)} | ${k(row.css)} | ${row.requests} | ${row.renderMs} | ${row.editorLoaded ? "LOADED" : "none"} | ${row.withinBudget ? "ok" : "OVER"}${row.thirdParty.length ? ` (third party: ${row.thirdParty.join(", ")})` : ""} |`,
      );
    }
    console.log(`\nBytes are brotli (quality 11).`);
    console.log(`\nLighthouse 13, medians of 3 (load average ${load(lighthouse.loadavg.before)} before, ${load(lighthouse.loadavg.after)} after; benchmark index ${benchmarkIndexRange(lighthouse.lighthouse, lighthouse.lighthouse_noscript)}):\n`);
    console.log(lighthouseTable(lighthouse));
    console.log(`\nTargets (bench/targets.mjs):\n${targetsText(lighthouse)}`);
    if (result.lighthouse_observed) {
      const { before, after } = result.lighthouse_observed_loadavg;
      console.log(`\nThe low-end blocking time that misses, measured again with the CPU really slowed ${PROFILES.lowend.cpuSlowdownMultiplier}× (DevTools throttling, medians of 3; load average ${load(before)} before, ${load(after)} after; benchmark index ${benchmarkIndexRange(result.lighthouse_observed)}):\n`);
      console.log(observedTable(result));
    }
    if (compareWith) console.log(`\nCompared with ${compareWith}:\n${compareLighthouse(JSON.parse(readFileSync(compareWith, "utf8")), result)}`);
    if (worker.error) console.log(`Worker bundle: ${worker.error}`);
    else {
      console.log(`Worker bundle (production): ${worker.totalKiB} KiB upload, ${worker.gzipKiB} KiB gzip (budget ${BUDGET.workerUpload / KB} / ${BUDGET.workerGzip / KB} KiB). Largest modules, minified:`);
      for (const { module, KiB } of worker.largest) console.log(`  ${String(KiB).padStart(7)} KiB  ${module}`);
    }
  }
  // On the seed's data (before the network-scale pass adds its own).
  const wants = (part) => !networkOnly && (!only || only.includes(part));
  const parts = {};
  if (wants("member")) {
    const cookie = await memberCookie(site, `http://127.0.0.1:${BACKEND_PORT}`);
    const { loadavg, lighthouse_member } = await measureLighthouse(site, MEMBER_ROUTES, { variants: [["lighthouse_member", []]], cookie });
    Object.assign(parts, { lighthouse_member, lighthouse_member_loadavg: loadavg, lighthouse_member_misses: lighthouseMisses({ lighthouse_member }) });
    parts.editor_start = await measureEditorStart(site, EDITOR_ROUTES, cookie);
  }
  if (wants("cpu")) parts.server_cpu = await measureServerCpu({ site, wrangler, routes });
  if (wants("cache")) parts.edge_cache = await measureEdgeCache({ backendUrl: `http://127.0.0.1:${BACKEND_PORT}` });
  if (Object.keys(parts).length) {
    addToLatest(parts);
    if (parts.lighthouse_member) {
      console.log(`\nLighthouse, a signed-in member's pages (load average ${load(parts.lighthouse_member_loadavg.before)} before, ${load(parts.lighthouse_member_loadavg.after)} after; benchmark index ${benchmarkIndexRange(parts.lighthouse_member)}):\n`);
      console.log(lighthouseTable({ lighthouse: parts.lighthouse_member }));
      console.log(`\nTargets (bench/targets.mjs):\n${targetsText({ lighthouse_member: parts.lighthouse_member })}`);
    }
    if (parts.editor_start) console.log(`\nThe editor's start on a member's pages (real CPU throttling, medians of 3):\n\n${editorStartTable(parts.editor_start)}`);
    if (parts.server_cpu) console.log(`\n${serverCpuTable(parts.server_cpu)}`);
    if (parts.edge_cache) console.log(`\n${edgeCacheTable(parts.edge_cache)}`);
  }

  if (!only) {
    const networkScale = await measureNetworkScale({ site, backendUrl: `http://127.0.0.1:${BACKEND_PORT}` });
    addToLatest({ network_scale: networkScale });
    console.log(`\n${networkScaleTable(networkScale)}`);
  }
} finally {
  await browser?.close();
  await stopService(wrangler);
  await stopService(backend);
}
