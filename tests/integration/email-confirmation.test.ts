// Sign-up confirmation by mail (config.toml's enable_confirmations, off locally and on in production),
// against a second embedded backend started with it on: the mail comes from supabase/templates/
// confirmation.html in the member's language, an unconfirmed account cannot sign in, and the link's
// page (/auth/confirm) confirms the address once and signs the member in.
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "../../supabase/embedded/gateway";
import { mailTo } from "../support/backend";
import { siteRequest, testLoadContext } from "../support/route-context";
import { startOnFreePort } from "../support/start-backend";
import { action as confirmAction, loader as confirmLoader } from "~/routes/auth.confirm";
import { action as signupAction } from "~/routes/signup";

let backend: EmbeddedBackend;

beforeAll(async () => {
  backend = await startOnFreePort({ log: () => {}, authConfig: { enableConfirmations: true } });
}, 120_000);
afterAll(() => backend?.stop());

/** The status of a loader's or action's answer: a Response, or single fetch's data() (init.status). */
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init: ResponseInit | null }).init?.status ?? 200);

const client = () => createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const PASSWORD = "a-long-enough-password";

async function confirmationLink(email: string) {
  const mails = await mailTo(email, backend.mailUrl!);
  const hash = /href="[^"]*\/auth\/confirm\?token_hash=([0-9a-f]+)&amp;type=email"/.exec(mails.at(-1)?.html ?? "")?.[1];
  return { mails, hash };
}

describe("sign-up confirmation by mail", () => {
  it("mails a link in the member's language; unconfirmed, the account cannot sign in; the link confirms once", async () => {
    const email = `confirm-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const { data, error } = await client().auth.signUp({ email, password: PASSWORD, options: { data: { username: `c${crypto.randomUUID().slice(0, 6)}`, locale: "de" } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const { mails, hash } = await confirmationLink(email);
    expect(mails[0].subject).toBe("INAG: Adresse bestätigen");
    expect(hash).toBeTruthy();

    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe("email_not_confirmed");
    const confirmed = await client().auth.verifyOtp({ token_hash: hash!, type: "email" });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await client().auth.verifyOtp({ token_hash: hash!, type: "email" })).error).toMatchObject({ code: "otp_expired" });
  });

  it("answers a taken address like a new one, and mails nothing more", async () => {
    const email = `taken-${crypto.randomUUID().slice(0, 8)}@example.org`;
    await client().auth.signUp({ email, password: PASSWORD });
    const again = await client().auth.signUp({ email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect((await mailTo(email, backend.mailUrl!)).length).toBe(1);
  });

  it("the site: sign-up says to check the mail; /auth/confirm shows a button on GET, confirms and signs in on POST, once", async () => {
    const context = testLoadContext({ SUPABASE_URL: backend.url });
    const email = `site-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const signedUp = await signupAction({ request: siteRequest("/signup", { form: { email, password: PASSWORD, publicName: `s${crypto.randomUUID().slice(0, 6)}` } }), context, params: {} });
    expect((signedUp as unknown as { data: unknown }).data).toMatchObject({ requested: true, checkMail: true });
    const { hash } = await confirmationLink(email);

    const page = await confirmLoader({ request: siteRequest(`/auth/confirm?token_hash=${hash}&type=email`), context, params: {} });
    expect(statusOf(page)).toBe(200);
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe("email_not_confirmed");

    const post = () => confirmAction({ request: siteRequest("/auth/confirm", { form: { token_hash: hash!, type: "email" } }), context, params: {} });
    const done = (await post()) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account?email=confirmed");
    expect(done.headers.get("Set-Cookie")).toMatch(/sb-.*-auth-token/);
    expect(statusOf(await post())).toBe(400);
    expect(statusOf(await confirmLoader({ request: siteRequest("/auth/confirm"), context, params: {} }))).toBe(400);
  });
});
