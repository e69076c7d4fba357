#!/usr/bin/env node
// The production configuration, checked with the ecosystem's own tools, which accept what this
// refuses: `wrangler deploy --dry-run --env production` exits 0 with a warning, a loopback Supabase
// URL or a missing rate limiter, and `supabase db push` reads config.toml before anything else.
//
//   node scripts/check-config.mjs            CI (npm test): the committed configuration's shape
//   node scripts/check-config.mjs --deploy   npm run deploy: also no placeholder left in [env.production]
//   --config <file>                          another wrangler.toml (the tests' variants)
//
// Fails when wrangler prints any WARNING or error, when [env.production] lacks a rate limiter the
// local configuration has, when SUPABASE_URL or SITE_URL is not a public https address, when the
// Worker is over its budget (2.5 MiB upload, 1 MiB gzip), and when the Supabase CLI prints any WARN,
// Invalid or "no longer supported" line before it tries to connect. Needs a build (npm run build).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { parse } from "smol-toml";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const SUPABASE_CLI = "supabase@3.1.0";
export const BUDGET = { uploadKiB: 2.5 * 1024, gzipKiB: 1024 };
/** Values of the committed [env.production] that only say what to write there. */
const PLACEHOLDERS = ["your-project-ref", "your-project-anon-key", "smtp.example.org"];


function runCommand(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output: stripVTControlCharacters(output) }));
  });
}

function isLoopbackOrPrivate(hostname) {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    host === "0.0.0.0" ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host.endsWith(".local") ||
    host.endsWith(".internal")
  );
}

/** A problem when `value` is not a public https address. */
function publicHttpsProblem(name, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a URL: ${JSON.stringify(value)}`;
  }
  if (isLoopbackOrPrivate(url.hostname)) return `${name} is a loopback or private address (${value}): production must reach its public address`;
  if (url.protocol !== "https:") return `${name} must be https: ${value}`;
  return null;
}

/** Rows of wrangler's binding table: { name, value, kind }. */
function bindingsOf(output) {
  const rows = [];
  for (const line of output.split("\n")) {
    const match = /^env\.(\w+)\s+(?:\((.*?)\)\s+)?(Rate Limit|Environment Variable|Assets|[A-Z][\w ]+?)\s*$/.exec(line.trim());
    if (match) rows.push({ name: match[1], value: match[2]?.replace(/^"|"$/g, "") ?? "", kind: match[3] });
  }
  return rows;
}

/**
 * Code the Worker never runs, which must stay out of its bundle (docs/decisions/037): supabase-js's
 * unused clients (stubbed by [alias]), the map's zoom and the rich-text editor (browser only).
 */
export const CLIENT_ONLY_MODULES = [
  "node_modules/@supabase/realtime-js/",
  "node_modules/@supabase/storage-js/",
  "node_modules/@supabase/functions-js/",
  "node_modules/d3-zoom/",
  "node_modules/@tiptap/",
  "node_modules/prosemirror-",
];

/** A problem for each of CLIENT_ONLY_MODULES that esbuild's metafile shows in the bundle. */
export function clientOnlyModulesIn(meta) {
  const inputs = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs ?? {}));
  return CLIENT_ONLY_MODULES.filter((module) => inputs.some((input) => input.includes(module))).map(
    (module) => `the Worker's bundle contains ${module.replace("node_modules/", "")} (never run on the server)`,
  );
}

/** The production bundle as wrangler would upload it, written to `outdir` (with a metafile when asked). */
export function wranglerDryRun({ configPath = "wrangler.toml", outdir, metafile }) {
  return runCommand(
    "npx",
    ["wrangler", "deploy", "--dry-run", "--env", "production", "--config", configPath, "--outdir", outdir, ...(metafile ? ["--metafile", metafile] : [])],
    { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  );
}

/** wrangler's "Total Upload: … KiB / gzip: … KiB". */
export function uploadSize(output) {
  const sizes = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  return sizes ? { uploadKiB: Number(sizes[1]), gzipKiB: Number(sizes[2]) } : null;
}

export async function checkWrangler({ configPath = "wrangler.toml", deploy = false } = {}) {
  const problems = [];
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    return { problems: ["no build: run `npm run build` first (the dry run bundles build/server)"], bindings: [], size: null };
  }
  const config = parse(readFileSync(path.resolve(ROOT, configPath), "utf8"));
  const production = config.env?.production;
  if (!production) return { problems: [`${configPath} has no [env.production]`], bindings: [], size: null };

  const outdir = mkdtempSync(path.join(tmpdir(), "check-config-"));
  const metafile = path.join(outdir, "meta.json");
  const { code, output } = await wranglerDryRun({ configPath, outdir, metafile });
  if (code !== 0) problems.push(`wrangler deploy --dry-run --env production exited with ${code}`);
  if (existsSync(metafile)) problems.push(...clientOnlyModulesIn(JSON.parse(readFileSync(metafile, "utf8"))));
  rmSync(outdir, { recursive: true, force: true });
  // Each warning or error with the indented lines that explain it.
  const lines = output.split("\n");
  lines.forEach((line, index) => {
    if (!/\bWARNING\b|\bERROR\b|▲|✘/.test(line)) return;
    const details = [];
    for (const next of lines.slice(index + 1)) {
      if (!next.trim() && !details.length) continue;
      if (!/^\s+\S/.test(next)) break;
      details.push(next.trim());
    }
    problems.push(`wrangler: ${[line.trim(), ...details].join(" ")}`);
  });

  const bindings = bindingsOf(output);
  const variables = Object.fromEntries(bindings.filter((row) => row.kind === "Environment Variable").map((row) => [row.name, row.value]));
  for (const name of ["SUPABASE_URL", "SITE_URL"]) {
    if (!(name in variables)) problems.push(`[env.production.vars] has no ${name}`);
    else {
      const problem = publicHttpsProblem(name, variables[name]);
      if (problem) problems.push(problem);
    }
  }
  const limiters = new Set(bindings.filter((row) => row.kind === "Rate Limit").map((row) => row.name));
  for (const { name } of config.ratelimits ?? []) {
    if (!limiters.has(name)) problems.push(`[env.production] lacks the rate limiter ${name} (an environment does not inherit [[ratelimits]])`);
  }
  if (!(production.routes?.length || production.route)) problems.push("[env.production] has no route or custom domain (the Cache API does nothing on workers.dev)");
  if (deploy) {
    for (const [name, value] of Object.entries(variables)) {
      const placeholder = PLACEHOLDERS.find((text) => value.includes(text));
      if (placeholder) problems.push(`[env.production.vars] ${name} is still the placeholder ${JSON.stringify(value)}: write your own (README, Deploying)`);
    }
  }

  const size = uploadSize(output);
  if (!size) problems.push("wrangler printed no Total Upload");
  else {
    if (size.uploadKiB > BUDGET.uploadKiB) problems.push(`the Worker is ${size.uploadKiB} KiB, over its ${BUDGET.uploadKiB} KiB budget`);
    if (size.gzipKiB > BUDGET.gzipKiB) problems.push(`the Worker is ${size.gzipKiB} KiB gzip, over its ${BUDGET.gzipKiB} KiB budget`);
  }
  return { problems, bindings, size };
}

/** A loopback port nothing listens on. */
function closedPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function checkSupabase() {
  const port = await closedPort();
  const { output } = await runCommand(
    "npx",
    ["--yes", SUPABASE_CLI, "db", "push", "--dry-run", `--remote=postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`],
    { SUPABASE_TELEMETRY_DISABLED: "1", SUPABASE_NO_UPDATE_NOTIFIER: "1", DO_NOT_TRACK: "1" },
  );
  const lines = output.split("\n");
  const reached = lines.findIndex((line) => line.includes("failed to connect"));
  const problems = [];
  if (reached === -1) problems.push(`the Supabase CLI did not get as far as connecting:\n${output.trim()}`);
  for (const line of reached === -1 ? lines : lines.slice(0, reached)) {
    if (/\bWARN|Invalid|no longer supported/i.test(line)) problems.push(`supabase: ${line.trim()}`);
  }
  return { problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const deploy = args.includes("--deploy");
  const configPath = args.includes("--config") ? args[args.indexOf("--config") + 1] : "wrangler.toml";
  const [wrangler, supabase] = await Promise.all([checkWrangler({ configPath, deploy }), checkSupabase()]);
  const problems = [...wrangler.problems, ...supabase.problems];
  if (wrangler.size) console.log(`Worker: ${wrangler.size.uploadKiB} KiB upload, ${wrangler.size.gzipKiB} KiB gzip (budget ${BUDGET.uploadKiB} / ${BUDGET.gzipKiB})`);
  const limiters = wrangler.bindings.filter((row) => row.kind === "Rate Limit").map((row) => row.name);
  console.log(`Production rate limiters: ${limiters.join(", ") || "none"}`);
  if (problems.length) {
    console.error(`\nThe production configuration is not ready:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`Production configuration: OK (${configPath}${deploy ? ", ready to deploy" : ""}; ${SUPABASE_CLI} reads supabase/config.toml cleanly)`);
}
