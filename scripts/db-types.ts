// `npm run db:types`: writes app/lib/database.types.ts with the Supabase CLI's own generator (docs/decisions/035).
//
// The schema is built from supabase/migrations in an in-memory PGlite (supabase/embedded/database.ts, the same
// bootstrap and migrations as the embedded backend), served on a free loopback port by @electric-sql/pglite-socket,
// and `supabase gen types typescript --remote=<postgres URL> --schema public` reads it, as it would read any
// Postgres. The CLI (pinned, run through npx, not a dependency) needs no Docker for a database URL; it prints the
// types unformatted, and prettier formats them as postgres-meta, the generator before CLI 3, did.
// tests/integration/database-types.test.ts calls generateDatabaseTypes() and compares with the committed file.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { format } from "prettier";
import { openDatabase, REPO_ROOT } from "../supabase/embedded/database";

/** The Supabase CLI that generates the types: pinned, so that the same migrations always give the same file. */
export const SUPABASE_CLI = "supabase@3.1.0";
export const TYPES_FILE = path.join(REPO_ROOT, "app", "lib", "database.types.ts");
/** postgres-meta's options (src/server/templates/typescript.ts); every other option is prettier's default. */
const PRETTIER_OPTIONS = { parser: "typescript", semi: false } as const;
/** The first run downloads the CLI (about 140 MB) from the npm registry. */
const CLI_TIMEOUT_MS = 180_000;

export interface GenerateOptions {
  migrationsDir?: string;
  log?: (line: string) => void;
}

/** Builds the schema from the migrations in memory and returns what the CLI generates for it, formatted. */
export async function generateDatabaseTypes(options: GenerateOptions = {}): Promise<string> {
  const log = options.log ?? (() => {});
  // No seed: the types depend on the schema only.
  const database = await openDatabase({ dataDir: null, migrationsDir: options.migrationsDir, seedFile: "", log });
  const server = new PGLiteSocketServer({ db: database.db, host: "127.0.0.1", port: 0, maxConnections: 1 });
  try {
    await server.start();
    // Port 0: the system picks a free port; getServerConn() then says which ("127.0.0.1:40123").
    // sslmode=disable: otherwise the CLI tries TLS first and prints a warning about it on stdout, into the types.
    const url = `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
    const generated = await runSupabaseCli(["gen", "types", "typescript", `--remote=${url}`, "--schema", "public"], log);
    return await format(generated, PRETTIER_OPTIONS);
  } finally {
    await server.stop();
    await database.close();
  }
}

/** `npx --yes supabase@<pinned> …` in an empty directory; resolves with its stdout. */
async function runSupabaseCli(args: string[], log: (line: string) => void): Promise<string> {
  // An empty working directory: the CLI finds no supabase/config.toml (nothing in it applies to a database URL)
  // and writes no supabase/.temp into the repository.
  const cwd = await mkdtemp(path.join(os.tmpdir(), "db-types-"));
  const command = ["npx", "--yes", SUPABASE_CLI, ...args];
  log(`$ ${command.join(" ")}`);
  try {
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(command[0], command.slice(1), {
        cwd,
        env: {
          ...process.env,
          // No update check against GitHub, no usage events: the command reads the local database and nothing else.
          SUPABASE_NO_UPDATE_NOTIFIER: "1",
          SUPABASE_TELEMETRY_DISABLED: "1",
          DO_NOT_TRACK: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
        shell: process.platform === "win32",
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
      const timer = setTimeout(() => child.kill("SIGTERM"), CLI_TIMEOUT_MS);
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`could not run npx: ${error.message}`));
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        const errors = Buffer.concat(stderr).toString("utf8").trim();
        // On success stderr says only where it connected, and that the output is unformatted (we format it).
        if (code === 0) {
          resolve(Buffer.concat(stdout).toString("utf8"));
        } else {
          const why = signal ? `was stopped (${signal}${signal === "SIGTERM" ? `, after ${CLI_TIMEOUT_MS / 1000} s` : ""})` : `exited with ${code}`;
          reject(new Error(`${command.slice(0, 3).join(" ")} gen types ${why}${errors ? `:\n${errors}` : ""}`));
        }
      });
    });
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** Generates the types and writes them to `file` (app/lib/database.types.ts by default). */
export async function writeDatabaseTypes(file = TYPES_FILE, options: GenerateOptions = {}): Promise<string> {
  const target = path.resolve(file);
  await writeFile(target, await generateDatabaseTypes(options));
  return target;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  writeDatabaseTypes(process.argv[2], { log: (line) => console.error(line) }).then(
    (written) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Wrote ${path.relative(process.cwd(), written) || written} in ${seconds} s`);
    },
    (error: unknown) => {
      console.error(`Could not generate the database types: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
