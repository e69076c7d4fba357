// Lighthouse for `npm run bench` (never npm test): each route in two profiles, the mobile preset
// (Lighthouse's default: a mid-range phone, CPU slowed 4×, slow 4G) and a low-end phone (the same
// with the CPU slowed 12×), each the median of RUNS runs; and each again with its scripts blocked,
// the limit the page could reach (reported as a ratio). The system Chromium, headless. Also a
// signed-in member's pages (the proposal dialog, the editor and /account), with a new member's session.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { median } from "./median.mjs";
import { blockingLimit, outlierRuns } from "./targets.mjs";

export const PROFILES = {
  mobile: { ...throttling.mobileSlow4G },
  lowend: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: 12 },
};
const RUNS = 3;
/** Runs more than RUNS a route may take when Lighthouse leaves some unfinished (`unfinished` below). */
const RETRIES = 2;
/** Where the trace of a run far off its siblings is kept (bench/targets.mjs `outlierRuns`). */
const TRACES = "bench/results/traces";
/** Each route as it is, and with its scripts blocked: the limit. */
const ANONYMOUS = [["lighthouse", []], ["lighthouse_noscript", ["*.js"]]];
/**
 * A signed-in member's pages: the proposal dialog on /voting, the editor on /voting/new (each an
 * island that loads React and Tiptap when the member is about to write, decision 044: bench/editor.mjs
 * measures that moment), and /account, forms only (decision 040).
 */
export const MEMBER_ROUTES = ["/voting", "/voting/new", "/account"];
/** The member's pages where the editor starts. */
export const EDITOR_ROUTES = ["/voting", "/voting/new"];

/** Each kept score (stable keys: bench/results/latest.json) and its Lighthouse category. */
const CATEGORIES = { performance: "performance", accessibility: "accessibility", best_practices: "best-practices", seo: "seo" };
/** Each kept measure and its Lighthouse audit. */
const METRICS = {
  lcp_ms: "largest-contentful-paint",
  tbt_ms: "total-blocking-time",
  cls: "cumulative-layout-shift",
  tti_ms: "interactive",
  mainthread_ms: "mainthread-work-breakdown",
};

/**
 * Why Lighthouse left a run without one of the kept figures (a runtime error, an audit that could
 * not compute its value), or null for a finished run. An unfinished run would count as a score of 0
 * and shorten a median to two runs, so it is run again instead.
 */
function unfinished(lhr) {
  if (lhr.runtimeError) return lhr.runtimeError.code;
  const category = Object.values(CATEGORIES).find((id) => typeof lhr.categories[id]?.score !== "number");
  if (category) return `no ${category} score`;
  const audit = Object.values(METRICS).find((id) => typeof lhr.audits[id]?.numericValue !== "number");
  return audit ? `${audit}: ${lhr.audits[audit]?.errorMessage ?? "no value"}` : null;
}

/** The figures the bench keeps of one finished Lighthouse report. */
function figures(lhr) {
  return {
    ...Object.fromEntries(Object.entries(CATEGORIES).map(([key, id]) => [key, Math.round(lhr.categories[id].score * 100)])),
    ...Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id].numericValue])),
    // 0 for a page marked noindex: exempt from the SEO target (bench/targets.mjs).
    indexable: lhr.audits["is-crawlable"]?.score === 0 ? 0 : 1,
    // Lighthouse's own measure of the host's CPU at the time of the run ("CPU/Memory Power"), which
    // its documentation uses to choose a CPU slowdown: the simulated figures scale with it.
    benchmark_index: lhr.environment.benchmarkIndex,
  };
}

/**
 * The median of each figure over several reports, and the blocking time of each run: it varies
 * the most from run to run, and a median near its target is read with the runs beside it.
 */
function medianOf(reports) {
  const keys = Object.keys(reports[0]);
  return {
    ...Object.fromEntries(
      keys.map((key) => {
        const value = median(reports.map((report) => report[key]));
        return [key, key === "cls" ? Math.round(value * 1000) / 1000 : Math.round(value)];
      }),
    ),
    tbt_runs_ms: reports.map((report) => Math.round(report.tbt_ms)),
  };
}

/**
 * The Cookie header of a new approved member (bench/fixtures/member.ts on the backend at `backendUrl`)
 * signed in through the site's own /login, as a browser without JavaScript posts it.
 */
export async function memberCookie(site, backendUrl) {
  const { stdout } = await promisify(execFile)("npx", ["tsx", "bench/fixtures/member.ts", "--url", backendUrl]);
  const { email, password } = JSON.parse(stdout.trim().split("\n").at(-1));
  const response = await fetch(`${site}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status < 300 || response.status >= 400 || !cookies.length) throw new Error(`signing in to the bench's site answered ${response.status}`);
  return cookies.join("; ");
}

/**
 * { lighthouse: { mobile: { "/": figures, … }, lowend: {…} }, lighthouse_noscript: {…}, loadavg }
 * for `paths` on `site`; `variants` the result keys and the URL patterns each blocks, `cookie` a
 * session to send with every request, `profiles` a subset of PROFILES, and `throttlingMethod`
 * "devtools" to slow the CPU and network for real instead of simulating them (decision 050).
 */
export async function measureLighthouse(
  site,
  paths,
  { variants = ANONYMOUS, cookie, log = console.log, profiles = PROFILES, throttlingMethod = "simulate" } = {},
) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const result = { ...Object.fromEntries(variants.map(([key]) => [key, {}])), loadavg: { before: os.loadavg() } };
  try {
    for (const [profile, profileThrottling] of Object.entries(profiles)) {
      for (const [key, blockedUrlPatterns] of variants) {
        result[key][profile] ??= {};
        for (const path of paths) {
          const reports = [];
          const traces = [];
          for (let attempt = 1; reports.length < RUNS && attempt <= RUNS + RETRIES; attempt += 1) {
            const { lhr, artifacts } = await lighthouse(
              site + path,
              { port: chrome.port, output: "json", logLevel: "error", blockedUrlPatterns, ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) },
              { extends: "lighthouse:default", settings: { throttlingMethod, throttling: profileThrottling, onlyCategories: Object.values(CATEGORIES) } },
            );
            const problem = unfinished(lhr);
            if (problem) {
              // Not numbered: the kept traces' names (run1…) count the finished runs only.
              log(`${key} ${profile} ${path}: a run left unfinished (${problem}), not counted`);
              continue;
            }
            reports.push(figures(lhr));
            traces.push(artifacts.Trace);
          }
          if (!reports.length) throw new Error(`Lighthouse finished no run of ${path} (${key} ${profile})`);
          result[key][profile][path] = medianOf(reports);
          const outliers = outlierRuns(reports, blockingLimit(key, profile)).map((run) => keepTrace(traces[run], `${key}-${profile}-${path}-run${run + 1}`));
          if (outliers.length) result[key][profile][path].outlier_traces = outliers;
          log(`${key} ${profile}${blockedUrlPatterns.length ? " (scripts blocked)" : ""} ${path}: ${JSON.stringify(result[key][profile][path])}`);
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  result.loadavg.after = os.loadavg();
  return result;
}

/**
 * Writes a run's trace, gzipped, under bench/results/traces and returns the file's path (gunzipped,
 * it opens in DevTools' Performance panel).
 */
function keepTrace(trace, name) {
  mkdirSync(TRACES, { recursive: true });
  const file = `${TRACES}/${name.replace(/[^a-z0-9-]+/gi, "_")}.json.gz`;
  writeFileSync(file, gzipSync(JSON.stringify(trace)));
  return file;
}

/** Markdown rows: each route and profile beside its scripts-blocked limit. */
export function lighthouseTable({ lighthouse: withScripts, lighthouse_noscript: noScript = {} }) {
  const lines = [
    "| route | profile | perf. | (no JS) | a11y | best pr. | SEO | LCP ms | TBT ms | (no JS) | CLS | TTI ms | main thread ms | perf. ratio to no JS |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const profile of Object.keys(withScripts)) {
    for (const [path, row] of Object.entries(withScripts[profile])) {
      const limit = noScript[profile]?.[path];
      const ratio = limit?.performance ? (row.performance / limit.performance).toFixed(2) : "–";
      lines.push(
        `| ${path} | ${profile} | ${row.performance} | ${limit?.performance ?? "–"} | ${row.accessibility} | ${row.best_practices} | ${row.seo} | ${row.lcp_ms} | ${row.tbt_ms} | ${limit?.tbt_ms ?? "–"} | ${row.cls} | ${row.tti_ms} | ${row.mainthread_ms} | ${ratio} |`,
      );
    }
  }
  return lines.join("\n");
}

/** A figure of the host, not of the page: it changes from run to run and is not listed as a change. */
const HOST_FIGURES = new Set(["benchmark_index"]);

/** The change of every Lighthouse figure from an earlier latest.json. */
export function compareLighthouse(before, after) {
  const lines = [];
  for (const key of ["lighthouse", "lighthouse_noscript", "lighthouse_observed", "lighthouse_member"]) {
    for (const [profile, paths] of Object.entries(after[key] ?? {})) {
      for (const [path, row] of Object.entries(paths)) {
        const old = before[key]?.[profile]?.[path];
        if (!old) continue;
        const changes = Object.entries(row)
          .filter(([figure, value]) => typeof value === "number" && !HOST_FIGURES.has(figure) && old[figure] !== undefined && old[figure] !== value)
          .map(([figure, value]) => `${figure} ${old[figure]} → ${value}`);
        if (changes.length) lines.push(`${key} ${profile} ${path}: ${changes.join(", ")}`);
      }
    }
  }
  return lines.length ? lines.join("\n") : "No Lighthouse figure changed.";
}
