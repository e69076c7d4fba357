// The edge cache (issue 14, item 5; app/lib/edge-cache.server.ts) as a visitor far from the backend sees
// it. A Worker of its own under wrangler dev (which implements the Cache API) reads the backend through a
// proxy here that holds every backend request for BACKEND_DELAY_MS, as a Supabase project on another
// continent would. In one run: the time to first byte of the landing page cold (rendered: each request a
// URL never asked before) and cached (X-Cache: HIT), next to a static asset's (the stylesheet), medians
// of SAMPLES; then the throughput of the cached page and of the asset (autocannon, 10 connections, 10 s,
// ROUNDS alternating rounds, the best of each) and their ratio (the aim: >= 0.8), and the CPU per request of each (bench/cpu.mjs). Every request
// without Accept-Encoding (autocannon's default): wrangler dev would otherwise gzip each answer in the
// Worker's process, which Cloudflare's edge does outside it. bench/pages.mjs runs it (results under
// `edge_cache` in bench/results/latest.json).
import http from "node:http";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { startService, stopService, waitForHttp } from "../scripts/processes.mjs";
import { wranglerDevArgs } from "../scripts/ports.mjs";
import { IDENTITY, RENDER, cpuPerRequest, workerdOf } from "./cpu.mjs";
import { medianToTenth } from "./median.mjs";

const BACKEND_DELAY_MS = 150;
const SITE_PORT = 8790;
const SAMPLES = 20;
const LOAD = { connections: 10, duration: 10 };
/** Rounds of the two loads, alternating, each figure the best of its rounds: a passing burst of other work on the machine touches both alike. */
const ROUNDS = 2;
const PAGE = "/";

/** A proxy to `backendUrl` that answers every request BACKEND_DELAY_MS late; resolves to its URL and a close function. */
function farBackend(backendUrl) {
  const target = new URL(backendUrl);
  const server = http.createServer((request, response) => {
    setTimeout(() => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, host: target.host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => {
        response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    }, BACKEND_DELAY_MS);
  });
  const close = () => {
    server.closeAllConnections();
    return new Promise((done) => server.close(done));
  };
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close })));
}

/** Time to first byte (the response's status line and headers) of one GET on a new connection, and its X-Cache. */
function firstByte(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { headers, agent: false }, (response) => {
      const ms = performance.now() - start;
      response.resume();
      response.on("end", () => resolve({ ms, status: response.statusCode, cache: response.headers["x-cache"] ?? null }));
    });
    request.on("error", reject);
  });
}

/** SAMPLES times `url` (or each of `urls`), one after another: the median time to first byte and how each was answered. */
async function sampled(urls) {
  const answers = [];
  for (const url of urls) answers.push(await firstByte(url));
  const bad = answers.filter((answer) => answer.status !== 200);
  if (bad.length) throw new Error(`${bad.length} answers other than 200 (${bad[0].status})`);
  const counts = {};
  for (const { cache } of answers) counts[cache ?? "none"] = (counts[cache ?? "none"] ?? 0) + 1;
  return { ms: medianToTenth(answers.map((answer) => answer.ms)), xCache: counts };
}

/** Requests per second (mean) of autocannon on `url`, and its non-2xx answers. */
async function throughput(url) {
  const result = await autocannon({ url, ...LOAD });
  return { rps: Math.round(result.requests.average), mbps: Math.round(result.throughput.average / 1e5) / 10, non2xx: result.non2xx, errors: result.errors };
}

/** GETs `url` until it answers from the edge cache (a few tries: the first stores it). */
async function cached(url) {
  for (let i = 0; i < 5; i += 1) if ((await firstByte(url)).cache === "HIT") return true;
  return false;
}

/** `edge_cache` of bench/results/latest.json. Starts (and stops) its own proxy and wrangler dev in front of `backendUrl`. */
export async function measureEdgeCache({ backendUrl, sitePort = SITE_PORT }) {
  const proxy = await farBackend(backendUrl);
  const site = `http://127.0.0.1:${sitePort}`;
  let wrangler;
  try {
    wrangler = startService("wrangler (edge cache)", "npx", await wranglerDevArgs(sitePort, proxy.url));
    await waitForHttp(`${site}/`, 90_000);
    const html = await (await fetch(site + PAGE, RENDER)).text();
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    if (!stylesheet) throw new Error("no stylesheet on the landing page");
    const asset = site + stylesheet;
    const before = loadavg();

    // Cold: every request a URL the cache has never seen (a query parameter the page ignores).
    const run = Date.now().toString(36);
    const cold = await sampled(Array.from({ length: SAMPLES }, (_, i) => `${site}${PAGE}?cold=${run}-${i}`));
    const hit = await cached(site + PAGE);
    const warm = await sampled(Array.from({ length: SAMPLES }, () => site + PAGE));
    const still = await sampled(Array.from({ length: SAMPLES }, () => asset));

    const loads = { static: [], cached: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      loads.static.push(await throughput(asset));
      await cached(site + PAGE); // stored less than a minute before its run: every answer a HIT
      loads.cached.push(await throughput(site + PAGE));
    }
    const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const sum = (runs, key) => runs.reduce((total, run) => total + run[key], 0);
    const [staticLoad, cachedLoad] = [best(loads.static), best(loads.cached)];
    const afterLoad = await firstByte(site + PAGE);

    const pids = workerdOf(wrangler);
    const cpu = {
      cached: await cpuPerRequest(pids, site + PAGE, { init: IDENTITY }),
      static: await cpuPerRequest(pids, asset, { init: IDENTITY }),
      rendered: await cpuPerRequest(pids, site + PAGE),
    };
    return {
      backend_delay_ms: BACKEND_DELAY_MS,
      page: PAGE,
      static_asset: stylesheet,
      ttfb_ms: { cold: cold.ms, cached: warm.ms, static: still.ms },
      x_cache: { cold: cold.xCache, cached: warm.xCache, after_load: afterLoad.cache },
      stored: hit,
      throughput_rps: { cached: cachedLoad.rps, static: staticLoad.rps },
      throughput_rounds_rps: { cached: loads.cached.map((run) => run.rps), static: loads.static.map((run) => run.rps) },
      // The landing page is about twice the stylesheet's size: in bytes the cached page goes faster.
      throughput_mb_s: { cached: cachedLoad.mbps, static: staticLoad.mbps },
      throughput_ratio: Math.round((cachedLoad.rps / staticLoad.rps) * 100) / 100,
      load: {
        ...LOAD,
        rounds: ROUNDS,
        non2xx: { cached: sum(loads.cached, "non2xx"), static: sum(loads.static, "non2xx") },
        errors: { cached: sum(loads.cached, "errors"), static: sum(loads.static, "errors") },
      },
      cpu_ms_per_request: cpu,
      loadavg: { before, after: loadavg() },
    };
  } finally {
    await stopService(wrangler);
    await proxy.close();
  }
}

export function edgeCacheTable(result) {
  const { ttfb_ms: ttfb, throughput_rps: rps, cpu_ms_per_request: cpu } = result;
  const hits = (counts) => Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(", ");
  return [
    `Edge cache, the backend ${result.backend_delay_ms} ms away (wrangler dev; medians of ${SAMPLES}; autocannon ${LOAD.connections} connections, ${LOAD.duration} s, best of ${ROUNDS} alternating rounds):`,
    "",
    "| | time to first byte ms | requests/s | MB/s | CPU ms / request | X-Cache |",
    "|---|---:|---:|---:|---:|---|",
    `| landing page, cold | ${ttfb.cold} | | | ${cpu.rendered} | ${hits(result.x_cache.cold)} |`,
    `| landing page, cached | ${ttfb.cached} | ${rps.cached} | ${result.throughput_mb_s.cached} | ${cpu.cached} | ${hits(result.x_cache.cached)} |`,
    `| static asset (${result.static_asset}) | ${ttfb.static} | ${rps.static} | ${result.throughput_mb_s.static} | ${cpu.static} | |`,
    "",
    `Cached page / static asset throughput: ${result.throughput_ratio} (aim: >= 0.8). Load average ${result.loadavg.before.map((v) => v.toFixed(2)).join(" ")} before, ${result.loadavg.after.map((v) => v.toFixed(2)).join(" ")} after.`,
  ].join("\n");
}
