// The Lighthouse targets of the performance budgets (issue 14; README, Measurements), checked against a bench result
// (bench/results/latest.json's shape). Like the byte budgets' "ok / OVER" column: the bench prints
// what misses, it does not fail. A page marked noindex (Lighthouse's is-crawlable audit) is exempt
// from the SEO target.

import { median } from "./median.mjs";

/** A target of at most `limit`, which the bench also reads as a number (`blockingLimit`). */
const atMost = (limit) => ({ target: `≤ ${limit}`, ok: (v) => v <= limit, limit });

/** Each target: the result key and profile it applies to, the figure, and the test it must pass. */
const LIGHTHOUSE_TARGETS = [
  { key: "lighthouse", profile: "mobile", figure: "performance", target: "≥ 98", ok: (v) => v >= 98 },
  { key: "lighthouse", profile: "lowend", figure: "performance", target: "≥ 95", ok: (v) => v >= 95 },
  { key: "lighthouse", profile: "lowend", figure: "tbt_ms", ...atMost(150) },
  { key: "lighthouse", profile: "lowend", figure: "tti_ms", ...atMost(2500) },
  ...["mobile", "lowend"].flatMap((profile) => [
    { key: "lighthouse", profile, figure: "accessibility", target: "100", ok: (v) => v === 100 },
    { key: "lighthouse", profile, figure: "best_practices", target: "100", ok: (v) => v === 100 },
    { key: "lighthouse", profile, figure: "seo", target: "100", ok: (v, row) => v === 100 || row.indexable === 0 },
  ]),
  // Signed-in pages: only their blocking time has a target of its own.
  { key: "lighthouse_member", profile: "lowend", figure: "tbt_ms", ...atMost(300) },
];

/** Low-end performance may sit at most this many points under the same page with its scripts blocked. */
const POINTS_UNDER_NO_SCRIPT = 5;

/** Every figure of `result` that misses its target: { key, profile, path, figure, value, target, runs? }. */
export function lighthouseMisses(result) {
  const misses = [];
  for (const { key, profile, figure, target, ok } of LIGHTHOUSE_TARGETS) {
    for (const [path, row] of Object.entries(result[key]?.[profile] ?? {})) {
      const value = row[figure];
      if (value === undefined || ok(value, row)) continue;
      misses.push({ key, profile, path, figure, value, target, ...(figure === "tbt_ms" && row.tbt_runs_ms ? { runs: row.tbt_runs_ms } : {}) });
    }
  }
  for (const [path, row] of Object.entries(result.lighthouse?.lowend ?? {})) {
    const limit = result.lighthouse_noscript?.lowend?.[path]?.performance;
    if (limit === undefined || limit - row.performance <= POINTS_UNDER_NO_SCRIPT) continue;
    misses.push({ key: "lighthouse", profile: "lowend", path, figure: "performance", value: row.performance, target: `within ${POINTS_UNDER_NO_SCRIPT} points of ${limit} (scripts blocked)` });
  }
  return misses;
}

/** One line per miss (or one saying every target is met), then the pages exempt from the SEO target. */
export function targetsText(result) {
  const misses = lighthouseMisses(result);
  const lines = misses.length
    ? misses.map(({ key, profile, path, figure, value, target, runs }) => `MISS ${key} ${profile} ${path}: ${figure} ${value}, target ${target}${runs ? ` (runs: ${runs.join(", ")})` : ""}`)
    : ["Every Lighthouse target met."];
  const noindex = new Set(
    Object.values(result)
      .flatMap((profiles) => Object.values(profiles ?? {}))
      .flatMap((paths) => Object.entries(paths ?? {}))
      .filter(([, row]) => row?.indexable === 0)
      .map(([path]) => path),
  );
  if (noindex.size) lines.push(`Exempt from the SEO target (noindex): ${[...noindex].join(", ")}.`);
  return lines.join("\n");
}

/** Of `misses` (lighthouseMisses), the routes whose simulated low-end blocking time misses: the bench measures them again for real. */
export function overBlockingPaths(misses) {
  return misses
    .filter(({ key, profile, figure }) => key === "lighthouse" && profile === "lowend" && figure === "tbt_ms")
    .map(({ path }) => path);
}

/**
 * Markdown rows: each route's simulated low-end blocking time beside the same measured with the CPU
 * really slowed 12× (`lighthouse_observed`).
 */
export function observedTable({ lighthouse: simulated, lighthouse_observed: observed }) {
  const lines = [
    "| route | TBT ms, simulated (runs) | TBT ms, observed (runs) | LCP ms, observed | TTI ms, observed |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const [path, row] of Object.entries(observed.lowend)) {
    const estimate = simulated.lowend[path];
    lines.push(
      `| ${path} | ${estimate.tbt_ms} (${estimate.tbt_runs_ms.join(", ")}) | ${row.tbt_ms} (${row.tbt_runs_ms.join(", ")}) | ${row.lcp_ms} | ${row.tti_ms} |`,
    );
  }
  return lines.join("\n");
}

/** The blocking-time target of runs measured under `key` and `profile`, if they have one. */
export function blockingLimit(key, profile) {
  return LIGHTHOUSE_TARGETS.find((t) => t.key === key && t.profile === profile && t.figure === "tbt_ms")?.limit;
}

/** How far above its siblings' median (twice it, and this much more) a run's figure stands out. */
const OUTLIER_MARGIN = { mainthread_ms: 1000, tbt_ms: 300 };

/**
 * The indexes of the runs (each a figures object of bench/lighthouse.mjs) worth a closer look: a
 * blocking time over twice its target (`tbtLimit`), or main-thread work or blocking time far above
 * the other runs'. /voting's low-end runs of 3.1 and 3.5 s of blocking time (9.7 s of main thread)
 * were such runs, and their cause could not be found afterwards without their traces.
 */
export function outlierRuns(runs, tbtLimit) {
  const outliers = new Set();
  runs.forEach((run, index) => {
    if (tbtLimit !== undefined && run.tbt_ms > 2 * tbtLimit) outliers.add(index);
  });
  for (const [figure, margin] of Object.entries(OUTLIER_MARGIN)) {
    const values = runs.map((run) => run[figure]);
    const typical = median(values);
    values.forEach((value, index) => {
      if (value > 2 * typical && value - typical >= margin) outliers.add(index);
    });
  }
  return [...outliers].sort((a, b) => a - b);
}

/**
 * The lowest and highest of the routes' median benchmark indexes in Lighthouse results (each
 * profile → path → figures), to print beside the load average.
 */
export function benchmarkIndexRange(...results) {
  const values = results
    .flatMap((byProfile) => Object.values(byProfile ?? {}).flatMap((byPath) => Object.values(byPath)))
    .map((row) => row.benchmark_index)
    .filter((value) => typeof value === "number");
  return values.length ? `${Math.min(...values)}–${Math.max(...values)}` : "not reported";
}
