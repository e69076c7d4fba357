// The contact, join and newsletter actions, called as Remix calls them (a Request and the Worker's
// load context), against the embedded backend through the real supabase-js and row-level security.
// What is checked is what a visitor or a bot would see: the status, the errors, the values given
// back, and whether a row was stored (read with the service role, since visitors cannot read them).
import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContactActionData } from "~/lib/contact-action.server";
import { action as contactAction } from "~/routes/contact";
import { action as joinAction } from "~/routes/join";
import { action as newsletterAction, loader as newsletterLoader, type NewsletterActionData } from "~/routes/newsletter";
import type { Cloudflare } from "../../load-context";
import { anonKey, backendUrl, serviceClient } from "../support/backend";

const ORIGIN = "http://127.0.0.1:8791";

type FakeLimiter = RateLimit & { keys: string[] };

/** The Workers rate-limiting binding, answering from a fixed budget and recording the keys it was asked about. */
function fakeLimiter(budget: number): FakeLimiter {
  const keys: string[] = [];
  return {
    keys,
    async limit({ key }) {
      keys.push(key);
      return { success: keys.length <= budget };
    },
  };
}

function loadContext(
  options: { limiter?: RateLimit; supabaseUrl?: string } = {},
): AppLoadContext {
  const env = {
    SUPABASE_URL: options.supabaseUrl ?? backendUrl(),
    SUPABASE_ANON_KEY: anonKey(),
    ...(options.limiter ? { CONTACT_LIMITER: options.limiter } : {}),
  };
  // Only env is read by these actions; the rest of the Worker's context is not needed here.
  const cloudflare = { env, cf: {}, ctx: {}, caches: {} } as unknown as Cloudflare;
  return { cloudflare, cspNonce: "test-nonce" };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, "cf-connecting-ip": "203.0.113.7", ...headers },
  });
}

/** A unique address per test, so rows of one test never count in another. */
function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`;
}

function validFields(email: string): Record<string, string> {
  return { name: "  Ada  ", email, region: "", message: " Hello from the tests. ", security: "on", website: "" };
}

type Answer<T> = { data: T; status: number };

/** Unwraps what an action returns: Remix's data() (DataWithResponseInit) or a Response. */
function answerOf<T>(value: unknown): Answer<T> {
  if (value instanceof Response) throw new Error(`expected data(), got a ${value.status} Response`);
  const wrapped = value as { type?: string; data: T; init: ResponseInit | null };
  expect(wrapped.type).toBe("DataWithResponseInit");
  return { data: wrapped.data, status: wrapped.init?.status ?? 200 };
}

async function submitContact(
  fields: Record<string, string>,
  context = loadContext({ limiter: fakeLimiter(100) }),
  route: "contact" | "join" = "contact",
): Promise<Answer<ContactActionData>> {
  const handler = route === "contact" ? contactAction : joinAction;
  return answerOf<ContactActionData>(await handler({ request: post(`/${route}`, fields), context, params: {} }));
}

async function contactsFor(email: string) {
  const { data, error } = await serviceClient()
    .from("contacts")
    .select("name, email, region, message, source, status")
    .eq("email", email);
  expect(error).toBeNull();
  return data ?? [];
}

function fieldErrors(result: SubmissionResult<string[]>): Record<string, string[] | null> {
  return result.error ?? {};
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("contact form action", () => {
  // First in the file: the warning is logged once per Worker instance (module state).
  it("without the rate-limit binding stores the message and warns once, not per request", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const email = uniqueEmail("nolimiter");
    for (let i = 0; i < 2; i++) {
      const { status, data } = await submitContact(validFields(email), loadContext());
      expect(status).toBe(200);
      expect(data.outcome).toBe("success");
    }
    expect(await contactsFor(email)).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/CONTACT_LIMITER/);
  });

  it("answers missing fields with 400, a translated-key error per field and the values kept", async () => {
    const limiter = fakeLimiter(100);
    const { status, data } = await submitContact(
      { name: "", email: "not-an-address", region: "asia", message: "   ", security: "on" },
      loadContext({ limiter }),
    );
    expect(status).toBe(400);
    expect(data.outcome).toBe("invalid");
    expect(fieldErrors(data.result)).toMatchObject({
      name: ["form.errors.nameRequired"],
      email: ["form.errors.emailInvalid"],
      message: ["form.errors.messageRequired"],
    });
    expect(fieldErrors(data.result).region).toBeUndefined();
    expect(data.result.initialValue).toMatchObject({ email: "not-an-address", region: "asia", security: "on" });
    // Invalid input is not counted against the visitor's budget.
    expect(limiter.keys).toEqual([]);
    expect(await contactsFor("not-an-address")).toHaveLength(0);
  });

  it("refuses an unticked security box with form.securityRequired, values kept, nothing stored", async () => {
    const email = uniqueEmail("unticked");
    const { security: _ticked, ...unticked } = validFields(email);
    const { status, data } = await submitContact(unticked);
    expect(status).toBe(400);
    expect(fieldErrors(data.result)).toEqual({ security: ["form.securityRequired"] });
    expect(data.result.initialValue).toMatchObject({ email, name: "  Ada  " });
    expect(await contactsFor(email)).toHaveLength(0);
  });

  it("refuses a region that is not in the list", async () => {
    const email = uniqueEmail("region");
    const { status, data } = await submitContact({ ...validFields(email), region: "atlantis" });
    expect(status).toBe(400);
    expect(fieldErrors(data.result)).toEqual({ region: ["form.errors.regionInvalid"] });
    expect(await contactsFor(email)).toHaveLength(0);
  });

  it("stores a valid message from /contact, trimmed, with region null and source 'contact', and clears the form", async () => {
    const limiter = fakeLimiter(100);
    const email = uniqueEmail("contact");
    const { status, data } = await submitContact(validFields(email), loadContext({ limiter }));
    expect(status).toBe(200);
    expect(data.outcome).toBe("success");
    expect(data.result.initialValue).toBeNull();
    expect(data.result.error).toBeUndefined();
    expect(limiter.keys).toEqual(["203.0.113.7"]);
    expect(await contactsFor(email)).toEqual([
      { name: "Ada", email, region: null, message: "Hello from the tests.", source: "contact", status: "new" },
    ]);
  });

  it("stores a message from /join with source 'join' and the chosen region", async () => {
    const email = uniqueEmail("join");
    const { status } = await submitContact({ ...validFields(email), region: "southAmerica" }, undefined, "join");
    expect(status).toBe(200);
    expect(await contactsFor(email)).toMatchObject([{ source: "join", region: "southAmerica" }]);
  });

  it("answers a filled honeypot like a success but stores nothing and spends no rate-limit slot", async () => {
    const limiter = fakeLimiter(100);
    const email = uniqueEmail("bot");
    const { status, data } = await submitContact(
      { ...validFields(email), website: "http://spam.example" },
      loadContext({ limiter }),
    );
    expect(status).toBe(200);
    expect(data.outcome).toBe("success");
    expect(data.result.initialValue).toBeNull();
    expect(limiter.keys).toEqual([]);
    expect(await contactsFor(email)).toHaveLength(0);
  });

  it("answers 429 with the values kept and stores nothing once the limiter says no", async () => {
    const limiter = fakeLimiter(0);
    const email = uniqueEmail("limited");
    const { status, data } = await submitContact(validFields(email), loadContext({ limiter }));
    expect(status).toBe(429);
    expect(data.outcome).toBe("rateLimited");
    expect(fieldErrors(data.result)[""]).toEqual(["form.rateLimited"]);
    expect(data.result.initialValue).toMatchObject({ name: "  Ada  ", email, message: " Hello from the tests. " });
    expect(await contactsFor(email)).toHaveLength(0);
  });

  it("counts only submissions that would be stored: the 4th valid one from an address is refused", async () => {
    const limiter = fakeLimiter(3);
    const context = loadContext({ limiter });
    const email = uniqueEmail("burst");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await submitContact(validFields(email), context)).status);
    // An invalid one in between is not counted.
    expect((await submitContact({ ...validFields(email), name: "" }, context)).status).toBe(400);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(limiter.keys).toHaveLength(4);
    expect(await contactsFor(email)).toHaveLength(3);
  });

  it("answers a backend failure with 503 and 'form.failed', values kept, no thrown 500", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const email = uniqueEmail("down");
    // Nothing listens on port 9 (discard): every backend call fails.
    const context = loadContext({ limiter: fakeLimiter(100), supabaseUrl: "http://127.0.0.1:9" });
    const { status, data } = await submitContact(validFields(email), context);
    expect(status).toBe(503);
    expect(data.outcome).toBe("failed");
    expect(fieldErrors(data.result)[""]).toEqual(["form.failed"]);
    expect(data.result.initialValue).toMatchObject({ email, message: " Hello from the tests. " });
    expect(error).toHaveBeenCalled();
    // The log line names what failed, not who wrote.
    expect(error.mock.calls.flat().join(" ")).not.toContain(email);
  });

  it("refuses a cross-site post with 403 before reading it", async () => {
    const request = post("/contact", validFields(uniqueEmail("csrf")), { Origin: "https://evil.example" });
    const thrown = await contactAction({ request, context: loadContext(), params: {} }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });

  it("stores a message with a NUL character without it (Postgres text cannot hold one), and refuses a name of only NUL", async () => {
    const email = uniqueEmail("nul");
    const { status } = await submitContact({ ...validFields(email), name: "A\u0000da", message: "Hel\u0000lo" });
    expect(status).toBe(200);
    expect(await contactsFor(email)).toMatchObject([{ name: "Ada", message: "Hello" }]);
    const empty = await submitContact({ ...validFields(uniqueEmail("nul")), name: "\u0000" });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty.data.result).name).toEqual(["form.errors.nameRequired"]);
  });

  it("answers a body that is not a form (none, JSON, broken multipart) with 400 and the field errors, not a 500", async () => {
    const bodies: Array<{ body?: string; type?: string }> = [
      {},
      { body: JSON.stringify({ name: "Ada" }), type: "application/json" },
      { body: "garbage", type: "multipart/form-data; boundary=x" },
    ];
    for (const { body, type } of bodies) {
      const headers: Record<string, string> = { Origin: ORIGIN, ...(type ? { "Content-Type": type } : {}) };
      const request = new Request(`${ORIGIN}/contact`, { method: "POST", body, headers });
      const { status, data } = answerOf<ContactActionData>(await contactAction({ request, context: loadContext(), params: {} }));
      expect(status, type ?? "no body").toBe(400);
      expect(data.outcome).toBe("invalid");
      expect(fieldErrors(data.result).name).toEqual(["form.errors.nameRequired"]);
    }
  });

  it("answers another method than POST with 405 and stores nothing", async () => {
    const email = uniqueEmail("put");
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const request = new Request(`${ORIGIN}/join`, { method, body: new URLSearchParams(validFields(email)), headers: { Origin: ORIGIN } });
      const thrown = await joinAction({ request, context: loadContext(), params: {} }).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(thrown, method).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(405);
    }
    expect(await contactsFor(email)).toHaveLength(0);
  });
});

describe("newsletter action", () => {
  async function subscribe(fields: Record<string, string>) {
    return newsletterAction({ request: post("/newsletter", fields), context: loadContext(), params: {} });
  }

  async function subscriptionsFor(email: string): Promise<number> {
    const { count, error } = await serviceClient()
      .from("newsletter_subscriptions")
      .select("id", { count: "exact", head: true })
      .ilike("email", email);
    expect(error).toBeNull();
    return count ?? 0;
  }

  it("answers a second subscription of the same address like the first, and keeps one row", async () => {
    const email = uniqueEmail("news");
    const first = answerOf<NewsletterActionData>(await subscribe({ email, enhanced: "1" }));
    const second = answerOf<NewsletterActionData>(await subscribe({ email: email.toUpperCase(), enhanced: "1" }));
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.data.state).toBe("subscribed");
      expect(answer.data.result.initialValue).toBeNull();
    }
    expect(await subscriptionsFor(email)).toBe(1);
  });

  it("with JavaScript answers an invalid address with 400, the error and the value kept", async () => {
    const answer = answerOf<NewsletterActionData>(await subscribe({ email: "nope", enhanced: "1" }));
    expect(answer.status).toBe(400);
    expect(answer.data.state).toBe("invalid");
    expect(answer.data.result.error).toEqual({ email: ["form.errors.emailInvalid"] });
    expect(answer.data.result.initialValue).toMatchObject({ email: "nope" });
  });

  it("without JavaScript redirects (303) back to the page it came from with the outcome", async () => {
    const email = uniqueEmail("nojs");
    const ok = await subscribe({ email, redirectTo: "/about?lng=de" });
    expect(ok).toBeInstanceOf(Response);
    expect((ok as Response).status).toBe(303);
    expect((ok as Response).headers.get("Location")).toBe("/about?lng=de&newsletter=subscribed#newsletter");
    expect(await subscriptionsFor(email)).toBe(1);

    const bad = (await subscribe({ email: "nope", redirectTo: "/events" })) as Response;
    expect(bad.status).toBe(303);
    expect(bad.headers.get("Location")).toBe("/events?newsletter=invalid#newsletter");
  });

  it("never redirects off the site, whatever redirectTo or Referer say", async () => {
    for (const redirectTo of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      // Paths that become "//evil.example" once resolved (the outcome is added through new URL()).
      "/..//evil.example",
      "/%2e%2e//evil.example",
    ]) {
      const response = (await subscribe({ email: "nope", redirectTo })) as Response;
      expect(response.headers.get("Location"), redirectTo).toBe("/?newsletter=invalid#newsletter");
    }
    const viaReferer = await newsletterAction({
      request: post("/newsletter", { email: "nope" }, { Referer: "https://evil.example/page" }),
      context: loadContext(),
      params: {},
    });
    expect((viaReferer as Response).headers.get("Location")).toBe("/?newsletter=invalid#newsletter");
    const ownReferer = await newsletterAction({
      request: post("/newsletter", { email: "nope" }, { Referer: `${ORIGIN}/groups?page=2` }),
      context: loadContext(),
      params: {},
    });
    expect((ownReferer as Response).headers.get("Location")).toBe("/groups?page=2&newsletter=invalid#newsletter");
  });

  it("answers a post without a form body like an invalid address, not a 500", async () => {
    const request = new Request(`${ORIGIN}/newsletter`, { method: "POST", headers: { Origin: ORIGIN } });
    const response = (await newsletterAction({ request, context: loadContext(), params: {} })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/?newsletter=invalid#newsletter");
  });

  it("sends a GET of /newsletter to the home page", async () => {
    const response = newsletterLoader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
