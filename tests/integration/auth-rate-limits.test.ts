// config.toml's [auth.rate_limit] in the embedded /auth/v1, counted per client (X-Forwarded-For's first
// entry when present, as self-hosted GoTrue's GOTRUE_RATE_LIMIT_HEADER): beyond the limit, GoTrue's 429.
import { beforeEach, describe, expect, it } from "vitest";
import { loadAuthConfig } from "../../supabase/embedded/config";
import { anonKey, backendUrl, resetBackend } from "../support/backend";

beforeEach(resetBackend);

const signIn = (client: string, email = "nobody@example.org") =>
  fetch(`${backendUrl()}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: anonKey(), "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ email, password: "not-the-password" }),
  });

describe("GoTrue's rate limits", () => {
  it("sign-in attempts beyond sign_in_sign_ups from one client within 5 minutes get 429 over_request_rate_limit; another client does not", { timeout: 60_000 }, async () => {
    const { signInSignUps } = loadAuthConfig().rateLimit;
    const client = "203.0.113.7";
    for (let sent = 0; sent < signInSignUps; sent += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, signInSignUps - sent) }, () => signIn(client)));
      expect(batch.every((response) => response.status === 400)).toBe(true);
    }
    const beyond = await signIn(client, "member@example.org");
    expect(beyond.status).toBe(429);
    expect(await beyond.json()).toMatchObject({ code: "over_request_rate_limit" });
    expect((await signIn("203.0.113.8")).status).toBe(400);
  });

  it("token verifications beyond token_verifications get 429", async () => {
    const { tokenVerifications } = loadAuthConfig().rateLimit;
    const verify = () =>
      fetch(`${backendUrl()}/auth/v1/verify`, {
        method: "POST",
        headers: { apikey: anonKey(), "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ type: "recovery", token_hash: "0".repeat(56) }),
      });
    for (let i = 0; i < tokenVerifications; i++) expect((await verify()).status).toBe(403);
    expect((await verify()).status).toBe(429);
  });
});
