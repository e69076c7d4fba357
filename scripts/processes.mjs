// Running commands and long-lived services for the project's scripts.
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { WRANGLER_ENV } from "./ports.mjs";

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, { env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...WRANGLER_ENV, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(127));
  });
}

/** `npm ci` when node_modules is missing or older than the lockfile, so a fresh clone needs no other step. */
export async function ensureInstalled() {
  const marker = "node_modules/.package-lock.json";
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync("package-lock.json").mtimeMs) return;
  console.log("Installing dependencies (npm ci)…");
  const code = await run("npm", ["ci", "--no-audit", "--no-fund"]);
  if (code !== 0) {
    console.error("npm ci failed");
    process.exit(code);
  }
}

/** Starts a service in its own process group, its output prefixed with its name. */
export function startService(name, command, args, { env = {} } = {}) {
  const child = spawn(command, args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...WRANGLER_ENV, ...env },
  });
  const prefix = (chunk) =>
    chunk.toString().split("\n").filter(Boolean).map((line) => `[${name}] ${line}`).join("\n") + "\n";
  child.stdout.on("data", (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on("data", (chunk) => process.stderr.write(prefix(chunk)));
  child.name = name;
  return child;
}

/** Stops a service and everything it started (wrangler starts workerd). */
export async function stopService(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timedOut = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)]);
  if (timedOut) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Waits until a URL answers at all (any status), or throws after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
