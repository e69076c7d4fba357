// The contact and join actions, called as Remix calls them (a Request and the Worker's
// load context), against the embedded backend through the real supabase-js and row-level security.
// What is checked is what a visitor or a bot would see: the status, the errors, the values given
// back, and whether a row was stored (read with the service role, since visitors cannot read them).
import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContactActionData } from "~/lib/contact-form";
import { action as contactAction } from "~/routes/contact";
import { action as joinAction } from "~/routes/join";
import { serviceClient } from "../support/backend";
import { answerOf, fakeLimiter, testLoadContext, uniqueEmail, type Answer } from "../support/route-context";

const ORIGIN = "http://127.0.0.1:8791";

function loadContext(options: { limiter?: RateLimit; supabaseUrl?: string } = {}): AppLoadContext {
  return testLoadContext({
    ...(options.supabaseUrl ? { SUPABASE_URL: options.supabaseUrl } : {}),
    ...(options.limiter ? { CONTACT_LIMITER: options.limiter } : {}),
  });
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, "cf-connecting-ip": "203.0.113.7", ...headers },
  });
}

function validFields(email: string): Record<string, string> {
  return { name: "  Ada  ", email, region: "", message: " Hello from the tests. ", security: "on", website: "" };
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
