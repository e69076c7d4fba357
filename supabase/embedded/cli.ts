// Command line of the embedded backend: `tsx supabase/embedded/cli.ts start [--reset] | keys | admin [--approve | --reset-2fa] <email>`.

import { GRANT_TABLES, grantRole, resetSecondFactor, UnknownUserError, type Grant } from "./admin";
import { DEFAULT_DATA_DIR, openDatabase, REPO_ROOT } from "./database";
import { startEmbeddedBackend } from "./gateway";
import { ANON_KEY, DEFAULT_PORT, LOCAL_URL, SERVICE_ROLE_KEY } from "./keys";
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE = `Usage: tsx supabase/embedded/cli.ts <command>
  start [--reset] [--port N] [--memory]
                    run the embedded Supabase backend on ${LOCAL_URL} (--reset rebuilds .data/db;
                    --port serves another port; --memory keeps nothing on disk, as the tests do)
  keys              print SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY
  admin <email>     make an existing user an admin (insert into public.admins)
  admin --approve <email>
                    approve an account's membership (insert into public.members)
  admin --reset-2fa <email>
                    remove an account's second factor (a lost device) and end its sessions
The database types: npm run db:types (scripts/db-types.ts).`;

const LOCAL_ACCOUNTS = [
  ["admin@example.org", "local-admin-password", "admin; TOTP secret TUA2IR7VKIJOFLNTW4CFNGSLDKHKIMMD"],
  ["member@example.org", "local-member-password", "not an admin"],
];

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "start":
      return start(rest);
    case "keys":
      process.stdout.write(`SUPABASE_URL=${LOCAL_URL}\nSUPABASE_ANON_KEY=${ANON_KEY}\nSUPABASE_SERVICE_ROLE_KEY=${SERVICE_ROLE_KEY}\n`);
      return 0;
    case "admin":
      return admin(rest);
    default:
      console.error(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
      return 1;
  }
}

async function start(args: string[]): Promise<number> {
  let options;
  try {
    options = parseArgs({
      args,
      options: { reset: { type: "boolean" }, memory: { type: "boolean" }, port: { type: "string" } },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const port = options.port === undefined ? DEFAULT_PORT : Number(options.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535 - 9) {
    console.error(`--port needs a port number, got ${options.port}\n\n${USAGE}`);
    return 1;
  }
  const dataDir = options.memory ? null : DEFAULT_DATA_DIR;
  const started = performance.now();
  const log = (line: string) => console.log(`${new Date().toTimeString().slice(0, 8)} ${line}`);
  let backend;
  try {
    backend = await startEmbeddedBackend({ port, dataDir, reset: options.reset, log });
  } catch (error) {
    console.error(`Could not start the embedded backend:\n${(error as Error).message}`);
    return 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      "",
      `Embedded Supabase backend ready in ${seconds} s (${dataDir ? `data in ${path.relative(REPO_ROOT, dataDir)}` : "in memory"})`,
      `  API URL           ${backend.url}`,
      `  REST              ${backend.url}/rest/v1`,
      `  Auth              ${backend.url}/auth/v1`,
      ...(backend.mailUrl ? [`  Local mail        ${backend.mailUrl}   (every mail the backend sends; GET /api/email)`] : []),
      `  anon key          ${backend.anonKey}`,
      `  service_role key  ${backend.serviceRoleKey}`,
      "Local accounts (from supabase/seed.sql):",
      ...LOCAL_ACCOUNTS.map(([email, password, role]) => `  ${email.padEnd(20)} ${password.padEnd(24)} ${role}`),
      "Press Ctrl+C to stop.",
      "",
    ].join("\n"),
  );

  await new Promise<void>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      console.log(`\n${signal}: stopping…`);
      process.once(signal, () => process.exit(130)); // a second Ctrl+C does not wait
      resolve();
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    process.once("SIGHUP", onSignal);
  });
  await backend.stop();
  console.log("Stopped.");
  return 0;
}

async function admin(args: string[]): Promise<number> {
  if (args[0] === "--reset-2fa") return resetFactor(args.slice(1));
  const grant: Grant = args[0] === "--approve" ? "member" : "admin";
  const rest = grant === "member" ? args.slice(1) : args;
  const email = rest[0]?.trim();
  if (!email || rest.length > 1) {
    console.error("Usage: tsx supabase/embedded/cli.ts admin [--approve | --reset-2fa] <email>");
    return 1;
  }
  const done = (added: boolean) =>
    grant === "admin"
      ? added ? `${email} is now an admin.` : `${email} already was an admin.`
      : added ? `${email} is now an approved member.` : `${email} already was an approved member.`;
  const running = await probeGateway();
  try {
    if (running === "embedded") {
      const response = await fetch(`${LOCAL_URL}/__admin`, {
        method: "POST",
        headers: { "content-type": "application/json", ...SERVICE_HEADERS },
        body: JSON.stringify({ email, grant }),
      });
      const body = (await response.json()) as { added?: boolean; message?: string };
      if (!response.ok) {
        console.error(body.message ?? `The running backend answered ${response.status}.`);
        return 1;
      }
      console.log(done(body.added ?? false));
      return 0;
    }
    if (running === "other") return await grantThroughSupabaseApi(email, grant);

    const database = await openDatabase({ dataDir: DEFAULT_DATA_DIR, log: (line) => console.log(line) });
    try {
      const granted = await grantRole(database.db, email, grant);
      console.log(done(granted.added));
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof UnknownUserError ? error.message : `Could not grant ${grant}: ${(error as Error).message}`);
    return 1;
  }
}

async function resetFactor(args: string[]): Promise<number> {
  const email = args[0]?.trim();
  if (!email || args.length > 1) {
    console.error("Usage: tsx supabase/embedded/cli.ts admin --reset-2fa <email>");
    return 1;
  }
  const done = (removed: number) =>
    removed ? `${email}'s second factor is removed; the account signs in with its password and enrols again.` : `${email} had no second factor.`;
  try {
    const running = await probeGateway();
    if (running === "embedded") {
      const response = await fetch(`${LOCAL_URL}/__admin`, {
        method: "POST",
        headers: { "content-type": "application/json", ...SERVICE_HEADERS },
        body: JSON.stringify({ email, reset: "2fa" }),
      });
      const body = (await response.json()) as { removed?: number; message?: string };
      if (!response.ok) {
        console.error(body.message ?? `The running backend answered ${response.status}.`);
        return 1;
      }
      console.log(done(body.removed ?? 0));
      return 0;
    }
    if (running === "other") {
      // GoTrue's admin API: list the user's factors, delete each.
      const userId = await findUserThroughSupabaseApi(email);
      const listed = await fetch(`${LOCAL_URL}/auth/v1/admin/users/${userId}/factors`, { headers: SERVICE_HEADERS });
      if (!listed.ok) throw new Error(`GET /auth/v1/admin/users/…/factors answered ${listed.status}`);
      const factors = (await listed.json()) as { id: string }[];
      for (const factor of factors) {
        const deleted = await fetch(`${LOCAL_URL}/auth/v1/admin/users/${userId}/factors/${factor.id}`, { method: "DELETE", headers: SERVICE_HEADERS });
        if (!deleted.ok) throw new Error(`DELETE /auth/v1/admin/users/…/factors/${factor.id} answered ${deleted.status}`);
      }
      console.log(done(factors.length));
      return 0;
    }
    const database = await openDatabase({ dataDir: DEFAULT_DATA_DIR, log: (line) => console.log(line) });
    try {
      console.log(done((await resetSecondFactor(database.db, email)).removed));
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof UnknownUserError ? error.message : `Could not remove the second factor: ${(error as Error).message}`);
    return 1;
  }
}

/** "embedded" when our gateway answers on the local port, "other" for any other server (e.g. `supabase start`). */
async function probeGateway(): Promise<"embedded" | "other" | "none"> {
  try {
    const response = await fetch(`${LOCAL_URL}/`, { signal: AbortSignal.timeout(1500) });
    const text = await response.text();
    return text.includes('"embedded-supabase"') ? "embedded" : "other";
  } catch {
    return "none";
  }
}

const SERVICE_HEADERS = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

/** Against a real local Supabase stack: the user's id, from the GoTrue admin API. */
async function findUserThroughSupabaseApi(email: string): Promise<string> {
  for (let page = 1; ; page++) {
    const response = await fetch(`${LOCAL_URL}/auth/v1/admin/users?page=${page}&per_page=1000`, { headers: SERVICE_HEADERS });
    if (!response.ok) throw new Error(`GET /auth/v1/admin/users answered ${response.status}`);
    const { users } = (await response.json()) as { users: { id: string; email?: string }[] };
    const userId = users.find((user) => user.email?.toLowerCase() === email.toLowerCase())?.id;
    if (userId) return userId;
    if (users.length < 1000) throw new UnknownUserError(email);
  }
}

/** Against a real local Supabase stack: insert through PostgREST as service_role. */
async function grantThroughSupabaseApi(email: string, grant: Grant): Promise<number> {
  const headers = { ...SERVICE_HEADERS, "content-type": "application/json" };
  const userId = await findUserThroughSupabaseApi(email);
  const table = GRANT_TABLES[grant];
  const response = await fetch(`${LOCAL_URL}/rest/v1/${table}?on_conflict=user_id`, {
    method: "POST",
    headers: { ...headers, prefer: "resolution=ignore-duplicates,return=minimal" },
    body: JSON.stringify({ user_id: userId }),
  });
  if (!response.ok) throw new Error(`POST /rest/v1/${table} answered ${response.status}: ${await response.text()}`);
  console.log(grant === "admin" ? `${email} is an admin.` : `${email} is an approved member.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
