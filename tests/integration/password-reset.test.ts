// Password reset in the embedded /auth/v1 as GoTrue does it: /recover mails a one-time link (rendered
// from supabase/templates/recovery.html in the member's language) to the local mail catcher, /verify
// with its token hash signs in once, within the hour; unknown addresses get the same answer.
import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, anonClient, mailTo, resetBackend, signedInClient, userWithToken } from "../support/backend";

beforeEach(resetBackend);

/** The token hash of the newest reset link mailed to `address`. */
async function mailedTokenHash(address: string): Promise<string> {
  const mails = await mailTo(address);
  const link = /href="[^"]*\/reset-password\?token_hash=([0-9a-f]+)&amp;type=recovery"/.exec(mails.at(-1)?.html ?? "");
  if (!link) throw new Error(`no reset link in the mail to ${address}`);
  return link[1];
}

async function signUp(locale: string) {
  const email = `reset-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const { error } = await anonClient().auth.signUp({ email, password: "first-password-long", options: { data: { username: `r${crypto.randomUUID().slice(0, 6)}`, locale } } });
  if (error) throw error;
  return email;
}

describe("password reset", () => {
  it("mails a link in the member's language; the link signs in once, and the new password replaces the old", async () => {
    const email = await signUp("fr");
    const client = anonClient();
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe("INAG : réinitialisez votre mot de passe");
    expect(mail.html).toContain('lang="fr"');
    const tokenHash = await mailedTokenHash(email);

    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await client.auth.updateUser({ password: "second-password-long" })).error).toBeNull();

    const again = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(again.error).toMatchObject({ status: 403, code: "otp_expired" });
    expect((await anonClient().auth.signInWithPassword({ email, password: "first-password-long" })).error?.code).toBe("invalid_credentials");
    expect((await anonClient().auth.signInWithPassword({ email, password: "second-password-long" })).error).toBeNull();
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const { data, error } = await anonClient().auth.resetPasswordForEmail(unknown);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailTo(unknown)).toEqual([]);
  });

  it("mails one address at most once a minute (429), and an account without a locale gets English", async () => {
    const email = await signUp("");
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("INAG: reset your password");
  });

  it("a new password signs out the account's other sessions", async () => {
    const elsewhere = await signedInClient(ACCOUNTS.member);
    const here = await signedInClient(ACCOUNTS.member);
    expect((await here.auth.updateUser({ password: "a-brand-new-password" })).error).toBeNull();
    const token = (await elsewhere.auth.getSession()).data.session!.access_token;
    const ended = await userWithToken(token);
    expect(ended.status).toBe(403);
    expect((await here.auth.getUser()).error).toBeNull();
  });
});
