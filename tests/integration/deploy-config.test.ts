// The production configuration check (scripts/check-config.mjs, run by npm test and npm run deploy)
// against wrangler's real dry run: the committed wrangler.toml and variants of it written beside it
// (its paths are relative to the file). Needs the build, which npm test makes before vitest.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkSupabase, checkWrangler } from "../../scripts/check-config.mjs";

type Check = { problems: string[]; bindings: { name: string; kind: string }[]; size: { uploadKiB: number; gzipKiB: number } | null };

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const committed = readFileSync(`${ROOT}wrangler.toml`, "utf8");
const LIMITERS = ["CONTACT_LIMITER", "SIGNUP_LIMITER", "LOGIN_LIMITER", "NEWSLETTER_LIMITER", "DOWNLOAD_LIMITER"];
const written: string[] = [];

/** The committed wrangler.toml with `edit` applied, as a file beside it. */
function variant(name: string, edit: (toml: string) => string): string {
  const file = `.check-config-${name}.toml`;
  const edited = edit(committed);
  expect(edited).not.toBe(committed);
  writeFileSync(`${ROOT}${file}`, edited);
  written.push(file);
  return file;
}

const PRODUCTION = "\n[env.production]\n";
const production = (toml: string) => toml.slice(toml.indexOf(PRODUCTION));
const local = (toml: string) => toml.slice(0, toml.indexOf(PRODUCTION));
const replaceInProduction = (toml: string, from: string | RegExp, to: string) => local(toml) + production(toml).replace(from, to);

afterAll(() => {
  for (const file of written) rmSync(`${ROOT}${file}`, { force: true });
});

describe("the production configuration check", { timeout: 120_000 }, () => {
  it("passes the committed configuration, lists its rate limiters, and keeps the Worker within its budget", async () => {
    const check: Check = await checkWrangler();
    expect(check.problems).toEqual([]);
    const limiters = check.bindings.filter((row) => row.kind === "Rate Limit").map((row) => row.name);
    expect(limiters.sort()).toEqual([...LIMITERS].sort());
    expect(check.size!.uploadKiB).toBeLessThanOrEqual(2.5 * 1024);
    expect(check.size!.gzipKiB).toBeLessThanOrEqual(1024);
  });

  it("fails a production dry run with a loopback Supabase URL, with a clear message", async () => {
    const file = variant("loopback", (toml) => replaceInProduction(toml, /SUPABASE_URL = ".*"/, 'SUPABASE_URL = "http://127.0.0.1:54321"'));
    const check: Check = await checkWrangler({ configPath: file });
    expect(check.problems).toContain(
      "SUPABASE_URL is a loopback or private address (http://127.0.0.1:54321): production must reach its public address",
    );
  });

  it("fails when production lost a rate limiter (an environment does not inherit [[ratelimits]])", async () => {
    const file = variant("no-limiter", (toml) =>
      replaceInProduction(toml, /\[\[env\.production\.ratelimits\]\]\nname = "CONTACT_LIMITER"\nnamespace_id = "1001"\nsimple = \{ limit = 3, period = 60 \}\n/, ""),
    );
    const check: Check = await checkWrangler({ configPath: file });
    expect(check.problems).toContain("[env.production] lacks the rate limiter CONTACT_LIMITER (an environment does not inherit [[ratelimits]])");
  });

  it("fails when a secret sits among the variables ([env.production.secrets] names them)", async () => {
    const file = variant("secret-in-vars", (toml) => replaceInProduction(toml, 'MAIL_FROM = "', 'WORKER_SECRET = "in-the-open"\nMAIL_FROM = "'));
    const check: Check = await checkWrangler({ configPath: file });
    expect(check.problems.join("\n")).toContain("WORKER_SECRET assigned to Environment Variable and Secret bindings.");
  });

  it("refuses to deploy the placeholders, and passes a deployer's real-looking values", async () => {
    const placeholders: Check = await checkWrangler({ deploy: true });
    expect(placeholders.problems.join("\n")).toMatch(/SUPABASE_URL is still the placeholder/);
    expect(placeholders.problems.join("\n")).toMatch(/SUPABASE_ANON_KEY is still the placeholder/);

    const file = variant("filled-in", (toml) =>
      replaceInProduction(
        replaceInProduction(
          replaceInProduction(toml, "your-project-ref", "qwertyuiopasdfghjklz"),
          "your-project-anon-key",
          "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl",
        ),
        "smtp.example.org",
        "mail.inag.network",
      ),
    );
    const check: Check = await checkWrangler({ configPath: file, deploy: true });
    expect(check.problems).toEqual([]);
    expect(check.bindings.filter((row) => row.kind === "Rate Limit")).toHaveLength(LIMITERS.length);
  });

  it("the pinned Supabase CLI reads supabase/config.toml without a warning before it tries to connect", async () => {
    const check: { problems: string[] } = await checkSupabase();
    expect(check.problems).toEqual([]);
  });
});

describe("the Worker's bundle", () => {
  it("a metafile naming a stubbed or browser-only module is refused", async () => {
    const { clientOnlyModulesIn } = await import("../../scripts/check-config.mjs");
    const meta = (inputs: string[]) => ({ outputs: { "server.js": { inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])) } } });
    expect(clientOnlyModulesIn(meta(["node_modules/@supabase/postgrest-js/dist/index.mjs", "stubs/supabase-storage.ts"]))).toEqual([]);
    expect(clientOnlyModulesIn(meta(["node_modules/@supabase/realtime-js/dist/module/RealtimeClient.js", "node_modules/d3-zoom/src/zoom.js"]))).toEqual([
      "the Worker's bundle contains @supabase/realtime-js/ (never run on the server)",
      "the Worker's bundle contains d3-zoom/ (never run on the server)",
    ]);
  });
});
