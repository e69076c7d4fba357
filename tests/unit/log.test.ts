// The server's log without personal data (app/lib/log.server.ts): what logError and logWarn print has no IP
// address, email address, message body, form value or secret left, wherever it was in what they were given,
// and still says what failed.
import { AuthApiError, PostgrestError } from "@supabase/supabase-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeForLog, logError, logWarn, scrubText } from "~/lib/log.server";
import { QueryError } from "~/models/query.server";

/** Everything one call printed, as one string. */
function printed(spy: { mock: { calls: unknown[][] } }): string {
  return spy.mock.calls.flat().map(String).join("\n");
}

afterEach(() => vi.restoreAllMocks());

describe("scrubText", () => {
  it("replaces IPv4 addresses, and leaves other dotted numbers", () => {
    expect(scrubText("from 203.0.113.7 and 10.0.0.1, via 192.168.1.254:8080")).toBe("from [ip] and [ip], via [ip]:8080");
    expect(scrubText("version 1.2.3, 2026-11-30, 3.14")).toBe("version 1.2.3, 2026-11-30, 3.14");
  });

  it("replaces IPv6 addresses in every form: full, compressed, loopback, zoned, IPv4-mapped, bracketed with a port", () => {
    for (const address of [
      "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
      "2001:db8::1",
      "2a06:98c0:3600::103",
      "fe80::1%eth0",
      "::1",
      "::ffff:198.51.100.4",
      "2001:db8:0:1::",
    ]) {
      expect(scrubText(`client ${address} refused`), address).toBe("client [ip] refused");
    }
    expect(scrubText("http://[2001:db8::2]:8787/login")).toBe("http://[[ip]]:8787/login");
  });

  it("leaves times, error codes and C++-style names alone", () => {
    expect(scrubText("at 03:17:00 code PGRST301, std::string, 42501")).toBe("at 03:17:00 code PGRST301, std::string, 42501");
  });

  it("replaces email addresses, internationalised ones and ones in URLs too, but not a package scope in a stack", () => {
    expect(scrubText("Email address \"Ines.M+news@example.net\" is invalid")).toBe('Email address "[email]" is invalid');
    expect(scrubText("to josé@correo.example.es.")).toBe("to [email].");
    expect(scrubText("smtp://user:pass@mail.example.org:465")).toBe("smtp://user:[email]:465");
    expect(scrubText("at f (file:///srv/node_modules/@supabase/auth-js/dist/main.js:1:2)")).toBe(
      "at f (file:///srv/node_modules/@supabase/auth-js/dist/main.js:1:2)",
    );
  });

  it("drops the values Postgres quotes from a refused row", () => {
    expect(scrubText('Failing row contains (7f1e…, Inès, Bonjour, je voudrais…, contact, new).')).toBe("Failing row contains ([redacted]).");
    expect(scrubText("Key (lower(email::text))=(someone) already exists.")).toBe("Key (lower(email::text))=([redacted]) already exists.");
  });

  it("cuts long text after scrubbing it (a cut address would no longer look like one), in linear time", () => {
    const started = performance.now();
    const long = scrubText("x".repeat(1_000_000));
    // A quadratic expression would take minutes here.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(long).toMatch(/^x{500}… \(1000000 characters in all\)$/);
    expect(scrubText(`${"a".repeat(450)} and ${"x".repeat(1_000)}someone@example.org`)).toBe(`${"a".repeat(450)} and [email]`);
    expect(scrubText(`${"word ".repeat(90)}someone.private@example.org and more`)).toMatch(/^(word ){90}\[email\] and more$/);
  });
});

describe("logError and logWarn", () => {
  it("print the context and the error's name, code, status and message, without the email address in it (supabase-js's auth error)", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    logError("Sign-up failed", new AuthApiError('Email address "rosa@example.org" cannot be used', 400, "email_address_invalid"));
    expect(spy).toHaveBeenCalledTimes(1);
    const [context, detail] = spy.mock.calls[0];
    expect(context).toBe("Sign-up failed:");
    expect(detail).toMatch(/^AuthApiError: Email address "\[email\]" cannot be used \[code email_address_invalid, status 400\]/);
    expect(printed(spy)).not.toContain("rosa");
  });

  it("strip a PostgREST error's details, which quote the row, and keep its code and hint", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = new PostgrestError({
      message: 'new row for relation "contacts" violates check constraint "contacts_email_check"',
      details: "Failing row contains (1, Amara, amara@example.org, Please keep this private, contact, new).",
      hint: "from 198.51.100.23",
      code: "23514",
    });
    logError("Storing a contact message failed", new QueryError("contact message", refused));
    const text = printed(spy);
    expect(text).toContain("QueryError: contact message: new row for relation \"contacts\" violates check constraint");
    expect(text).toContain("cause: PostgrestError:");
    expect(text).toContain("[code 23514]");
    expect(text).toContain("details: Failing row contains ([redacted]).");
    expect(text).toContain("hint: from [ip]");
    for (const secret of ["Amara", "amara@", "Please keep this private", "198.51.100.23"]) expect(text).not.toContain(secret);
  });

  it("follow an Error's cause, however deep, and scrub each", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const root = new Error("connect ECONNREFUSED 2001:db8::5:443");
    const middle = new Error("fetch failed for lucia@example.org", { cause: root });
    logError("Reading the news failed", new Error("could not read", { cause: middle }));
    const text = printed(spy);
    expect(text).toContain("Error: could not read");
    expect(text).toContain("cause: Error: fetch failed for [email]");
    expect(text).toContain("cause: Error: connect ECONNREFUSED [ip]");
    expect(text).not.toMatch(/lucia|2001:db8/);
  });

  it("redact the values of keys that hold what people wrote or secrets, in nested objects and arrays", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    logWarn("Odd submission", {
      form: { name: "Kwame", email: "kwame@example.org", message: "A long personal story", region: "africa" },
      nested: { deeper: [{ password: "hunter2hunter2", token: "abc123", access_token: "eyJ…", note: "seen at 203.0.113.9" }] },
      body: "raw body",
      content: "<p>a draft</p>",
      count: 3,
    });
    const text = printed(spy);
    for (const secret of ["Kwame", "kwame@", "A long personal story", "hunter2", "abc123", "eyJ", "raw body", "a draft", "203.0.113.9"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"count":3');
    expect(text).toContain('"note":"seen at [ip]"');
    expect(text).toContain("[redacted]");
  });

  it("never print form data, a request's body or query string, or headers", () => {
    const form = new FormData();
    form.set("message", "secret words");
    const request = new Request("https://inag.network/newsletter/confirm?token=0123456789abcdef", {
      method: "POST",
      headers: { Cookie: "sb-auth-token=xyz", "CF-Connecting-IP": "203.0.113.50" },
      body: "email=someone%40example.org",
    });
    const text = describeForLog({ submitted: form, request, headers: request.headers, query: new URLSearchParams("email=a@b.org") });
    expect(text).toBe('{"submitted":"[form data]","request":"[request POST /newsletter/confirm]","headers":"[headers]","query":"[query]"}');
  });

  it("print a context alone, scrubbed too, when there is no error", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    logError("WORKER_SECRET is not set");
    logError("Mail to admin@example.org from 192.0.2.1 failed");
    expect(spy.mock.calls).toEqual([["WORKER_SECRET is not set"], ["Mail to [email] from [ip] failed"]]);
  });

  it("survive cycles, strings, numbers and nothing", () => {
    const cyclic: Record<string, unknown> = { step: 1 };
    cyclic.self = cyclic;
    expect(describeForLog(cyclic)).toBe('{"step":1,"self":"[circular]"}');
    expect(describeForLog("plain 198.51.100.1")).toBe("plain [ip]");
    expect(describeForLog(42)).toBe("42");
    expect(describeForLog(null)).toBe("null");
  });
});
