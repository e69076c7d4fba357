// TOTP factors and assurance levels in the embedded /auth/v1, through supabase-js's auth.mfa API, and what
// the database makes of them: admin rights need aal2 and a live session (issue 11).
import { decodeJwt } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, anonClient, anonKey, backendUrl, resetBackend, serviceRoleKey, signedInClient, userWithToken, verifySecondFactor, type Client } from "../support/backend";
import { LOCAL_ADMIN_TOTP_SECRET, totpCode, wrongTotpCode } from "../support/totp";

beforeEach(resetBackend);

async function enrolAndVerify(client: Client) {
  const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: "totp", issuer: "Network" });
  if (error || !enrolled || enrolled.type !== "totp") throw error ?? new Error("no factor");
  const { data: session, error: verifyError } = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.id,
    code: totpCode(enrolled.totp.secret),
  });
  if (verifyError) throw verifyError;
  return { factorId: enrolled.id, secret: enrolled.totp.secret, session };
}

describe("TOTP factors", () => {
  it("enrols a factor with a QR code, a secret and an otpauth URI; it is unverified until a code confirms it", async () => {
    const member = await signedInClient(ACCOUNTS.member);
    const { data, error } = await member.auth.mfa.enroll({ factorType: "totp", issuer: "Network" });
    expect(error).toBeNull();
    if (data?.type !== "totp") throw new Error("expected a totp factor");
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/);
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toBe(`otpauth://totp/Network:member%40example.org?issuer=Network&secret=${data.totp.secret}&algorithm=SHA1&digits=6&period=30`);

    const before = await member.auth.mfa.listFactors();
    expect(before.data?.all).toEqual([expect.objectContaining({ id: data.id, factor_type: "totp", status: "unverified" })]);
    expect(before.data?.totp).toEqual([]);

    const { data: session, error: verifyError } = await member.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(data.totp.secret) });
    expect(verifyError).toBeNull();
    const claims = decodeJwt(session!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(["totp", "password"]);
    const after = await member.auth.mfa.listFactors();
    expect(after.data?.totp).toEqual([expect.objectContaining({ id: data.id, status: "verified" })]);
    const level = await member.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
  });

  it("a later password sign-in is aal1 with aal2 next; the code of one step before or after still counts; a refresh keeps aal2", async () => {
    const { secret, factorId } = await enrolAndVerify(await signedInClient(ACCOUNTS.member));
    const again = await signedInClient(ACCOUNTS.member);
    const level = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const { error } = await again.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, -1) });
    expect(error).toBeNull();
    const refreshed = await again.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe("aal2");
    const tooOld = await (await signedInClient(ACCOUNTS.member)).auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, -3) });
    expect(tooOld.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
  });

  it("confirming a factor ends the account's password-only sessions elsewhere", async () => {
    const elsewhere = (await (await signedInClient(ACCOUNTS.member)).auth.getSession()).data.session!.access_token;
    await enrolAndVerify(await signedInClient(ACCOUNTS.member));
    const response = await userWithToken(elsewhere);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "session_not_found" });
  });

  it("a verified factor is removed only from an aal2 session, and a second factor needs aal2 too", async () => {
    const { factorId } = await enrolAndVerify(await signedInClient(ACCOUNTS.member));
    const passwordOnly = await signedInClient(ACCOUNTS.member);
    expect((await passwordOnly.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: "insufficient_aal" });
    expect((await passwordOnly.auth.mfa.enroll({ factorType: "totp" })).error).toMatchObject({ status: 422, code: "insufficient_aal" });

    const admin = await signedInClient(ACCOUNTS.admin);
    expect((await admin.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
  });

  it("answers 429 to a sixth wrong code within a minute, even when the sixth is right", async () => {
    const admin = await signedInClient(ACCOUNTS.admin, { aal1: true });
    const factorId = "c0000000-0000-4000-8000-000000000001";
    for (let attempt = 0; attempt < 5; attempt++) {
      const { error } = await admin.auth.mfa.challengeAndVerify({ factorId, code: wrongTotpCode(LOCAL_ADMIN_TOTP_SECRET) });
      expect(error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    }
    const sixth = await admin.auth.mfa.challengeAndVerify({ factorId, code: totpCode(LOCAL_ADMIN_TOTP_SECRET) });
    expect(sixth.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
  });

  it("refuses unknown factors, expired or reused challenges and anonymous callers", async () => {
    const member = await signedInClient(ACCOUNTS.member);
    const { data } = await member.auth.mfa.enroll({ factorType: "totp" });
    const factorId = data!.id;
    const { data: challenge } = await member.auth.mfa.challenge({ factorId });
    const secret = data!.type === "totp" ? data!.totp.secret : "";
    expect((await member.auth.mfa.verify({ factorId, challengeId: challenge!.id, code: totpCode(secret) })).error).toBeNull();
    const reused = await member.auth.mfa.verify({ factorId, challengeId: challenge!.id, code: totpCode(secret) });
    expect(reused.error).toMatchObject({ status: 404, code: "mfa_challenge_not_found" });
    expect((await member.auth.mfa.challenge({ factorId: "not-a-factor" })).error).toMatchObject({ status: 404 });
    expect((await anonClient().auth.mfa.enroll({ factorType: "totp" })).error).not.toBeNull();
  });
});

describe("admin rights need aal2 and a live session", () => {
  const article = { title: "Second factor", slug: "second-factor", excerpt: "x", content: "<p>x</p>", image_url: "https://images.example.org/a.jpg" };

  it("an admin's password-only (aal1) token neither writes news nor reads contact messages; the aal2 token does both", async () => {
    const passwordOnly = await signedInClient(ACCOUNTS.admin, { aal1: true });
    const write = await passwordOnly.from("news_articles").insert(article);
    expect(write.error?.code).toBe("42501");
    const read = await passwordOnly.from("contacts").select("id");
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    expect((await passwordOnly.rpc("is_admin")).data).toBe(false);

    const admin = await signedInClient(ACCOUNTS.admin);
    expect((await admin.from("news_articles").insert(article)).error).toBeNull();
    expect((await admin.from("contacts").select("id")).data?.length).toBeGreaterThan(0);
  });

  it("an admin's aal2 access token is refused on admin data as soon as its session is signed out", async () => {
    const admin = await signedInClient(ACCOUNTS.admin);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const headers = { apikey: anonKey(), Authorization: `Bearer ${token}` };
    const before = await fetch(`${backendUrl()}/rest/v1/contacts?select=id`, { headers });
    expect(((await before.json()) as unknown[]).length).toBeGreaterThan(0);
    await admin.auth.signOut();
    const after = await fetch(`${backendUrl()}/rest/v1/contacts?select=id`, { headers });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual([]);
  });

  it("a member with a factor is a member only at aal2", async () => {
    const { secret } = await enrolAndVerify(await signedInClient(ACCOUNTS.member));
    const passwordOnly = await signedInClient(ACCOUNTS.member);
    expect((await passwordOnly.rpc("is_member")).data).toBe(false);
    expect((await passwordOnly.rpc("viewer_rights")).data).toMatchObject({ member: false, second_factor: true, aal: "aal1" });
    await verifySecondFactor(passwordOnly, secret);
    expect((await passwordOnly.rpc("is_member")).data).toBe(true);
  });

  it("another admin removes a member's factor: logged, the member's sessions end, and only admins may", async () => {
    const memberClient = await signedInClient(ACCOUNTS.member);
    const { session } = await enrolAndVerify(memberClient);
    const memberId = session!.user.id;
    expect((await memberClient.rpc("remove_second_factor", { account: memberId })).error?.code).toBe("42501");

    const admin = await signedInClient(ACCOUNTS.admin);
    const accounts = await admin.rpc("member_accounts");
    expect(accounts.data?.find((account) => account.id === memberId)?.has_second_factor).toBe(true);
    expect((await admin.rpc("remove_second_factor", { account: memberId })).error).toBeNull();
    expect((await admin.rpc("remove_second_factor", { account: memberId })).error?.code).toBe("PT409");
    const adminId = (await admin.auth.getUser()).data.user!.id;
    expect((await admin.rpc("remove_second_factor", { account: adminId })).error?.code).toBe("PT409");

    const log = await admin.from("admin_activity").select("table_name, record_id, action, actor_name").eq("table_name", "mfa_factors");
    expect(log.data).toEqual([{ table_name: "mfa_factors", record_id: memberId, action: "deleted", actor_name: "rosa" }]);
    const ended = await userWithToken(session!.access_token);
    expect(ended.status).toBe(403);
    const again = await signedInClient(ACCOUNTS.member);
    expect((await again.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it("`db:admin -- --reset-2fa` (the gateway's /__admin) removes the admin's factor; /admin then asks for a new one", async () => {
    const response = await fetch(`${backendUrl()}/__admin`, {
      method: "POST",
      headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: ACCOUNTS.admin.email, reset: "2fa" }),
    });
    expect(await response.json()).toMatchObject({ ok: true, removed: 1 });
    const admin = await signedInClient(ACCOUNTS.admin, { aal1: true });
    expect((await admin.rpc("viewer_rights")).data).toMatchObject({ admin: false, admin_role: true, second_factor: false });
  });
});
