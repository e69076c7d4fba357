// Sessions a member controls, in the embedded /auth/v1 as GoTrue has them: refresh tokens rotate, and
// one replayed after refresh_token_reuse_interval (10 s in config.toml) ends its whole session; a
// global sign-out ends every session of the account.
import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, anonKey, backendUrl, resetBackend, signedInClient, userWithToken } from "../support/backend";

beforeEach(resetBackend);

async function refresh(refreshToken: string) {
  const response = await fetch(`${backendUrl()}/auth/v1/token?grant_type=refresh_token`, {
    method: "POST",
    headers: { apikey: anonKey(), "content-type": "application/json" },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string; refresh_token?: string; code?: string } };
}

const userStatus = async (accessToken: string) => (await userWithToken(accessToken)).status;

describe("sessions", () => {
  it("a refresh token replayed after the reuse interval revokes its whole session", { timeout: 30_000 }, async () => {
    const client = await signedInClient(ACCOUNTS.member);
    const first = (await client.auth.getSession()).data.session!;
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(first.refresh_token);

    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const replayed = await refresh(first.refresh_token);
    expect(replayed).toMatchObject({ status: 400, body: { code: "refresh_token_already_used" } });
    // The thief's replay ended the owner's session too: its newest tokens no longer work.
    expect((await refresh(rotated.body.refresh_token!)).status).toBe(400);
    expect(await userStatus(rotated.body.access_token!)).toBe(403);
  });

  it("signing out globally ends every session of the account, and only of that account", async () => {
    const here = await signedInClient(ACCOUNTS.member);
    const elsewhere = (await (await signedInClient(ACCOUNTS.member)).auth.getSession()).data.session!;
    const someoneElse = (await (await signedInClient({ email: "lucia@example.org", password: "local-member-password" })).auth.getSession()).data.session!;
    expect((await here.auth.signOut({ scope: "global" })).error).toBeNull();
    expect(await userStatus(elsewhere.access_token)).toBe(403);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(400);
    expect(await userStatus(someoneElse.access_token)).toBe(200);
  });
});
