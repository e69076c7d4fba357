// Server render CPU (issue 14, item 6). `wrangler dev` does not report a Worker's CPU time, so this reads
// the workerd process's own CPU time (user + system, /proc/<pid>/stat) before and after REQUESTS
// sequential renders of a route and divides: CPU ms per request. A trend figure, not the production
// one: workerd also runs wrangler's proxy, the asset server and the cache beside the Worker, and dev
// mode adds its own overhead (the inspector, local simulators); the Worker itself is bundled as for a
// deployment (scripts/ports.mjs: React's production build). Set beside the free plan's 10 ms of CPU
// per request. Linux only (/proc).
// bench/pages.mjs runs it (results under `server_cpu`); bench/cache.mjs uses `workerdOf` and `cpuPerRequest`.
import { readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

const FREE_PLAN_CPU_MS = 10;
const REQUESTS = 200;

/**
 * No compression: wrangler dev gzips a response for a client that accepts it, as Cloudflare's edge does
 * outside the Worker (not counted as its CPU time); here it would count.
 */
export const IDENTITY = { headers: { "Accept-Encoding": "identity" } };

/**
 * And a cookie the site ignores: the edge cache (app/lib/edge-cache.server.ts) neither answers nor
 * stores a request with a cookie other than `lng`, so every request below is a full render.
 */
export const RENDER = { headers: { ...IDENTITY.headers, Cookie: "bench=render" } };

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux almost everywhere). */
const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** CPU time (user + system) a process has used so far, in ms. */
function cpuMs(pid) {
  const fields = statOf(pid);
  // After the name: state(0) ppid(1) pgrp(2) … utime(11) stime(12), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/**
 * The workerd processes of a service that scripts/processes.mjs started (its own process group: the
 * group's id is the child's pid). wrangler dev runs one.
 */
export function workerdOf(service) {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const name = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      if (name === "workerd" && Number(statOf(entry)[2]) === service.pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  if (found.length === 0) throw new Error(`no workerd process in the process group ${service.pid}`);
  return found;
}

const total = (pids) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** CPU ms per request of `count` sequential GETs of `url` (after a warm-up), by the workerd processes `pids`. */
export async function cpuPerRequest(pids, url, { count = REQUESTS, init = RENDER, warmUp = 5 } = {}) {
  for (let i = 0; i < warmUp; i += 1) await (await fetch(url, init)).arrayBuffer();
  const before = total(pids);
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`${url} answered ${response.status}`);
  }
  return Math.round(((total(pids) - before) / count) * 100) / 100;
}

/** A static file: what any request costs workerd under wrangler dev before the Worker does anything (the floor). */
const FLOOR = "/favicon.svg";

/**
 * `server_cpu` of bench/results/latest.json: route → CPU ms per request, every request a render; first
 * FLOOR, the same figure for a static file.
 */
export async function measureServerCpu({ site, wrangler, routes, count = REQUESTS }) {
  const pids = workerdOf(wrangler);
  const perRoute = { [FLOOR]: await cpuPerRequest(pids, site + FLOOR, { count, init: IDENTITY }) };
  for (const route of routes) perRoute[route] = await cpuPerRequest(pids, site + route, { count });
  return perRoute;
}

export function serverCpuTable(perRoute) {
  const lines = [
    `Server CPU per request (workerd's CPU time under wrangler dev over ${REQUESTS} renders each: a trend figure, dev mode adds overhead; the free plan allows ${FREE_PLAN_CPU_MS} ms):`,
    "",
    "| route | CPU ms / request | vs 10 ms |",
    "|---|---:|---|",
  ];
  for (const [route, ms] of Object.entries(perRoute)) {
    lines.push(`| ${route}${route === FLOOR ? " (a static file: dev mode's floor)" : ""} | ${ms} | ${ms <= FREE_PLAN_CPU_MS ? "within" : "over"} |`);
  }
  return lines.join("\n");
}
