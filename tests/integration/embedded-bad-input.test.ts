// Hostile and broken requests against the embedded gateway, sent with raw fetch where supabase-js would encode them
// away. Each must get a 4xx (never a 5xx) in the shape the real services use — PostgREST's {code, details, hint,
// message} on /rest/v1, GoTrue's {code, message} plus x-supabase-api-version on /auth/v1 — must execute nothing,
// and must leave the gateway serving: a normal select runs after every case (afterEach). The database is reset once,
// before all cases, so the last test can see whether any of them changed or dropped something.
import http from "node:http";
import { SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, anonClient, anonKey, backendUrl, resetBackend, serviceClient, signedInClient } from "../support/backend";

const LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
const MEMBER = "a0000000-0000-4000-8000-000000000002";
const SEEDED_GROUPS = Array.from({ length: 9 }, (_, i) => `10000000-0000-4000-8000-00000000000${i + 1}`);
const PUBLIC_TABLES = [
  "profiles",
  "admins",
  "groups",
  "news_articles",
  "events",
  "resources",
  "contacts",
  "proposals",
  "proposal_comments",
  "proposal_votes",
  "newsletter_subscriptions",
] as const;

/** A raw request to /rest/v1 as anon (or with `token` as the bearer). */
function rest(path: string, init: RequestInit = {}, token = anonKey()): Promise<Response> {
  return fetch(`${backendUrl()}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: anonKey(), authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
}

/** A request whose path goes on the wire exactly as written (fetch would resolve "..", so it is sent with node:http). */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const { hostname, port } = new URL(backendUrl());
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path, headers: { apikey: anonKey(), ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === "string") responseHeaders.set(name, value);
        }
        resolve(new Response(Buffer.concat(chunks), { status: response.statusCode, headers: responseHeaders }));
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

function auth(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${backendUrl()}/auth/v1/${path}`, {
    ...init,
    headers: { apikey: anonKey(), "x-supabase-api-version": "2024-01-01", ...(init.headers as Record<string, string>) },
  });
}

interface PostgrestErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

/** A 4xx with exactly PostgREST's error keys; returns the body. */
async function expectPostgrestError(response: Response, status: number, code: string): Promise<PostgrestErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(text) as PostgrestErrorBody;
  expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  for (const key of ["details", "hint"] as const) expect(body[key] === null || typeof body[key] === "string").toBe(true);
  return body;
}

/** A 4xx in GoTrue's shape: {code, message} and the API version header auth-js needs to read `code`. */
async function expectGoTrueError(response: Response, status: number, code: string): Promise<{ code: string; message: string }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
  expect(response.headers.get("x-sb-error-code") ?? code).toBe(code);
  const body = JSON.parse(text) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

function signToken(secret: string, claims: Record<string, unknown>, expiresAt: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ aud: "authenticated", ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(Math.min(now, expiresAt - 3600))
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

const encode = encodeURIComponent;
let sleepMs = Number.NaN;

beforeAll(resetBackend);

// After every bad request the gateway must still answer a normal query.
afterEach(async () => {
  const { data, error, status } = await anonClient().from("groups").select("id").order("id");
  expect(error).toBeNull();
  expect(status).toBe(200);
  expect(data!.map((row) => row.id)).toEqual(SEEDED_GROUPS);
});

describe("/rest/v1: broken queries", () => {
  it("a malformed select (select=id,() is 400 PGRST100", async () => {
    await expectPostgrestError(await rest("groups?select=id,("), 400, "PGRST100");
  });

  it("an unknown table is 404 42P01 (PostgREST 12.0.2; PGRST205 on ≥ 13)", async () => {
    const body = await expectPostgrestError(await rest("no_such_table?select=*"), 404, "42P01");
    expect(body.message).toBe('relation "public.no_such_table" does not exist');
  });

  it("an unknown column in select is 400 42703", async () => {
    const body = await expectPostgrestError(await rest("groups?select=id,no_such_column"), 400, "42703");
    expect(body.message).toBe("column groups.no_such_column does not exist");
  });

  it("an unknown column in a filter is 400 42703", async () => {
    await expectPostgrestError(await rest("groups?select=id&no_such_column=eq.1"), 400, "42703");
  });

  it("an unknown operator is 400 PGRST100", async () => {
    await expectPostgrestError(await rest("groups?select=id&name=drop.groups"), 400, "PGRST100");
  });

  it("a body that is not JSON (POST contacts) is 400 PGRST102", async () => {
    const body = await expectPostgrestError(
      await rest("contacts", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }),
      400,
      "PGRST102",
    );
    expect(body.message).toBe("Empty or invalid json");
  });

  it("an oversized body (over the 50 MB limit) is 413 in PostgREST's shape", async () => {
    const body = Buffer.alloc(50 * 1024 * 1024 + 1024, 0x20);
    await expectPostgrestError(
      await rest("contacts", { method: "POST", headers: { "content-type": "application/json" }, body }),
      413,
      "payload_too_large",
    );
  });

  it("an HTTP method PostgREST does not serve (PURGE) is 405 PGRST117", async () => {
    await expectPostgrestError(await rest("groups?select=id", { method: "PURGE" }), 405, "PGRST117");
  });

  it("a made-up HTTP method (FOOBAR) is refused by the HTTP parser with a bare 400", async () => {
    // Node's parser knows a fixed list of methods and rejects the request line before any route runs, so there is
    // no path to choose a body shape by: a 400 with no body, and the connection is closed.
    for (const path of ["rest/v1/groups?select=id", "auth/v1/user"]) {
      const response = await fetch(`${backendUrl()}/${path}`, { method: "FOOBAR", headers: { apikey: anonKey() } });
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("");
    }
  });

  it("a path that climbs out of /rest/v1 (POST /rest/v1/../__reset) stays in PostgREST: 404, nothing reset", async () => {
    const service = serviceClient();
    const marker = { name: "Reset marker", email: "marker@reset.example", message: "Must survive" };
    expect((await service.from("contacts").insert(marker)).error).toBeNull();

    const response = await rawRequest("POST", "/rest/v1/../__reset", { authorization: `Bearer ${anonKey()}` });
    // PostgREST 12.0.2's own answer to a path that names no table or function is 404 with an empty object
    // (newer versions: PGRST125 "Invalid path"); the gateway forwards it as is.
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({});

    const { count } = await service.from("contacts").select("id", { count: "exact", head: true }).eq("email", marker.email);
    expect(count).toBe(1);
    expect((await service.from("contacts").delete().eq("email", marker.email)).error).toBeNull();
  });

  it("a schema outside the exposed ones (Accept-Profile: auth) is 406 PGRST106", async () => {
    await expectPostgrestError(await rest("users?select=*", { headers: { "accept-profile": "auth" } }), 406, "PGRST106");
  });
});

describe("/rest/v1: injection attempts", () => {
  // Filter values are bound parameters: SQL in them is only a value. On a uuid column it is a bad uuid (22P02)…
  for (const value of ["'; drop table groups; --", "1 or 1=1", ") or (1=1"]) {
    it(`in a filter value on a uuid column: id=eq.${value} is 400 22P02`, async () => {
      const body = await expectPostgrestError(await rest(`groups?select=id&id=eq.${encode(value)}`), 400, "22P02");
      expect(body.message).toBe(`invalid input syntax for type uuid: "${value}"`);
    });
  }
  // …and on a text column it matches nothing: 200 and [], not every row and not an error.
  for (const value of ["'; drop table groups; --", "1 or 1=1", ") or (1=1"]) {
    it(`in a filter value on a text column: name=eq.${value} matches no row`, async () => {
      const response = await rest(`groups?select=id&name=eq.${encode(value)}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    });
  }

  it("in a logic tree: or=(name.eq.x,1.eq.1) refers to a column named 1, 400 42703", async () => {
    await expectPostgrestError(await rest(`groups?select=id&or=${encode("(name.eq.x,1.eq.1)")}`), 400, "42703");
  });

  it("in order: order=name;drop table groups is 400 PGRST100", async () => {
    await expectPostgrestError(await rest(`groups?select=id&order=${encode("name;drop table groups")}`), 400, "PGRST100");
  });

  it("in order: order=(select 1) is 400 PGRST100", async () => {
    await expectPostgrestError(await rest(`groups?select=id&order=${encode("(select 1)")}`), 400, "PGRST100");
  });

  it("in select: select=*,pg_sleep(1) is read as an embed, 400 PGRST200, and sleeps nowhere", async () => {
    const started = performance.now();
    const response = await rest(`groups?select=${encode("*,pg_sleep(1)")}`);
    sleepMs = performance.now() - started;
    const body = await expectPostgrestError(response, 400, "PGRST200");
    expect(body.message).toBe("Could not find a relationship between 'groups' and 'pg_sleep' in the schema cache");
    expect(sleepMs).toBeLessThan(1000);
  });

  it("in select: select=id;drop table groups is 400 PGRST100", async () => {
    await expectPostgrestError(await rest(`groups?select=${encode("id;drop table groups")}`), 400, "PGRST100");
  });

  it("through rpc: pg_catalog's pg_sleep is not an exposed function, 404 PGRST202", async () => {
    const started = performance.now();
    const response = await rest("rpc/pg_sleep", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seconds: 2 }),
    });
    await expectPostgrestError(response, 404, "PGRST202");
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("JWTs that must not pass", () => {
  it("a token signed with another secret (claiming service_role) is 401 PGRST301 on /rest/v1", async () => {
    const forged = await signToken("another-secret-that-is-also-at-least-32-characters", { role: "service_role" }, Date.now() / 1000 + 3600);
    const response = await rest("contacts?select=id", {}, forged);
    await expectPostgrestError(response, 401, "PGRST301");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("a token signed with another secret is 403 bad_jwt on /auth/v1/user", async () => {
    const forged = await signToken(
      "another-secret-that-is-also-at-least-32-characters",
      { role: "authenticated", sub: MEMBER, email: ACCOUNTS.member.email },
      Date.now() / 1000 + 3600,
    );
    await expectGoTrueError(await auth("user", { headers: { authorization: `Bearer ${forged}` } }), 403, "bad_jwt");
  });

  it("an expired token signed with the local secret is 401 PGRST301 'JWT expired' on /rest/v1", async () => {
    const expired = await signToken(LOCAL_JWT_SECRET, { role: "authenticated", sub: MEMBER }, Math.floor(Date.now() / 1000) - 3600);
    const body = await expectPostgrestError(await rest("proposals?select=id", {}, expired), 401, "PGRST301");
    expect(body.message).toBe("JWT expired");
  });

  it("an expired token signed with the local secret is 403 bad_jwt on /auth/v1/user", async () => {
    const expired = await signToken(
      LOCAL_JWT_SECRET,
      { role: "authenticated", sub: MEMBER, email: ACCOUNTS.member.email },
      Math.floor(Date.now() / 1000) - 3600,
    );
    const body = await expectGoTrueError(await auth("user", { headers: { authorization: `Bearer ${expired}` } }), 403, "bad_jwt");
    expect(body.message).toContain("expired");
  });

  it("an unsigned token (alg none) is refused on both", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(JSON.stringify({ role: "service_role", sub: MEMBER, exp: Math.floor(Date.now() / 1000) + 3600 })).toString(
      "base64url",
    );
    const unsigned = `${header}.${payload}.`;
    await expectPostgrestError(await rest("contacts?select=id", {}, unsigned), 401, "PGRST301");
    await expectGoTrueError(await auth("user", { headers: { authorization: `Bearer ${unsigned}` } }), 403, "bad_jwt");
  });
});

describe("/auth/v1: broken requests", () => {
  it("a body that is not JSON on /token is 400 bad_json", async () => {
    await expectGoTrueError(
      await auth("token?grant_type=password", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }),
      400,
      "bad_json",
    );
  });

  it("a body that is not JSON on /signup is 400 bad_json", async () => {
    await expectGoTrueError(
      await auth("signup", { method: "POST", headers: { "content-type": "application/json" }, body: "email=x@y.z&password=123456" }),
      400,
      "bad_json",
    );
  });

  it("a JSON body that is not an object on /token is 400 bad_json", async () => {
    await expectGoTrueError(
      await auth("token?grant_type=password", { method: "POST", headers: { "content-type": "application/json" }, body: "[1,2]" }),
      400,
      "bad_json",
    );
  });

  it("an oversized body on /signup is 413", async () => {
    const body = Buffer.alloc(50 * 1024 * 1024 + 1024, 0x20);
    const response = await auth("signup", { method: "POST", headers: { "content-type": "application/json" }, body });
    await expectGoTrueError(response, 413, "payload_too_large");
  });

  it("an unknown /auth/v1 path is 404 not_found", async () => {
    await expectGoTrueError(await auth("admin/users"), 404, "not_found");
  });

  it("a path that climbs out of /auth/v1 (/auth/v1/../../rest/v1/groups) stays in /auth/v1: 404 not_found", async () => {
    await expectGoTrueError(await rawRequest("GET", "/auth/v1/../../rest/v1/groups?select=id"), 404, "not_found");
  });

  it("an HTTP method the endpoint does not serve (PURGE /user, GET /token) is 405", async () => {
    await expectGoTrueError(await auth("user", { method: "PURGE" }), 405, "method_not_allowed");
    await expectGoTrueError(await auth("token?grant_type=password"), 405, "method_not_allowed");
  });

  it("an unsupported grant_type is 400 invalid_credentials (GoTrue's answer)", async () => {
    const body = await expectGoTrueError(
      await auth("token?grant_type=drop_table", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      400,
      "invalid_credentials",
    );
    expect(body.message).toBe("unsupported_grant_type");
  });

  it("SQL in the e-mail of a sign-in is only a wrong e-mail", async () => {
    await expectGoTrueError(
      await auth("token?grant_type=password", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "x' or '1'='1", password: "' or '1'='1" }),
      }),
      400,
      "invalid_credentials",
    );
  });
});

describe("the gateway's key, as Supabase's gateway asks for it", () => {
  const withoutKey = (path: string, init: RequestInit = {}, apikey?: string) =>
    fetch(`${backendUrl()}${path}`, { ...init, headers: { ...(apikey ? { apikey } : {}), ...(init.headers as Record<string, string>) } });

  it("answers 401 to /rest/v1 and /auth/v1 without a key or with a key that is not the project's, and does nothing", async () => {
    const email = "keyless-signup@example.org";
    const signup = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "a-long-enough-password" }) };
    for (const apikey of [undefined, "not-a-key", "Bearer " + anonKey()]) {
      for (const [path, init] of [["/rest/v1/news_articles?select=id", {}], ["/auth/v1/signup", signup], ["/auth/v1/settings", {}]] as const) {
        const response = await withoutKey(path, init, apikey);
        expect(response.status, `${path} with ${apikey ?? "no key"}`).toBe(401);
        expect(((await response.json()) as { message: string }).message).toMatch(apikey ? /Invalid authentication credentials/ : /No API key found/);
      }
    }
    // No account was made: signing in with the key now finds none.
    const signIn = await anonClient().auth.signInWithPassword({ email, password: "a-long-enough-password" });
    expect(signIn.error?.code).toBe("invalid_credentials");
  });

  it("leaves open what Supabase's gateway leaves open: verify links and health", async () => {
    expect((await withoutKey("/auth/v1/health")).status).toBe(200);
    const verify = await withoutKey("/auth/v1/verify", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(verify.status).not.toBe(401);
  });
});

describe("after all of the above", () => {
  it("nothing was executed: the seeded groups are intact, every table is there, sign-in still works", async () => {
    const service = serviceClient();
    const { data, error } = await service.from("groups").select("id").order("id");
    expect(error).toBeNull();
    expect(data!.map((row) => row.id)).toEqual(SEEDED_GROUPS);
    for (const table of PUBLIC_TABLES) {
      const result = await service.from(table).select("*", { count: "exact", head: true });
      expect(result.error, table).toBeNull();
      expect(result.count, table).toBeGreaterThan(0);
    }
    const { count: contacts } = await service.from("contacts").select("id", { count: "exact", head: true });
    expect(contacts).toBe(4);
    console.log(`[embedded-bad-input] select=*,pg_sleep(1) answered in ${Math.round(sleepMs)} ms`);
    expect(sleepMs).toBeLessThan(1000);
    await signedInClient(ACCOUNTS.member);
  });
});
