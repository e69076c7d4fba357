import { describe, expect, it } from "vitest";
import { benchmarkIndexRange, blockingLimit, lighthouseMisses, observedTable, outlierRuns, overBlockingPaths, targetsText } from "../../bench/targets.mjs";

/** A row of Lighthouse figures (bench/lighthouse.mjs) that meets every target. */
const row = (figures: Record<string, unknown> = {}) => ({
  performance: 100,
  accessibility: 100,
  best_practices: 100,
  seo: 100,
  lcp_ms: 900,
  tbt_ms: 40,
  cls: 0,
  tti_ms: 1200,
  mainthread_ms: 1500,
  indexable: 1,
  tbt_runs_ms: [30, 40, 60],
  ...figures,
});

describe("the bench's Lighthouse targets (design.md)", () => {
  it("finds nothing to report when every figure is within its target", () => {
    const result = {
      lighthouse: { mobile: { "/": row() }, lowend: { "/": row({ performance: 95, tbt_ms: 150, tti_ms: 2500 }) } },
      lighthouse_noscript: { lowend: { "/": row() } },
    };
    expect(lighthouseMisses(result)).toEqual([]);
    expect(targetsText(result)).toBe("Every Lighthouse target met.");
  });

  it("reports each figure that misses, with the blocking time of each run", () => {
    const result = {
      lighthouse: {
        mobile: { "/news": row({ performance: 97, best_practices: 96 }) },
        lowend: { "/news": row({ tbt_ms: 191, tbt_runs_ms: [120, 191, 260], tti_ms: 2600 }) },
      },
    };
    const misses = lighthouseMisses(result);
    expect(misses.map(({ profile, figure, value }) => `${profile} ${figure} ${value}`).sort()).toEqual(
      ["lowend tbt_ms 191", "lowend tti_ms 2600", "mobile best_practices 96", "mobile performance 97"],
    );
    expect(targetsText(result)).toContain("MISS lighthouse lowend /news: tbt_ms 191, target ≤ 150 (runs: 120, 191, 260)");
  });

  it("exempts a noindex page from the SEO target only", () => {
    const result = { lighthouse: { mobile: { "/login": row({ seo: 66, indexable: 0 }), "/about": row({ seo: 92 }) } } };
    expect(lighthouseMisses(result).map(({ path, figure }) => `${path} ${figure}`)).toEqual(["/about seo"]);
    expect(targetsText(result)).toContain("Exempt from the SEO target (noindex): /login.");
  });

  it("holds low-end performance within 5 points of the same page with its scripts blocked", () => {
    const result = {
      lighthouse: { lowend: { "/": row({ performance: 92 }), "/groups": row({ performance: 93 }) } },
      lighthouse_noscript: { lowend: { "/": row({ performance: 96 }), "/groups": row({ performance: 99 }) } },
    };
    expect(lighthouseMisses(result).map(({ path, target }) => `${path} ${target}`)).toEqual([
      "/ ≥ 95",
      "/groups ≥ 95",
      "/groups within 5 points of 99 (scripts blocked)",
    ]);
  });

  it("gives a signed-in member's pages their own blocking-time target of 300 ms", () => {
    const result = { lighthouse_member: { lowend: { "/voting": row({ tbt_ms: 300, performance: 80 }), "/account": row({ tbt_ms: 301 }) } } };
    expect(lighthouseMisses(result).map(({ path, figure, value }) => `${path} ${figure} ${value}`)).toEqual(["/account tbt_ms 301"]);
  });

  it("measures again, for real, only the routes whose simulated low-end blocking time misses", () => {
    const result = {
      lighthouse: {
        mobile: { "/news": row({ tbt_ms: 400 }) },
        lowend: { "/news": row({ tbt_ms: 201, tbt_runs_ms: [201, 167, 370] }), "/about": row({ tbt_ms: 150 }), "/groups": row({ tti_ms: 2600 }) },
      },
      lighthouse_member: { lowend: { "/voting": row({ tbt_ms: 400 }) } },
    };
    expect(overBlockingPaths(lighthouseMisses(result))).toEqual(["/news"]);
    const observed = { lowend: { "/news": row({ tbt_ms: 43, tbt_runs_ms: [43, 50, 28], lcp_ms: 2442, tti_ms: 3173 }) } };
    expect(observedTable({ ...result, lighthouse_observed: observed }).split("\n").at(-1)).toBe("| /news | 201 (201, 167, 370) | 43 (43, 50, 28) | 2442 | 3173 |");
  });
});

describe("the runs whose trace the bench keeps", () => {
  const run = (mainthread_ms: number, tbt_ms: number) => ({ mainthread_ms, tbt_ms });

  it("keeps none when the runs agree and none is far over its target", () => {
    expect(outlierRuns([run(1400, 120), run(1500, 90), run(1700, 160)], 150)).toEqual([]);
    expect(outlierRuns([run(9000, 3000), run(9500, 3100), run(9700, 2900)])).toEqual([]);
  });

  it("keeps every run with a blocking time over twice its target, even when they agree", () => {
    // /voting's low-end runs in the fifth bench run (target 300 ms).
    expect(outlierRuns([run(9713, 769), run(9000, 3136), run(9800, 3464)], blockingLimit("lighthouse_member", "lowend"))).toEqual([0, 1, 2]);
    expect(outlierRuns([run(1500, 590), run(1400, 223), run(1450, 296)], blockingLimit("lighthouse", "lowend"))).toEqual([0]);
  });

  it("keeps a run far above its siblings in main-thread work or blocking time", () => {
    expect(outlierRuns([run(1372, 40), run(9713, 60), run(4000, 90)])).toEqual([1]);
    expect(outlierRuns([run(1500, 180), run(1400, 223), run(1450, 1100)])).toEqual([2]);
  });

  it("needs both twice the median and a real margin: small figures doubling are noise", () => {
    expect(outlierRuns([run(300, 10), run(700, 40), run(310, 12)])).toEqual([]);
  });

  it("has no blocking-time limit for profiles without a blocking-time target", () => {
    expect(blockingLimit("lighthouse", "mobile")).toBeUndefined();
  });
});

describe("the host's benchmark index printed beside the load average", () => {
  it("gives the lowest and highest of the routes' medians over every result and profile", () => {
    const simulated = { mobile: { "/": row({ benchmark_index: 1157 }) }, lowend: { "/": row({ benchmark_index: 1107 }), "/news": row({ benchmark_index: 1190 }) } };
    const noScript = { lowend: { "/": row({ benchmark_index: 1023 }) } };
    expect(benchmarkIndexRange(simulated, noScript)).toBe("1023–1190");
  });

  it("says so when no run reported one (results from before it was kept, or none at all)", () => {
    expect(benchmarkIndexRange({ lowend: { "/": row() } }, undefined)).toBe("not reported");
  });
});
