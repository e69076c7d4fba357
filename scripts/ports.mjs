// Ports and the wrangler command line shared by `npm start`, `npm test` and the bench.
// Tests use their own ports so that they never touch a developer's running site or data, below Linux's
// ephemeral range (32768–60999), where an outgoing connection can hold any port for a while
// (docs/decisions/052-test-ports-below-the-ephemeral-range.md).
import { mkdirSync, rmSync } from "node:fs";

export const SITE_PORT = 8787;
export const BACKEND_PORT = 54321;
export const E2E_SITE_PORT = 8788;
export const E2E_BACKEND_PORT = 24421;

/** The Worker's secret for local use: supabase/seed.sql gives the database the same one. */
export const LOCAL_WORKER_SECRET = "local-worker-secret-never-use-in-production";

/**
 * The mail catcher of the backend at `supabaseUrl`: its page (`url`, whose GET /api/email lists the mail)
 * and its SMTP port. The embedded backend says where they are in its `GET /` (a taken port falls back to
 * a free one: supabase/embedded/README.md, "Ports"); any other local stack keeps the Supabase CLI's
 * layout, the API port + 3 and + 4.
 */
export async function backendMail(supabaseUrl) {
  const port = Number(new URL(supabaseUrl).port);
  const layout = { url: `http://127.0.0.1:${port + 3}`, smtpPort: port + 4 };
  try {
    const { mail } = await (await fetch(`${supabaseUrl}/`, { signal: AbortSignal.timeout(5_000) })).json();
    return mail ? { url: mail.url, smtpPort: mail.smtp_port } : layout;
  } catch {
    return layout;
  }
}

/**
 * An empty directory for the local state of the wrangler dev on `port`, emptied on every start: its
 * Cache API store (the edge cache, docs/decisions/041-edge-caching.md) would otherwise outlive a
 * restart and serve pages of an earlier run's data.
 */
export function freshWranglerState(port) {
  const directory = `.wrangler/state-${port}`;
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  return directory;
}

/**
 * `wrangler dev` serving the built Worker (build first: a rebuild under a running wrangler crashes it),
 * with a fresh state, talking to the running backend at `supabaseUrl` and sending its mail to that
 * backend's catcher (backendMail).
 */
export async function wranglerDevArgs(port, supabaseUrl) {
  const { smtpPort } = await backendMail(supabaseUrl);
  return [
    "wrangler", "dev",
    "--ip", "127.0.0.1",
    "--port", String(port),
    "--persist-to", freshWranglerState(port),
    "--var", `SUPABASE_URL:${supabaseUrl}`,
    "--var", `WORKER_SECRET:${LOCAL_WORKER_SECRET}`,
    "--var", `SMTP_PORT:${smtpPort}`,
    "--log-level", "warn",
    "--show-interactive-dev-session=false",
    // The Worker as `wrangler deploy` bundles it: wrangler dev would define NODE_ENV as "development",
    // which gives the Worker React's development build (docs/decisions/046-the-worker-as-deployed.md).
    "--define", 'process.env.NODE_ENV:"production"',
  ];
}

/** Keeps wrangler offline and quiet: no request.cf fetch, no metrics, no banner. */
export const WRANGLER_ENV = {
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
};
