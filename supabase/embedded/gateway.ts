// The embedded backend's front door on 127.0.0.1:<port>: /rest/v1 proxied to PostgREST, /auth/v1 served by the
// GoTrue emulator, /__reset and /__admin for tooling. Every request holds the global mutex until its response ends.

import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { grantRole, resetSecondFactor, UnknownUserError, type Grant } from "./admin";
import { createAuthHandler } from "./auth";
import { loadAuthConfig, type AuthConfig } from "./config";
import { smtpSender, startMailCatcher, type MailCatcher } from "./mail";
import { DEFAULT_DATA_DIR, openDatabase, type EmbeddedDatabase } from "./database";
import { ANON_KEY, DEFAULT_PORT, JWT_SECRET, SERVICE_ROLE_KEY } from "./keys";
import { Mutex } from "./mutex";
import { choosePort, portError } from "./ports";
import { startPostgrest, type RunningPostgrest } from "./postgrest";

export interface EmbeddedBackendOptions {
  /** Gateway port (default 54321). The PGlite socket uses port + 8 and PostgREST port + 9 (another free port if taken). */
  port?: number;
  /** Data directory (default .data/db at the repo root); null keeps the database in memory. */
  dataDir?: string | null;
  /** Delete the data directory and build the database again. */
  reset?: boolean;
  /** One line per request and per notable event (default console.log). */
  log?: (line: string) => void;
  /** Default supabase/migrations at the repo root. */
  migrationsDir?: string;
  /** Default supabase/seed.sql at the repo root. */
  seedFile?: string;
  /** Start the local mail catcher of config.toml's [local_smtp] (default true), moved along with `port`. */
  mail?: boolean;
  /** Settings that replace config.toml's (tests that need, say, confirmations on). */
  authConfig?: Partial<AuthConfig>;
}

export interface EmbeddedBackend {
  url: string;
  /** The local mail catcher's web page and API (GET /api/email); null when it was not started. */
  mailUrl: string | null;
  anonKey: string;
  serviceRoleKey: string;
  /** Truncate every table of public and auth, then re-run the seed (under the global mutex). */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 50 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 120_000;
// RFC 9110 §7.6.1 connection-specific headers, never forwarded by a proxy.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "expect",
]);
const CORS_EXPOSE =
  "Content-Range, Content-Location, Content-Profile, Location, Preference-Applied, Range-Unit, X-Supabase-Api-Version, X-Sb-Error-Code";

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startEmbeddedBackend(options: EmbeddedBackendOptions = {}): Promise<EmbeddedBackend> {
  const port = options.port ?? DEFAULT_PORT;
  const socketPort = port + 8;
  const postgrestPort = port + 9;
  const log = options.log ?? ((line: string) => console.log(line));
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;

  const mutex = new Mutex();
  const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let database: EmbeddedDatabase | null = null;
  let postgrest: RunningPostgrest | null = null;
  let auth: ReturnType<typeof createAuthHandler> | null = null;
  let mailCatcher: MailCatcher | null = null;
  let stopping = false;

  let markReady!: (ok: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));

  const server = http.createServer((req, res) => {
    void handleRequest(req, res);
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else socket.destroy();
  });

  // Listen first: a taken port is the most common failure and must be reported before the slow work.
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) => reject(portError(error, port, "the gateway")));
    server.listen(port, "127.0.0.1", () => resolve());
  });
  server.on("error", (error) => log(`gateway: server error: ${error.message}`));

  const onUncaught = (error: unknown) => log(`gateway: uncaught error (kept running): ${(error as Error)?.stack ?? error}`);
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);

  try {
    database = await openDatabase({
      dataDir,
      fresh: options.reset,
      migrationsDir: options.migrationsDir,
      seedFile: options.seedFile,
      log,
    });
    // PostgREST starts after the migrations, so its schema cache already sees every table.
    postgrest = await startPostgrest({
      db: database.db,
      socketPort,
      postgrestPort,
      jwtSecret: JWT_SECRET,
      log,
      serialize: (fn) => mutex.run(fn),
    });
    const authConfig = { ...loadAuthConfig(), ...options.authConfig };
    if (options.mail !== false && authConfig.localSmtp.enabled) {
      const shift = port - DEFAULT_PORT;
      mailCatcher = await startMailCatcher({
        webPort: await choosePort(authConfig.localSmtp.webPort + shift, "the mail catcher's page", log),
        smtpPort: await choosePort(authConfig.localSmtp.smtpPort + shift, "the mail catcher's SMTP", log),
        log,
      });
    }
    auth = createAuthHandler({
      db: database.db,
      publicUrl: url,
      jwtSecret: JWT_SECRET,
      config: authConfig,
      sendMail: mailCatcher ? smtpSender(mailCatcher.smtpPort) : null,
      log,
    });
    markReady(true);
  } catch (error) {
    markReady(false);
    await shutdown();
    throw error;
  }

  /**
   * Takes the global mutex for direct use of PGlite. PostgREST's own background work (a schema-cache reload)
   * does not pass through the gateway, so an open transaction of its own is also waited for.
   */
  async function acquireDatabase() {
    const release = await mutex.acquire();
    const deadline = Date.now() + 5000;
    while (database?.db.isInTransaction() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    return release;
  }

  async function reset(): Promise<number> {
    if (!database) throw new Error("The embedded backend is not running.");
    const release = await acquireDatabase();
    try {
      const started = performance.now();
      await database.reset();
      auth?.forgetLimits();
      return Math.round((performance.now() - started) * 10) / 10;
    } finally {
      release();
    }
  }

  async function shutdown() {
    stopping = true;
    process.removeListener("uncaughtException", onUncaught);
    process.removeListener("unhandledRejection", onUncaught);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      // Let a request in flight finish, then cut what is left.
      void Promise.race([mutex.run(async () => {}), new Promise((r) => setTimeout(r, 3000).unref())]).then(() =>
        server.closeAllConnections(),
      );
    });
    upstreamAgent.destroy();
    await postgrest?.stop().catch((error: Error) => log(`gateway: stopping PostgREST failed: ${error.message}`));
    await database?.close().catch((error: Error) => log(`gateway: closing PGlite failed: ${error.message}`));
    await mailCatcher?.stop();
    mailCatcher = null;
    postgrest = null;
    database = null;
  }

  async function handleRequest(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    let path = "?";
    res.on("close", () => {
      const ms = Math.round(performance.now() - started);
      log(`${req.method} ${path} ${res.headersSent ? res.statusCode : "aborted"} ${ms}ms`);
    });
    try {
      const requestUrl = new URL(req.url ?? "/", url);
      path = requestUrl.pathname;
      const origin = req.headers.origin;
      if (origin) applyCors(res, origin);
      // auth-js reads the error `code` only when this header is present, so every /auth/v1 answer carries it.
      if (/^\/auth\/v1(\/|$)/.test(path)) res.setHeader("x-supabase-api-version", "2024-01-01");

      if (req.method === "OPTIONS" && origin && req.headers["access-control-request-method"]) {
        res.writeHead(204, {
          "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
          "access-control-allow-headers": String(req.headers["access-control-request-headers"] ?? "*"),
          "access-control-max-age": "3600",
          "content-length": "0",
        });
        res.end();
        return;
      }
      if (!(await ready) || stopping) throw new HttpError(502, "not_running", "The embedded backend is not running.");

      const rawPath = req.url ?? "/";
      if (/^\/(rest|auth)\/v1(?=[/?]|$)/.test(rawPath) && !OPEN_AUTH_ROUTES.test(path)) requireApiKey(req);
      if (/^\/rest\/v1(?=[/?]|$)/.test(rawPath)) {
        await proxyRest(req, res, rawPath.replace(/^\/rest\/v1/, "") || "/");
      } else if (/^\/auth\/v1(?=[/?]|$)/.test(rawPath)) {
        await serveAuth(req, res, requestUrl);
      } else if (path === "/__reset") {
        if (req.method !== "POST") throw new HttpError(405, "method_not_allowed", "Use POST /__reset.");
        requireServiceRole(req);
        const ms = await reset();
        await sendJson(res, 200, { ok: true, ms });
      } else if (path === "/__admin") {
        if (req.method !== "POST") throw new HttpError(405, "method_not_allowed", "Use POST /__admin with {\"email\", \"grant\"} or {\"email\", \"reset\": \"2fa\"}.");
        requireServiceRole(req);
        await serveAdmin(req, res);
      } else if (path === "/" && (req.method === "GET" || req.method === "HEAD")) {
        await sendJson(res, 200, {
          name: "embedded-supabase",
          description: "Docker-free Supabase-compatible backend for local development (PGlite + PostgREST + GoTrue emulator)",
          rest: `${url}/rest/v1`,
          auth: `${url}/auth/v1`,
          // Where the mail catcher really listens: its ports fall back to free ones when taken (ports.ts).
          mail: mailCatcher ? { url: mailCatcher.url, smtp_port: mailCatcher.smtpPort } : null,
        });
      } else {
        throw new HttpError(404, "not_found", `No route for ${req.method} ${path}`);
      }
    } catch (error) {
      const known = error instanceof HttpError ? error : null;
      if (!known) log(`gateway: ${req.method} ${path} failed: ${(error as Error)?.stack ?? error}`);
      if (res.headersSent) {
        res.destroy();
      } else {
        const status = known?.status ?? 500;
        const code = known?.code ?? "internal_error";
        const message = known?.message ?? "Internal gateway error";
        // Under /rest/v1 the gateway's own errors (413, 502) keep PostgREST's shape, as proxyRest's 502 does.
        const body = /^\/rest\/v1(\/|$)/.test(path) ? { code, details: null, hint: null, message } : { code, message };
        await sendJson(res, status, body).catch(() => res.destroy());
      }
    }
  }

  async function proxyRest(req: IncomingMessage, res: ServerResponse, upstreamPath: string) {
    const body = await readBody(req);
    const release = await mutex.acquire();
    try {
      const upstreamPort = postgrest?.port;
      if (!upstreamPort) throw new HttpError(502, "not_running", "PostgREST is not running.");
      await new Promise<void>((resolve) => {
        const headers = forwardHeaders(req.headers);
        headers.host = `127.0.0.1:${upstreamPort}`;
        if (body.length > 0 || !["GET", "HEAD", "DELETE", "OPTIONS"].includes(req.method ?? "")) {
          headers["content-length"] = String(body.length);
        }
        let settled = false;
        const finish = () => {
          if (!settled) {
            settled = true;
            resolve();
          }
        };
        const upstream = http.request(
          { host: "127.0.0.1", port: upstreamPort, method: req.method, path: upstreamPath, headers, agent: upstreamAgent },
          (upstreamRes) => {
            const responseHeaders = forwardHeaders(upstreamRes.headers);
            for (const name of Object.keys(responseHeaders)) {
              if (name.startsWith("access-control-")) delete responseHeaders[name];
            }
            // writeHead merges the CORS headers set earlier with setHeader.
            res.writeHead(upstreamRes.statusCode ?? 502, responseHeaders);
            upstreamRes.pipe(res);
            // A client that went away must not leave the upstream response (and the mutex) hanging.
            res.once("close", () => upstreamRes.resume());
            upstreamRes.once("end", finish);
            upstreamRes.once("close", finish);
            upstreamRes.once("error", () => {
              res.destroy();
              finish();
            });
          },
        );
        upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error(`no answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`)));
        upstream.on("error", (error) => {
          if (!res.headersSent) {
            log(`gateway: PostgREST request failed: ${error.message}`);
            sendJson(res, 502, { code: "bad_gateway", details: error.message, hint: null, message: "PostgREST did not answer" })
              .catch(() => res.destroy())
              .finally(finish);
          } else {
            res.destroy();
            finish();
          }
        });
        upstream.end(body);
      });
    } finally {
      release();
    }
  }

  async function serveAuth(req: IncomingMessage, res: ServerResponse, requestUrl: URL) {
    const body = await readBody(req);
    const release = await acquireDatabase();
    try {
      const answer = await auth!({
        method: req.method ?? "GET",
        path: requestUrl.pathname.replace(/^\/auth\/v1/, "") || "/",
        query: requestUrl.searchParams,
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress,
        body,
      });
      res.writeHead(answer.status, answer.headers);
      await endResponse(res, req.method === "HEAD" ? null : answer.body);
    } finally {
      release();
    }
  }

  async function serveAdmin(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const usage =
      'Send a JSON body {"email": "…", "grant": "admin" | "member"} (grant defaults to admin), or {"email": "…", "reset": "2fa"}.';
    let request: { email?: unknown; grant?: unknown; reset?: unknown };
    try {
      request = JSON.parse(body.toString("utf8"));
    } catch {
      throw new HttpError(400, "bad_json", usage);
    }
    const { email, grant = "admin", reset } = request ?? {};
    if (typeof email !== "string" || !email.trim() || (grant !== "admin" && grant !== "member") || (reset !== undefined && reset !== "2fa")) {
      throw new HttpError(400, "validation_failed", usage);
    }
    const release = await acquireDatabase();
    try {
      if (reset === "2fa") {
        const { userId, removed } = await resetSecondFactor(database!.db, email);
        await sendJson(res, 200, { ok: true, user_id: userId, removed });
        return;
      }
      const granted = await grantRole(database!.db, email, grant as Grant);
      await sendJson(res, 200, { ok: true, user_id: granted.userId, added: granted.added });
    } catch (error) {
      if (error instanceof UnknownUserError) throw new HttpError(404, "user_not_found", error.message);
      throw new HttpError(500, "admin_failed", (error as Error).message);
    } finally {
      release();
    }
  }

  return {
    url,
    mailUrl: mailCatcher?.url ?? null,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    async reset() {
      await reset();
    },
    stop: shutdown,
  };
}

/** What Supabase's API gateway serves without a key: the links in mails, OAuth round trips and health. */
const OPEN_AUTH_ROUTES = /^\/auth\/v1\/(verify|callback|authorize|health)\/?$/;

/**
 * Supabase's gateway (Kong's key-auth) answers 401 to a /rest or /auth request without one of the
 * project's keys in its apikey header; so does this one, so that a client which forgot the key
 * fails here first, as it would against hosted Supabase.
 */
function requireApiKey(req: IncomingMessage) {
  const key = String(req.headers.apikey ?? "");
  if (!key) throw new HttpError(401, "no_api_key", "No API key found in request");
  if (key !== ANON_KEY && key !== SERVICE_ROLE_KEY) throw new HttpError(401, "invalid_api_key", "Invalid authentication credentials");
}

function requireServiceRole(req: IncomingMessage) {
  const authorization = String(req.headers.authorization ?? "");
  const apikey = String(req.headers.apikey ?? "");
  if (authorization !== `Bearer ${SERVICE_ROLE_KEY}` && apikey !== SERVICE_ROLE_KEY) {
    throw new HttpError(401, "unauthorized", "This route needs the service_role key (Authorization: Bearer <key> or apikey: <key>).");
  }
}

function forwardHeaders(incoming: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const connectionTokens = new Set(
    String(incoming.connection ?? "")
      .split(",")
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || connectionTokens.has(name)) continue;
    out[name] = value;
  }
  return out;
}

function applyCors(res: ServerResponse, origin: string) {
  res.setHeader("access-control-allow-origin", origin);
  res.setHeader("access-control-allow-credentials", "true");
  res.setHeader("access-control-expose-headers", CORS_EXPOSE);
  res.setHeader("vary", "Origin");
}

/** Reads the whole body before the mutex is taken, so a slow client never blocks the others. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, "payload_too_large", `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`));
      else resolve(Buffer.concat(chunks));
    });
    req.on("error", (error) => reject(new HttpError(400, "bad_request", `Could not read the request body: ${error.message}`)));
    req.on("close", () => {
      if (!req.complete) reject(new HttpError(400, "bad_request", "The client closed the connection before the body was complete."));
    });
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): Promise<void> {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  return endResponse(res, JSON.stringify(body));
}

/** Resolves once the response has been handed to the socket, or the client went away. */
function endResponse(res: ServerResponse, body: string | null): Promise<void> {
  return new Promise((resolve) => {
    res.once("close", () => resolve());
    res.end(body ?? undefined, () => resolve());
  });
}
