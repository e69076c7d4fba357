// The embedded Postgres: PGlite with the bootstrap SQL, the project's migrations and its seed.
// A data directory persists between runs; when it already holds a database it is reopened without re-running SQL
// (only migrations added since are applied). reset() empties public and auth and re-runs the seed.

import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type Extension } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { uuid_ossp } from "@electric-sql/pglite/contrib/uuid_ossp";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, ".data", "db");
const DEFAULT_MIGRATIONS_DIR = path.join(REPO_ROOT, "supabase", "migrations");
const DEFAULT_SEED_FILE = path.join(REPO_ROOT, "supabase", "seed.sql");
const BOOTSTRAP_FILE = fileURLToPath(new URL("./bootstrap.sql", import.meta.url));
/** Auth tables added after the first databases were built: idempotent, run on every open. */
const AUTH_FACTORS_FILE = fileURLToPath(new URL("./auth-factors.sql", import.meta.url));

/** Written into the data directory once the bootstrap, migrations and seed have all succeeded. */
const MARKER_FILE = "embedded-backend.json";
const SESSION_DEFAULTS = `reset all; reset role; set search_path = "$user", public, extensions;`;
/** DELETE leaves dead rows behind and PGlite has no autovacuum: clean up now and then (≈10 ms). */
const VACUUM_EVERY_RESETS = 25;

export interface DatabaseOptions {
  /** Where the database lives; null keeps it in memory. */
  dataDir: string | null;
  /** Delete the data directory first and build the database again. */
  fresh?: boolean;
  migrationsDir?: string;
  seedFile?: string;
  log: (line: string) => void;
}

export interface EmbeddedDatabase {
  db: PGlite;
  /** True when the bootstrap, migrations and seed ran in this process (false when an existing directory was reopened). */
  created: boolean;
  /** Truncates every table of public and auth and re-runs the seed. The caller holds the global mutex. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

interface Marker {
  createdAt: string;
  /** PGlite extension modules the database was built with; a reopen must load them again. */
  extensions: string[];
}

interface SqlFile {
  name: string;
  sql: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<EmbeddedDatabase> {
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const seedFile = options.seedFile ?? DEFAULT_SEED_FILE;
  const { dataDir, log } = options;

  const migrations = await readMigrations(migrationsDir);
  const seed = await readOptional(seedFile);

  let marker: Marker | null = null;
  if (dataDir) {
    if (options.fresh) await rm(dataDir, { recursive: true, force: true });
    marker = await readMarker(dataDir);
    if (!marker && existsSync(dataDir)) {
      // A directory without the marker is a build that never finished: start again.
      log(`database: ${dataDir} holds no finished build, rebuilding it`);
      await rm(dataDir, { recursive: true, force: true });
    }
    if (!marker) await mkdir(dataDir, { recursive: true });
  }

  const wanted = new Set([...(marker?.extensions ?? []), ...extensionNames([...migrations, ...(seed ? [{ name: "seed.sql", sql: seed }] : [])])]);
  const loaded = await loadExtensionModules(wanted);
  const started = performance.now();
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: loaded.modules });

  try {
    if (marker) {
      await db.exec(await readFile(AUTH_FACTORS_FILE, "utf8"));
      await applyNewMigrations(db, migrations, loaded.sqlNames, log);
      log(`database: reopened ${dataDir} in ${Math.round(performance.now() - started)} ms`);
    } else {
      await db.exec(await readFile(BOOTSTRAP_FILE, "utf8"));
      await db.exec(await readFile(AUTH_FACTORS_FILE, "utf8"));
      await db.exec(MIGRATIONS_TABLE);
      for (const file of migrations) await applyMigration(db, file, loaded.sqlNames, log);
      if (seed) await runSql(db, { name: path.basename(seedFile), sql: seed }, loaded.sqlNames, log);
      if (dataDir) {
        const written: Marker = { createdAt: new Date().toISOString(), extensions: Object.keys(loaded.modules) };
        await writeFile(path.join(dataDir, MARKER_FILE), JSON.stringify(written, null, 2) + "\n");
      }
      const where = dataDir ?? "memory";
      const parts = `bootstrap, ${migrations.length} migration${migrations.length === 1 ? "" : "s"}, ${seed ? "seed" : "no seed"}`;
      log(`database: built in ${where} in ${Math.round(performance.now() - started)} ms (${parts})`);
    }
    await db.exec(SESSION_DEFAULTS);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }

  let resets = 0;
  return {
    db,
    created: !marker,
    async reset() {
      const seedNow = await readOptional(seedFile);
      let tables: string[] = [];
      try {
        tables = await emptyTables(db);
        if (seedNow) await runSql(db, { name: path.basename(seedFile), sql: seedNow }, loaded.sqlNames, log);
        await db.exec("commit");
      } catch (error) {
        if (db.isInTransaction()) await db.exec("rollback").catch(() => {});
        throw error;
      } finally {
        await db.exec(SESSION_DEFAULTS);
      }
      if (++resets % VACUUM_EVERY_RESETS === 0 && tables.length) await db.exec(`vacuum ${tables.join(", ")}`);
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

const MIGRATIONS_TABLE = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
`;

/**
 * Empties every table of public and auth (plus any table elsewhere whose foreign keys point at them) and restarts
 * the sequences they own: the effect of `TRUNCATE … RESTART IDENTITY CASCADE`, but with DELETE, which in PGlite
 * is 3-4 times faster for small tables (TRUNCATE creates new files for every table and index). Foreign-key and
 * user triggers are off meanwhile (session_replication_role = replica), as TRUNCATE fires no row triggers either.
 * Leaves the transaction open so that the seed runs in it; the caller commits.
 */
async function emptyTables(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ names: string[] | null; sequences: string | null }>(`
    with recursive reached(oid) as (
      select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'auth') and c.relkind in ('r', 'p') and not c.relispartition
      union
      select con.conrelid from pg_constraint con join reached r on con.confrelid = r.oid where con.contype = 'f'
    ),
    tables as (
      select distinct c.oid, n.nspname, c.relname from reached r
        join pg_class c on c.oid = r.oid join pg_namespace n on n.oid = c.relnamespace
    )
    select
      (select array_agg(format('%I.%I', nspname, relname)) from tables) as names,
      (select string_agg(format('alter sequence %I.%I restart', sn.nspname, s.relname), '; ')
         from pg_depend d
         join tables t on t.oid = d.refobjid
         join pg_class s on s.oid = d.objid and s.relkind = 'S'
         join pg_namespace sn on sn.oid = s.relnamespace
        where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')) as sequences`);
  const names = rows[0]?.names ?? [];
  const deletes = names.map((name) => `delete from ${name};`).join(" ");
  await db.exec(
    `begin; set local session_replication_role = replica; ${deletes} ${rows[0]?.sequences ?? ""}; set local session_replication_role = origin;`,
  );
  return names;
}

async function applyNewMigrations(db: PGlite, migrations: SqlFile[], available: Set<string>, log: (line: string) => void) {
  await db.exec(MIGRATIONS_TABLE);
  const { rows } = await db.query<{ version: string; statements: string[] | null }>(
    "select version, statements from supabase_migrations.schema_migrations",
  );
  const applied = new Map(rows.map((row) => [row.version, row.statements?.join("\n") ?? ""]));
  for (const file of migrations) {
    const version = migrationVersion(file.name);
    if (!applied.has(version)) {
      log(`database: applying new migration ${file.name}`);
      await applyMigration(db, file, available, log);
    } else if (applied.get(version) !== file.sql) {
      log(`database: ${file.name} changed since the database was built; rebuild it with --reset to apply the change`);
    }
  }
}

async function applyMigration(db: PGlite, file: SqlFile, available: Set<string>, log: (line: string) => void) {
  await runSql(db, file, available, log);
  const version = migrationVersion(file.name);
  const name = file.name.replace(/\.sql$/, "").slice(version.length + 1);
  await db.query("insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)", [
    version,
    [file.sql],
    name,
  ]);
}

/** Runs one file as its own session would: fresh session settings, unavailable extensions skipped. */
async function runSql(db: PGlite, file: SqlFile, available: Set<string>, log: (line: string) => void) {
  const sql = skipUnavailableExtensions(file, available, log);
  await db.exec(SESSION_DEFAULTS);
  try {
    await db.exec(sql);
  } catch (error) {
    if (db.isInTransaction()) await db.exec("rollback").catch(() => {});
    throw new Error(`${file.name}: ${describeSqlError(error, sql)}`, { cause: error });
  }
}

function describeSqlError(error: unknown, sql: string): string {
  const e = error as { message?: string; position?: string | number; detail?: string; hint?: string };
  let text = e.message ?? String(error);
  const position = Number(e.position);
  if (position > 0) {
    const line = sql.slice(0, position).split("\n").length;
    text += ` (line ${line})`;
  }
  if (e.detail) text += `; ${e.detail}`;
  if (e.hint) text += `; hint: ${e.hint}`;
  return text;
}

// Statements about extensions, at the start of a line (so never inside a function body in practice).
const EXTENSION_STATEMENT =
  /^[ \t]*(create|alter|drop|comment\s+on)\s+extension\s+(?:if\s+(?:not\s+)?exists\s+)?("?)([\w-]+)\2([^;]*);/gim;

function extensionNames(files: SqlFile[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    for (const match of file.sql.matchAll(EXTENSION_STATEMENT)) {
      if (match[1].toLowerCase() === "create") names.add(match[3].toLowerCase());
    }
  }
  return [...names];
}

function skipUnavailableExtensions(file: SqlFile, available: Set<string>, log: (line: string) => void): string {
  return file.sql.replace(EXTENSION_STATEMENT, (statement, verb: string, _quote, rawName: string, rest: string) => {
    const name = rawName.toLowerCase();
    if (available.has(name)) return statement;
    const oneLine = statement.trim().replace(/\s+/g, " ");
    log(`database: skipped \`${oneLine}\` in ${file.name}: PGlite has no ${name} extension`);
    // Later statements may grant on the extension's schema: give them an empty one.
    const schema = /\bschema\s+("?)([\w-]+)\1/i.exec(rest)?.[2];
    const keep = verb.toLowerCase() === "create" && schema && !["public", "extensions", "pg_catalog"].includes(schema.toLowerCase());
    return keep ? `create schema if not exists "${schema}"; -- skipped: ${oneLine}` : `-- skipped: ${oneLine}`;
  });
}

/** SQL extension names that PGlite can load, and the modules for PGlite.create. */
async function loadExtensionModules(wanted: Set<string>) {
  const modules: Record<string, Extension> = { pgcrypto, uuid_ossp };
  const sqlNames = new Set(["pgcrypto", "uuid-ossp", "plpgsql"]);
  for (const name of wanted) {
    const moduleName = name.replace(/-/g, "_");
    if (sqlNames.has(name) || moduleName in modules) continue;
    if (!/^[a-z0-9_]+$/.test(moduleName)) continue;
    try {
      const imported = (await import(`@electric-sql/pglite/contrib/${moduleName}`)) as Record<string, Extension>;
      if (imported[moduleName]) {
        modules[moduleName] = imported[moduleName];
        sqlNames.add(name);
      }
    } catch {
      // Not bundled with PGlite: the statement is skipped and logged when it runs.
    }
  }
  return { modules, sqlNames };
}

async function readMigrations(dir: string): Promise<SqlFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = names.filter((name) => name.endsWith(".sql")).sort();
  return Promise.all(files.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), "utf8") })));
}

async function readOptional(file: string): Promise<string | null> {
  try {
    const text = await readFile(file, "utf8");
    return text.trim() ? text : null;
  } catch {
    return null;
  }
}

async function readMarker(dataDir: string): Promise<Marker | null> {
  try {
    const marker = JSON.parse(await readFile(path.join(dataDir, MARKER_FILE), "utf8")) as Marker;
    return existsSync(path.join(dataDir, "PG_VERSION")) ? marker : null;
  } catch {
    return null;
  }
}

function migrationVersion(fileName: string): string {
  const base = fileName.replace(/\.sql$/, "");
  const underscore = base.indexOf("_");
  return underscore > 0 ? base.slice(0, underscore) : base;
}
