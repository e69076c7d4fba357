#!/usr/bin/env node
// `npm start`: the real site on a fresh clone with no other step. Installs what is missing, builds,
// starts the embedded backend (data kept in .data/) and the built Worker under wrangler dev (workerd),
// prints where everything is, and stops both on Ctrl+C.
import { ensureInstalled, run, startService, stopService, waitForHttp } from "./processes.mjs";
import { backendMail, BACKEND_PORT, SITE_PORT, wranglerDevArgs } from "./ports.mjs";

const backendUrl = `http://127.0.0.1:${BACKEND_PORT}`;
const siteUrl = `http://127.0.0.1:${SITE_PORT}`;

async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

await ensureInstalled();
// Build before wrangler starts: rebuilding under a running wrangler removes build/client and crashes it.
if ((await run("npx", ["remix", "vite:build"])) !== 0) process.exit(1);

const services = [];
async function stopAll() {
  for (const service of services.reverse()) await stopService(service);
  process.exit(0);
}
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);

if (await answers(`${backendUrl}/`)) {
  console.log(`Using the backend already running at ${backendUrl}.`);
} else {
  services.push(startService("backend", "npx", ["tsx", "supabase/embedded/cli.ts", "start"]));
  await waitForHttp(`${backendUrl}/`, 60_000);
}
if (await answers(`${siteUrl}/`)) {
  console.error(`Port ${SITE_PORT} is already in use: stop whatever serves ${siteUrl} and run npm start again.`);
  await stopAll();
}
services.push(startService("site", "npx", await wranglerDevArgs(SITE_PORT, backendUrl)));
await waitForHttp(`${siteUrl}/`, 90_000);

console.log(`
  Site      ${siteUrl}
  Backend   ${backendUrl}   (Supabase-compatible; npm run db:keys prints the keys)
  Mail      ${(await backendMail(backendUrl)).url}   (the local mail catcher: password-reset mail lands here)
  Accounts  admin@example.org / local-admin-password   (admin; TOTP secret TUA2IR7VKIJOFLNTW4CFNGSLDKHKIMMD)
            member@example.org / local-member-password (member)
            lucia@, amara@, tomasz@example.org / local-member-password (members)
  Press Ctrl+C to stop.
`);
