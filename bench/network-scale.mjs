// The site at network scale (issue 14): the same pages with the seed, then with bench/fixtures/network.ts
// loaded on top of it (300 more groups, 200 more news articles, events and resources), in alternating
// rounds. Per route: the HTML's weight after brotli and the render time, both ways, and the ratio of the
// render times, against the budgets: landing page and /groups (each of its pages) <= 50 KB of brotli
// HTML, every route's render <= 1.5x the seed's. bench/pages.mjs runs it after its own pass (Lighthouse
// has run by then, on the seed) and records it under `network_scale` in bench/results/latest.json;
// `node bench/pages.mjs --network-only` runs only this.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { brotliCompressSync, constants } from "node:zlib";
// Every request rendered (never the edge cache's copy) and answered uncompressed (bench/cpu.mjs says why).
import { RENDER } from "./cpu.mjs";
import { medianToTenth } from "./median.mjs";

const KB = 1024;
const NETWORK_ROUTES = ["/", "/groups", "/groups?page=2", "/news", "/events", "/resources"];
const NETWORK_BUDGET = { landingHtml: 50 * KB, groupsHtml: 50 * KB, renderRatio: 1.5 };

/** The HTML budget of a route, or null where the issue sets none. */
function htmlBudget(route) {
  if (route === "/") return NETWORK_BUDGET.landingHtml;
  if (route === "/groups" || route.startsWith("/groups?")) return NETWORK_BUDGET.groupsHtml;
  return null;
}


const brotli = (buffer) => brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Rounds of seed and network pass, one after the other: a busy moment of the machine then weighs on both alike. */
const ROUNDS = 3;
/** Sequential renders of each route per pass: with ROUNDS, 15 for the median, as bench/pages.mjs times its routes. */
const RENDERS = 5;

/** One pass: each route's HTML (brotli bytes) and the times of RENDERS sequential renders (server render + backend reads, locally). */
async function measure(site) {
  const figures = {};
  for (const route of NETWORK_ROUTES) {
    const response = await fetch(site + route, RENDER); // also warms up
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
    const html = brotli(Buffer.from(await response.arrayBuffer()));
    const times = [];
    for (let i = 0; i < RENDERS; i += 1) {
      const start = performance.now();
      await (await fetch(site + route, RENDER)).arrayBuffer();
      times.push(performance.now() - start);
    }
    figures[route] = { html, times };
  }
  return figures;
}

/** Runs the fixture's loader (TypeScript, through tsx) against the backend, with `--remove` or not; resolves to what it printed. */
async function fixture(backendUrl, ...flags) {
  const { stdout } = await promisify(execFile)("npx", ["tsx", "bench/fixtures/network.ts", "--url", backendUrl, ...flags], { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

/**
 * ROUNDS times: the seed's figures, the fixture loaded into the backend at `backendUrl`, the same
 * figures again, the fixture removed (but after the last round, when it stays). Render times are the
 * medians over the rounds; the HTML's weight is the first round's (the same in each).
 */
export async function measureNetworkScale({ site, backendUrl }) {
  const passes = { seed: [], network: [] };
  let loaded;
  for (let round = 1; round <= ROUNDS; round += 1) {
    passes.seed.push(await measure(site));
    loaded = await fixture(backendUrl);
    const news = await (await fetch(`${site}/news`, RENDER)).text();
    if (!news.includes(loaded.newestNewsTitle)) throw new Error(`/news does not show the fixture's newest article ("${loaded.newestNewsTitle}")`);
    passes.network.push(await measure(site));
    if (round < ROUNDS) await fixture(backendUrl, "--remove");
  }
  const figures = (pass, route) => ({ html: pass[0][route].html, renderMs: medianToTenth(pass.flatMap((measured) => measured[route].times)) });

  const routes = NETWORK_ROUTES.map((route) => {
    const budget = htmlBudget(route);
    const seed = figures(passes.seed, route);
    const network = figures(passes.network, route);
    const renderRatio = Math.round((network.renderMs / seed.renderMs) * 100) / 100;
    return {
      route,
      seed,
      network,
      renderRatio,
      htmlBudget: budget,
      withinBudget: (budget === null || network.html <= budget) && renderRatio <= NETWORK_BUDGET.renderRatio,
    };
  });
  return {
    fixture: { groups: loaded.groups, mappedGroups: loaded.mappedGroups, news: loaded.news, events: loaded.events, resources: loaded.resources },
    rounds: ROUNDS,
    budgets: NETWORK_BUDGET,
    routes,
    withinBudget: routes.every((row) => row.withinBudget),
  };
}

/** The figures as a Markdown table, for the bench's output and the README. */
export function networkScaleTable(result) {
  const k = (bytes) => (bytes / KB).toFixed(1);
  const { groups, news, events, resources } = result.fixture;
  return [
    `At network scale: the seed plus ${groups} groups, ${news} news articles, ${events} events and ${resources} resources (bench/fixtures/network.ts).`,
    `HTML after brotli (quality 11); render: median of ${ROUNDS * RENDERS} GETs, ${RENDERS} in a row in each of ${ROUNDS} rounds of seed then network.\n`,
    "| route | HTML KB, seed | HTML KB, network | HTML budget | render ms, seed | render ms, network | ratio (≤ 1.5) | budget |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
    ...result.routes.map(
      (row) =>
        `| ${row.route} | ${k(row.seed.html)} | ${k(row.network.html)} | ${row.htmlBudget === null ? "–" : k(row.htmlBudget)} | ${row.seed.renderMs} | ${row.network.renderMs} | ${row.renderRatio} | ${row.withinBudget ? "ok" : "OVER"} |`,
    ),
  ].join("\n");
}
