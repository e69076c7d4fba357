// The newsletter by confirmed consent, as the Worker runs it: the footer's action (subscribe, mail
// the confirmation link through the local mail catcher, answer the same whatever the list holds),
// the pages of the mailed links (/newsletter/confirm, /newsletter/unsubscribe), and the database
// functions behind them, against the embedded backend through the real supabase-js.
import { describe, expect, it, vi } from "vitest";
import type { NewsletterActionData, NewsletterPageData } from "~/lib/newsletter-form";
import { action as newsletterAction, loader as newsletterLoader } from "~/routes/newsletter";
import { action as linkAction, loader as linkLoader } from "~/routes/newsletter_.$link";
import { anonClient, mailTo, serviceClient, workerClient } from "../support/backend";
import { TEST_ORIGIN, answerOf, fakeLimiter, settled, siteRequest, testLoadContext, uniqueEmail } from "../support/route-context";
import french from "../../locales/fr/newsletter.json" with { type: "json" };

/** Posts the footer's form, and waits for what the action left running (the mail) before answering. */
async function subscribe(fields: Record<string, string>, env: Partial<Env> = {}, headers: Record<string, string> = {}) {
  const context = testLoadContext(env);
  const answer = await newsletterAction({ request: siteRequest("/newsletter", { form: fields, headers }), context, params: {} });
  await settled(context);
  return answer;
}

async function subscriptionOf(email: string) {
  const { data, error } = await serviceClient()
    .from("newsletter_subscriptions")
    .select("id, confirmed_at, confirmation_sent_at, unsubscribe_token")
    .ilike("email", email);
  expect(error).toBeNull();
  return data ?? [];
}

/** The confirmation link of the newest mail to `email` (path and query), or null. */
async function confirmationLink(email: string): Promise<string | null> {
  const mails = await mailTo(email);
  const href = /href="([^"]*\/newsletter\/confirm\?[^"]*)"/.exec(mails.at(-1)?.html ?? "")?.[1];
  if (!href) return null;
  const url = new URL(href.replaceAll("&amp;", "&"));
  return `${url.pathname}${url.search}`;
}

async function waitForConfirmationLink(email: string): Promise<string> {
  await expect.poll(() => confirmationLink(email), { timeout: 10_000 }).not.toBeNull();
  return (await confirmationLink(email))!;
}

const tokenOf = (link: string) => new URL(link, TEST_ORIGIN).searchParams.get("token")!;

function followLink(kind: "confirm" | "unsubscribe", token: string, env: Partial<Env> = {}) {
  const request = siteRequest(`/newsletter/${kind}`, { form: { token } });
  return linkAction({ request, context: testLoadContext(env), params: { link: kind } });
}

describe("the footer's subscription", () => {
  it("mails a confirmation link in the visitor's language; the subscription is unconfirmed until it is followed", async () => {
    const email = uniqueEmail("optin");
    const answer = answerOf<NewsletterActionData>(await subscribe({ email, enhanced: "1" }, {}, { "Accept-Language": "fr-FR,fr;q=0.9" }));
    expect(answer.status).toBe(200);
    expect(answer.data.state).toBe("subscribed");
    const link = await waitForConfirmationLink(email);
    expect(link).toMatch(/^\/newsletter\/confirm\?token=[0-9a-f]{48}&lng=fr$/);
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe(french.mail.subject.replace("{{site}}", "INAG"));
    expect(mail.html).toContain('lang="fr"');
    expect(mail.html).toContain(french.mail.button);
    const [row] = await subscriptionOf(email);
    expect(row.confirmed_at).toBeNull();
  });

  it("mails an address that never confirms at most 3 times, an hour apart", async () => {
    const email = uniqueEmail("thrice");
    await subscribe({ email, enhanced: "1" });
    const [row] = await subscriptionOf(email);
    const anHourAgo = new Date(Date.now() - 61 * 60_000).toISOString();
    for (let mail = 2; mail <= 4; mail++) {
      expect((await serviceClient().from("newsletter_subscriptions").update({ confirmation_sent_at: anHourAgo }).eq("id", row.id)).error).toBeNull();
      await subscribe({ email, enhanced: "1" });
    }
    expect(await mailTo(email)).toHaveLength(3);
  });

  it("answers a second subscription of the same address like the first: one row, one mail within the hour", async () => {
    const email = uniqueEmail("twice");
    const first = answerOf<NewsletterActionData>(await subscribe({ email, enhanced: "1" }));
    await waitForConfirmationLink(email);
    const second = answerOf<NewsletterActionData>(await subscribe({ email: email.toUpperCase(), enhanced: "1" }));
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.data.state).toBe("subscribed");
      expect(answer.data.result.initialValue).toBeNull();
    }
    expect(await subscriptionOf(email)).toHaveLength(1);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it("answers an address already confirmed the same way, and mails it nothing", async () => {
    const email = uniqueEmail("confirmed");
    const confirmed = { email, confirmed_at: new Date().toISOString() };
    expect((await serviceClient().from("newsletter_subscriptions").insert(confirmed)).error).toBeNull();
    const answer = answerOf<NewsletterActionData>(await subscribe({ email, enhanced: "1" }));
    expect(answer.status).toBe(200);
    expect(answer.data.state).toBe("subscribed");
    expect(await mailTo(email)).toEqual([]);
  });

  it("when the mail cannot be sent: the same answer (it goes after it), no subscription left behind, no address logged", async () => {
    const email = uniqueEmail("nomail");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = answerOf<NewsletterActionData>(await subscribe({ email, enhanced: "1" }, { SMTP_PORT: "9" }));
    expect(answer.status).toBe(200);
    expect(answer.data.state).toBe("subscribed");
    expect(await subscriptionOf(email)).toEqual([]);
    expect(logged).toHaveBeenCalledWith("Newsletter confirmation mail failed:", expect.any(String));
    expect(JSON.stringify(logged.mock.calls)).not.toContain(email.split("@")[0]);
    logged.mockRestore();
  });

  it("refuses to send a password over a connection that is not encrypted from the start", async () => {
    const email = uniqueEmail("starttls");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await subscribe({ email, enhanced: "1" }, { SMTP_HOST: "smtp.example.org", SMTP_PORT: "587" });
    expect(logged).toHaveBeenCalledWith("Newsletter confirmation mail failed:", expect.stringMatching(/must be 465/));
    expect(await subscriptionOf(email)).toEqual([]);
    logged.mockRestore();
  });

  it("without the database knowing the Worker's secret: 503, nothing stored", async () => {
    const email = uniqueEmail("nosecret");
    for (const env of [{ WORKER_SECRET: "another-secret-of-at-least-32-characters" }, { WORKER_SECRET: undefined }]) {
      expect(answerOf<NewsletterActionData>(await subscribe({ email, enhanced: "1" }, env)).status).toBe(503);
    }
    expect(await subscriptionOf(email)).toEqual([]);
  });

  it("over the rate limit: 429 with its message, nothing stored, nothing mailed", async () => {
    const email = uniqueEmail("limited");
    const answer = answerOf<NewsletterActionData>(await subscribe({ email, enhanced: "1" }, { NEWSLETTER_LIMITER: fakeLimiter(0) }));
    expect(answer.status).toBe(429);
    expect(answer.data.state).toBe("limited");
    const noJs = answerOf<NewsletterPageData>(await subscribe({ email, redirectTo: "/news" }, { NEWSLETTER_LIMITER: fakeLimiter(0) }));
    expect(noJs.status).toBe(429);
    expect(noJs.data).toMatchObject({ state: "limited", back: "/news", result: { initialValue: { email } } });
    expect(await subscriptionOf(email)).toEqual([]);
  });

  it("with JavaScript answers an invalid address with 400, the error and the value kept", async () => {
    const answer = answerOf<NewsletterActionData>(await subscribe({ email: "nope", enhanced: "1" }));
    expect(answer.status).toBe(400);
    expect(answer.data.state).toBe("invalid");
    expect(answer.data.result.error).toEqual({ email: ["form.errors.emailInvalid"] });
    expect(answer.data.result.initialValue).toMatchObject({ email: "nope" });
  });

  it("without JavaScript, a subscription redirects (303) back to the page it came from with the outcome", async () => {
    const email = uniqueEmail("nojs");
    const ok = (await subscribe({ email, redirectTo: "/about?lng=de" })) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/about?lng=de&newsletter=subscribed#newsletter");
    expect(await subscriptionOf(email)).toHaveLength(1);
  });

  it("without JavaScript, an invalid address is answered by /newsletter: 400, the error, the value kept, the way back", async () => {
    const bad = answerOf<NewsletterPageData>(await subscribe({ email: "nope", redirectTo: "/events" }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ state: "invalid", back: "/events", result: { error: { email: ["form.errors.emailInvalid"] }, initialValue: { email: "nope" } } });
  });

  it("never leads off the site, whatever redirectTo or Referer say", async () => {
    const backOf = async (fields: Record<string, string>, headers: Record<string, string> = {}) => answerOf<NewsletterPageData>(await subscribe(fields, {}, headers)).data.back;
    for (const redirectTo of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      // Paths that become "//evil.example" once resolved (the outcome is added through new URL()).
      "/..//evil.example",
      "/%2e%2e//evil.example",
    ]) {
      expect(await backOf({ email: "nope", redirectTo }), redirectTo).toBe("/");
    }
    expect(await backOf({ email: "nope" }, { Referer: "https://evil.example/page" })).toBe("/");
    expect(await backOf({ email: "nope" }, { Referer: `${TEST_ORIGIN}/groups?page=2` })).toBe("/groups?page=2");
  });

  it("answers a post without a form body like an invalid address, not a 500", async () => {
    const request = new Request(`${TEST_ORIGIN}/newsletter`, { method: "POST", headers: { Origin: TEST_ORIGIN } });
    const answer = answerOf<NewsletterPageData>(await newsletterAction({ request, context: testLoadContext(), params: {} }));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ state: "invalid", back: "/" });
  });

  it("shows the form alone on a GET of /newsletter, titled in the visitor's language", async () => {
    const page = await newsletterLoader({ request: siteRequest("/newsletter?lng=fr"), context: testLoadContext(), params: {} });
    expect(page.title).toBe(french.subscribe.meta);
  });
});

describe("the mailed links", () => {
  async function pendingSubscription(label: string) {
    const email = uniqueEmail(label);
    await subscribe({ email, enhanced: "1" });
    return { email, token: tokenOf(await waitForConfirmationLink(email)) };
  }

  it("a GET of either link only shows the page (200), a malformed one says so with 404", async () => {
    const { email, token } = await pendingSubscription("scanner");
    for (const link of ["confirm", "unsubscribe"] as const) {
      const page = answerOf<{ token: string | null }>(
        await linkLoader({ request: siteRequest(`/newsletter/${link}?token=${token}`), context: testLoadContext(), params: { link } }),
      );
      expect(page.status).toBe(200);
      expect(page.data.token).toBe(token);
      const malformed = answerOf<{ token: string | null }>(
        await linkLoader({ request: siteRequest(`/newsletter/${link}?token=x`), context: testLoadContext(), params: { link } }),
      );
      expect(malformed.status).toBe(404);
    }
    expect((await subscriptionOf(email))[0].confirmed_at).toBeNull();
    await expect(linkLoader({ request: siteRequest("/newsletter/other"), context: testLoadContext(), params: { link: "other" } })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("confirming counts the subscription (twice is fine) and gives its unsubscribe link, which removes it once", async () => {
    const { email, token } = await pendingSubscription("confirm");
    const confirmed = answerOf<{ done: boolean; unsubscribeToken: string }>(await followLink("confirm", token));
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.done).toBe(true);
    const [row] = await subscriptionOf(email);
    expect(row.confirmed_at).not.toBeNull();
    expect(confirmed.data.unsubscribeToken).toBe(row.unsubscribe_token);
    expect(answerOf<{ done: boolean }>(await followLink("confirm", token)).data.done).toBe(true);

    const unsubscribed = answerOf<{ done: boolean }>(await followLink("unsubscribe", row.unsubscribe_token));
    expect(unsubscribed).toEqual({ status: 200, data: { done: true, unsubscribeToken: null } });
    expect(await subscriptionOf(email)).toEqual([]);
    expect(answerOf(await followLink("unsubscribe", row.unsubscribe_token))).toEqual({ status: 404, data: { done: false, error: "expired" } });
    expect(answerOf(await followLink("confirm", token))).toEqual({ status: 404, data: { done: false, error: "expired" } });
  });

  it("refuses an unknown, malformed or expired token (404), a cross-site post (403) and too many tries (429)", async () => {
    const { email, token } = await pendingSubscription("expired");
    for (const wrong of ["0".repeat(48), "not-a-token", ""]) {
      expect(answerOf(await followLink("confirm", wrong)).status).toBe(404);
    }
    const crossSite = new Request(`${TEST_ORIGIN}/newsletter/confirm`, {
      method: "POST",
      body: new URLSearchParams({ token }),
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    await expect(linkAction({ request: crossSite, context: testLoadContext(), params: { link: "confirm" } })).rejects.toMatchObject({ status: 403 });
    expect(answerOf(await followLink("confirm", token, { NEWSLETTER_LIMITER: fakeLimiter(0) })).status).toBe(429);

    // Confirmation links last 7 days.
    const [row] = await subscriptionOf(email);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    expect((await serviceClient().from("newsletter_subscriptions").update({ confirmation_sent_at: eightDaysAgo }).eq("id", row.id)).error).toBeNull();
    expect(answerOf(await followLink("confirm", token))).toEqual({ status: 404, data: { done: false, error: "expired" } });
    expect((await subscriptionOf(email))[0].confirmed_at).toBeNull();
  });
});

describe("the database's side", () => {
  it("only the Worker's secret opens the subscribing functions; confirm and unsubscribe need their token", async () => {
    const anon = anonClient();
    expect((await anon.rpc("newsletter_subscribe", { address: "probe@example.org" })).error?.code).toBe("42501");
    expect((await workerClient("a-wrong-secret-that-is-long-enough-too").rpc("newsletter_subscribe", { address: "probe@example.org" })).error?.code).toBe("42501");
    expect((await anon.rpc("newsletter_mail_failed", { token: "0".repeat(48) })).error?.code).toBe("42501");
    expect((await anon.rpc("newsletter_confirm", { token: "0".repeat(48) })).data).toBeNull();
    expect((await anon.rpc("newsletter_unsubscribe", { token: "0".repeat(48) })).data).toBe(false);
    expect(await subscriptionOf("probe@example.org")).toEqual([]);

    const worker = workerClient();
    const { data: token, error } = await worker.rpc("newsletter_subscribe", { address: "probe@example.org" });
    expect(error).toBeNull();
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    // A second call within the hour: no new token, so no second mail.
    expect((await worker.rpc("newsletter_subscribe", { address: "Probe@Example.org" })).data).toBeNull();
    expect((await worker.rpc("newsletter_mail_failed", { token: token! })).error).toBeNull();
    expect(await subscriptionOf("probe@example.org")).toEqual([]);
  });

  it("the purge forgets subscriptions left unconfirmed for 7 days, and nothing else", async () => {
    const service = serviceClient();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    // Every row names every column: a bulk insert sends null, not the default, for a column a row leaves out.
    const rows = [
      { email: uniqueEmail("stale"), created_at: daysAgo(8), confirmation_sent_at: daysAgo(8), confirmed_at: null, confirmation_token_hash: null },
      { email: uniqueEmail("never-mailed"), created_at: daysAgo(9), confirmation_sent_at: null, confirmed_at: null, confirmation_token_hash: null },
      { email: uniqueEmail("recent"), created_at: daysAgo(6), confirmation_sent_at: daysAgo(6), confirmed_at: null, confirmation_token_hash: null },
      {
        email: uniqueEmail("confirmed"),
        created_at: daysAgo(30),
        confirmation_sent_at: daysAgo(30),
        confirmed_at: daysAgo(29),
        confirmation_token_hash: "\\x" + "ab".repeat(32),
      },
    ];
    expect((await service.from("newsletter_subscriptions").insert(rows)).error).toBeNull();
    expect((await anonClient().rpc("newsletter_purge_unconfirmed")).error?.code).toBe("42501");
    const { data: removed, error } = await workerClient().rpc("newsletter_purge_unconfirmed");
    expect(error).toBeNull();
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await Promise.all(rows.map((row) => subscriptionOf(row.email)));
    expect(left.map((found) => found.length)).toEqual([0, 0, 1, 1]);
    // A confirmed subscription's spent token goes too: its confirmation link no longer answers with the unsubscribe token.
    const { data: kept } = await service.from("newsletter_subscriptions").select("confirmation_token_hash").eq("email", rows[3].email).single();
    expect(kept?.confirmation_token_hash).toBeNull();
  });
});
