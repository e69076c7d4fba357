// The daily housekeeping: the Worker's Cron Trigger (server.ts `scheduled`, wrangler.toml [triggers])
// asks the database to delete what has been kept long enough (public.run_housekeeping(), with the
// Worker's secret; the periods: app/lib/retention.ts). Decision record 036.
import { logError } from "~/lib/log.server";
import type { HousekeepingCounts } from "~/lib/retention";
import { createWorkerSupabaseClient } from "~/lib/supabase.server";
import { QueryError } from "./query.server";

/** Runs the housekeeping once and returns how many rows of each kind it removed; throws when the database refuses. */
export async function runHousekeeping(env: Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY" | "WORKER_SECRET">): Promise<HousekeepingCounts> {
  const { data, error } = await createWorkerSupabaseClient(env).rpc("run_housekeeping");
  if (error) throw new QueryError("housekeeping", error);
  return data as HousekeepingCounts;
}

/**
 * The Cron Trigger's work: runs the housekeeping and logs the counts (numbers only). A failure is
 * logged and thrown again, so that the Worker's Cron Events show the run as failed.
 */
export async function scheduledHousekeeping(env: Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY" | "WORKER_SECRET">): Promise<HousekeepingCounts> {
  try {
    const removed = await runHousekeeping(env);
    console.log(`Housekeeping removed: ${JSON.stringify(removed)}`);
    return removed;
  } catch (error) {
    logError("Housekeeping failed", error);
    throw error;
  }
}
