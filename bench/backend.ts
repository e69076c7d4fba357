// Throughput of the embedded backend for a landing-page-shaped read: news 3 + events 4 + resources 6,
// as anon, in parallel, through supabase-js. 10 s at concurrency 10 (override: --seconds N --concurrency N).
// Run: npm run bench:backend. Numbers, not pass/fail.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../app/lib/database.types";
import { latestNews } from "../app/models/news.server";
import { upcomingEvents } from "../app/models/events.server";
import { latestResources } from "../app/models/resources.server";
import { startEmbeddedBackend } from "../supabase/embedded/gateway";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, concurrency: { type: "string", default: "10" } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const backend = await startEmbeddedBackend({ port: 24521, dataDir: null, log: () => {} });
const supabase = createClient<Database>(backend.url, backend.anonKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});

async function landingRead() {
  const [news, events, resources] = await Promise.all([
    latestNews(supabase, 3),
    upcomingEvents(supabase, 4),
    latestResources(supabase, 6),
  ]);
  if (news.length !== 3 || events.length !== 4 || resources.length !== 6) throw new Error("unexpected row counts");
}

await landingRead(); // warm up PostgREST's schema cache and the connection
const latencies: number[] = [];
let failures = 0;
const deadline = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        await landingRead();
        latencies.push(performance.now() - start);
      } catch {
        failures += 1;
      }
    }
  }),
);
await backend.stop();

latencies.sort((a, b) => a - b);
const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(
  JSON.stringify(
    {
      benchmark: "landing-shaped read (news 3 + events 4 + resources 6, anon, parallel) via supabase-js",
      seconds,
      concurrency,
      pageLoads: latencies.length,
      failures,
      pageLoadsPerSecond: +(latencies.length / seconds).toFixed(1),
      restRequestsPerSecond: +((latencies.length * 3) / seconds).toFixed(1),
      p50Ms: +quantile(0.5).toFixed(1),
      p99Ms: +quantile(0.99).toFixed(1),
    },
    null,
    2,
  ),
);
