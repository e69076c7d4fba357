// What the rich-text editor costs when it starts (decision 044): on a member's pages it is an island
// that loads on the first focus in the form, so Lighthouse's page load no longer sees it. This measures
// that moment instead (on /voting, opening the proposal dialog; on /voting/new, a focus on the title), in Chromium with the CPU really slowed (CDP's throttling, not a simulation):
// from the focus to the editor's toolbar, the main thread's long tasks in between (blocking time: each
// task's part over 50 ms), and the JavaScript it fetched (brotli). Medians of RUNS runs per profile.
import { brotliCompressSync } from "node:zlib";
import { chromiumLaunchOptions } from "../tests/e2e/chromium.mjs";
import { medianToTenth } from "./median.mjs";

const RUNS = 3;
const PROFILES = { mobile: 4, lowend: 12 };


/** One start of the editor on `path` with the CPU slowed `rate` times. */
async function startOnce(browser, site, path, cookie, rate) {
  const context = await browser.newContext({ extraHTTPHeaders: { Cookie: cookie } });
  const page = await context.newPage();
  try {
    await page.goto(site + path, { waitUntil: "networkidle" });
    const scripts = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await page.evaluate(() => {
      const tasks = [];
      new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: "longtask" });
      Object.assign(window, { __benchTasks: tasks, __benchStart: performance.now() });
    });
    // /voting: opening the dialog moves the focus into its form; /voting/new: the member focuses the title.
    const opener = page.locator("a[data-opens-dialog]");
    if (await opener.count()) await opener.first().click();
    else await page.locator("form input[name=title]").first().focus();
    await page.locator("[role=toolbar]").first().waitFor({ state: "visible", timeout: 60_000 });
    // The observer reports a task once it has ended: one more frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const { ready, tasks } = await page.evaluate(() => ({
      ready: performance.now() - window.__benchStart,
      tasks: window.__benchTasks,
    }));
    let js = 0;
    for (const response of scripts) js += brotliCompressSync(await response.body()).length;
    return {
      ready_ms: ready,
      blocking_ms: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longest_task_ms: Math.max(0, ...tasks),
      js_kb: js / 1024,
    };
  } finally {
    await context.close();
  }
}

/** { mobile: { "/voting/new": figures }, lowend: {…} } for each path, a member's `cookie` sent. */
export async function measureEditorStart(site, paths, cookie, { log = console.log } = {}) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch(chromiumLaunchOptions());
  const result = {};
  try {
    for (const [profile, rate] of Object.entries(PROFILES)) {
      result[profile] = {};
      for (const path of paths) {
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await startOnce(browser, site, path, cookie, rate));
        result[profile][path] = Object.fromEntries(
          Object.keys(runs[0]).map((key) => [key, medianToTenth(runs.map((figures) => figures[key]))]),
        );
        log(`editor start ${profile} ${path}: ${JSON.stringify(result[profile][path])}`);
      }
    }
  } finally {
    await browser.close();
  }
  return result;
}

/** Markdown rows of measureEditorStart's result. */
export function editorStartTable(result) {
  const lines = [
    "| page | CPU | focus → toolbar ms | blocking ms | longest task ms | JS fetched KB (brotli) |",
    "|---|---|---:|---:|---:|---:|",
  ];
  for (const [profile, paths] of Object.entries(result)) {
    for (const [path, row] of Object.entries(paths)) {
      lines.push(`| ${path} | ${PROFILES[profile]}× | ${row.ready_ms} | ${row.blocking_ms} | ${row.longest_task_ms} | ${row.js_kb} |`);
    }
  }
  return lines.join("\n");
}
