// What the load spec (load.spec.ts) shares: contact forms posted as a browser without JavaScript
// posts them, the answers' visible text, the rows the backend stored, and a backend and a Worker of
// the spec's own, started and stopped the way `npm test` starts its own (scripts/test.mjs).
import { createWriteStream, mkdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { startService, stopService, waitForHttp } from "../../scripts/processes.mjs";
import { wranglerDevArgs } from "../../scripts/ports.mjs";
import { SERVICE_ROLE_KEY } from "../e2e/local-backend";

/**
 * Every request of the spec gives up after this: an answer that never comes is a failure, not a
 * wait. Generous: while a restarted embedded backend builds its database (half a minute on a busy
 * machine) its gateway already listens and holds requests until it is ready.
 */
const ANSWER_TIMEOUT_MS = 90_000;

/** One answer of the site, with when it was asked and when it came (ms since the epoch). */
export type Answer = { status: number; text: string; sentAt: number; answeredAt: number; location: string | null; cookies: string[] };

/** A run's mark: each message carries it, so the rows of this run are found among everyone else's. */
export const runMark = (label: string) => `${label}-${crypto.randomUUID().slice(0, 12)}`;

/**
 * Client addresses of this run only (cf-connecting-ip, which the Worker's limiters key on; locally a
 * client-sent header passes through). IPv6 in the documentation prefix with a random part, so no
 * other spec's 10.x addresses and no earlier run share a limiter bucket with them.
 */
export function addressMaker() {
  const [a, b] = crypto.getRandomValues(new Uint16Array(2));
  return (n: number) => `2001:db8:${a.toString(16)}:${b.toString(16)}::${n.toString(16)}`;
}

/** What a page says to a person: no scripts (whose translation payload holds every string), no tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** A stack trace's frames or source paths, which no answer may show. */
export const STACK_TRACE = /\bat (?:async )?[\w.$<>]+ \([^)]*:\d+:\d+\)|\.(?:[cm]?js|tsx?):\d+(?::\d+)?|node_modules\//;

/** Any request to the site; the body is read whole, as visible text unless `raw`. */
export async function ask(url: string, init: RequestInit = {}, { raw = false } = {}): Promise<Answer> {
  const sentAt = Date.now();
  const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  const body = await response.text();
  return {
    status: response.status,
    text: raw ? body : visibleText(body),
    sentAt,
    answeredAt: Date.now(),
    location: response.headers.get("Location"),
    cookies: response.headers.getSetCookie(),
  };
}

export type ContactFields = { name: string; email: string; region: string; message: string };

const REGIONS = ["", "europe", "northAmerica", "southAmerica", "asia", "africa", "oceania"];

/**
 * The contact form's fields for submission `n` of a run, its mark in the message, in several scripts.
 * The message's line break is CRLF, as a browser sends a textarea's (and the row keeps).
 */
export function contactFields(mark: string, n: number): ContactFields {
  return {
    name: `Load tester ${n} ✊`,
    email: `load-${n}@example.org`,
    region: REGIONS[n % REGIONS.length],
    message: `Solidarité, 团结, солидарность: message ${n} of ${mark}\r\nSecond line of ${mark}#${n}.`,
  };
}

/** The marker of submission `n`, as it appears once in its message (never a prefix of another's). */
export const markerOf = (mark: string, n: number) => `${mark}#${n}.`;

/** POST /contact as a browser without JavaScript sends it (multipart, same origin, the box ticked, the honeypot empty). */
export function postContact(origin: string, address: string, fields: ContactFields, query = ""): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("security", "on");
  form.append("website", "");
  return ask(`${origin}/contact${query}`, {
    method: "POST",
    headers: { Origin: origin, Referer: `${origin}/contact`, "cf-connecting-ip": address },
    body: form,
  });
}

export type StoredContact = ContactFields & { region: string | null; source: string; status: string };

/** The contact rows whose message carries `mark`, read with the service-role key (visitors cannot). */
export async function storedContacts(supabaseUrl: string, mark: string): Promise<StoredContact[]> {
  const response = await fetch(
    `${supabaseUrl}/rest/v1/contacts?select=name,email,region,message,source,status&message=like.*${encodeURIComponent(mark)}*`,
    { headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` } },
  );
  if (response.status !== 200) throw new Error(`reading contacts answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as StoredContact[];
}

/** Polls `attempt` until it returns something other than undefined, or throws after `timeoutMs`. */
export async function eventually<T>(what: string, timeoutMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

type Service = ReturnType<typeof startService>;

/** A service whose output goes to a log file (wrangler's bundling warnings alone are a thousand lines). */
function loggedService(name: string, command: string, args: string[], logPath: string): Service {
  const child = startService(name, command, args);
  const log = createWriteStream(logPath, { flags: "a" });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.removeAllListeners("data");
    stream?.pipe(log, { end: false });
  }
  return child;
}

/** Whether any process of a service's group (npx and what it started) is still there. */
function groupAlive(child: Service): boolean {
  try {
    process.kill(-(child.pid ?? 0), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a service and waits until its whole process group is gone: npx exits at once, the backend
 * it started only once it has closed its ports (the mail catcher's last), which a restart on the
 * same ports needs. A group still there after 15 s is killed.
 */
async function stopGroup(child: Service | undefined) {
  if (!child?.pid) return;
  await stopService(child);
  const gone = (timeoutMs: number) => eventually("the service's processes gone", timeoutMs, async () => (groupAlive(child) ? undefined : true));
  await gone(15_000).catch(async () => {
    process.kill(-child.pid!, "SIGKILL");
    await gone(5_000);
  });
}

/**
 * An embedded backend (in memory: every start is the seed again) and a `wrangler dev` Worker that
 * talks to it, on ports no other spec uses. The backend can be stopped and started again on its
 * port; the Worker keeps running throughout.
 */
export async function ownSite({ backendPort, sitePort, logDir }: { backendPort: number; sitePort: number; logDir: string }) {
  mkdirSync(logDir, { recursive: true });
  const supabaseUrl = `http://127.0.0.1:${backendPort}`;
  const origin = `http://127.0.0.1:${sitePort}`;
  const backendArgs = ["tsx", "supabase/embedded/cli.ts", "start", "--port", String(backendPort), "--memory"];
  const startBackend = () => loggedService("own backend", "npx", backendArgs, `${logDir}/backend.log`);

  let backend: Service | undefined = startBackend();
  let worker: Service | undefined;
  const close = async () => {
    await stopGroup(worker);
    await stopGroup(backend);
  };
  try {
    // The Worker starts once the backend answers: it is told where the backend's mail catcher listens.
    await waitForHttp(`${supabaseUrl}/`, 90_000);
    worker = loggedService("own wrangler dev", "npx", await wranglerDevArgs(sitePort, supabaseUrl), `${logDir}/wrangler.log`);
    await waitForHttp(`${origin}/about`, 90_000);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    origin,
    supabaseUrl,
    /** Stops the backend and everything it started; resolves once all of it has exited. */
    stopBackend: async () => {
      await stopGroup(backend);
      backend = undefined;
    },
    /** Starts the backend again on the same port; resolves once its gateway answers. */
    startBackend: async () => {
      backend = startBackend();
      await waitForHttp(`${supabaseUrl}/`, 90_000);
    },
    /** The same Worker process as at the start, still running. */
    workerRunning: () => worker?.exitCode === null && worker.signalCode === null,
    close,
  };
}
