/**
 * Starts every Playwright run from the seed, so that a second run against the same local backend
 * sees what the first did (lists ordered newest first would otherwise fill with earlier runs'
 * proposals). Only the embedded backend has /__reset; a hosted one is left alone.
 */
import { SERVICE_ROLE_KEY, SUPABASE_URL } from "./local-backend";

export default async function globalSetup() {
  const response = await fetch(`${SUPABASE_URL}/__reset`, {
    method: "POST",
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  }).catch(() => null);
  if (response && !response.ok && response.status !== 404) {
    throw new Error(`resetting the local backend failed: ${response.status} ${await response.text()}`);
  }
}
