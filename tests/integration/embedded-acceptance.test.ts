// The acceptance list of /work/shared/embedded-backend.md §12, line by line, against the embedded backend of
// tests/global-setup.ts, through the real supabase-js 2.119.1 and @supabase/ssr 0.12.7. Signed-in flows go through
// createServerClient with a cookie jar kept the way a browser and a Remix loader keep it: the "browser" holds a Map
// of cookies and sends them as a Cookie header; each "loader" builds a server client for that one request, reads the
// header with getAll and turns setAll into Set-Cookie lines, which the browser then applies to its Map.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { AuthApiError, AuthSessionMissingError, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/lib/database.types";
import { ACCOUNTS, anonClient, anonKey, approveMember, backendUrl, resetBackend, serviceClient, serviceRoleKey, userWithToken } from "../support/backend";

const COOKIE = "sb-127-auth-token";
const LUCIA = { email: "lucia@example.org", password: "local-member-password" };
const ids = {
  admin: "a0000000-0000-4000-8000-000000000001",
  member: "a0000000-0000-4000-8000-000000000002",
  lucia: "a0000000-0000-4000-8000-000000000003",
  group1: "10000000-0000-4000-8000-000000000001",
  group2: "10000000-0000-4000-8000-000000000002",
  news1: "20000000-0000-4000-8000-000000000001",
  draftProposal: "50000000-0000-4000-8000-000000000001",
  missing: "ffffffff-0000-4000-8000-000000000000",
};

interface Call {
  method: string;
  path: string;
  status: number;
  headers: Headers;
}

/** The visitor's browser: a cookie Map, sent as a Cookie header, updated from Set-Cookie lines. */
class Browser {
  readonly jar = new Map<string, string>();

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  apply(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const maxAge = attributes.find((a) => /^max-age=/i.test(a));
      if (value === "" || (maxAge && Number(maxAge.split("=")[1]) <= 0)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  clone(): Browser {
    const copy = new Browser();
    for (const [name, value] of this.jar) copy.jar.set(name, value);
    return copy;
  }

  /** The session stored in the auth cookie (ssr's default "base64-" + base64url(JSON) encoding). */
  session(): Session | null {
    const raw = this.jar.get(COOKIE);
    if (!raw) return null;
    const value = decodeURIComponent(raw);
    expect(value.startsWith("base64-")).toBe(true);
    return JSON.parse(Buffer.from(value.slice("base64-".length), "base64url").toString("utf8")) as Session;
  }
}

/**
 * One server-rendered request: a Request carrying the browser's cookies, and a createServerClient for it, as a
 * Remix loader builds one. `finish()` hands the response's Set-Cookie lines back to the browser.
 */
function loader(browser: Browser) {
  const request = new Request("http://127.0.0.1:3000/", { headers: { Cookie: browser.cookieHeader() } });
  const responseHeaders = new Headers();
  const calls: Call[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    calls.push({ method, path: url.pathname + url.search, status: response.status, headers: response.headers });
    return response;
  };
  const supabase = createServerClient<Database>(backendUrl(), anonKey(), {
    cookies: {
      getAll() {
        return parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" }));
      },
      setAll(cookiesToSet, cacheHeaders) {
        for (const { name, value, options } of cookiesToSet) {
          responseHeaders.append("Set-Cookie", serializeCookieHeader(name, value, options));
        }
        for (const [key, value] of Object.entries(cacheHeaders ?? {})) responseHeaders.set(key, value);
      },
    },
    global: { fetch: recordingFetch },
  });
  return {
    supabase,
    calls,
    setCookies: () => responseHeaders.getSetCookie(),
    authCookieLines: () => responseHeaders.getSetCookie().filter((line) => line.startsWith(`${COOKIE}=`) || line.startsWith(`${COOKIE}.`)),
    finish: () => browser.apply(responseHeaders.getSetCookie()),
  };
}

/** A browser that signed in as `account` through a loader (the cookie is in its jar). */
async function signedInBrowser(account: { email: string; password: string }): Promise<Browser> {
  const browser = new Browser();
  const request = loader(browser);
  const { error } = await request.supabase.auth.signInWithPassword(account);
  expect(error).toBeNull();
  request.finish();
  expect(browser.jar.has(COOKIE)).toBe(true);
  return browser;
}

async function postReset(): Promise<{ status: number; ms: number; wallMs: number }> {
  const started = performance.now();
  const response = await fetch(`${backendUrl()}/__reset`, { method: "POST", headers: { authorization: `Bearer ${serviceRoleKey()}` } });
  const body = (await response.json()) as { ok: boolean; ms: number };
  const wallMs = performance.now() - started;
  expect(body.ok).toBe(true);
  return { status: response.status, ms: body.ms, wallMs };
}

beforeEach(resetBackend);

describe("§12 acceptance list", () => {
  it("(1) a wrong password gives AuthApiError 400 invalid_credentials", async () => {
    const request = loader(new Browser());
    const { data, error } = await request.supabase.auth.signInWithPassword({ email: ACCOUNTS.member.email, password: "wrong-password" });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.name).toBe("AuthApiError");
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
    expect(error?.message).toBe("Invalid login credentials");
    expect(data.session).toBeNull();
    // Nothing to store: no auth cookie is written.
    expect(request.authCookieLines()).toEqual([]);
  });

  it("(2) seed user sign-in through createServerClient sets the sb-127-auth-token cookie with the base64- prefix", async () => {
    const browser = new Browser();
    const request = loader(browser);
    const { data, error } = await request.supabase.auth.signInWithPassword(ACCOUNTS.member);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(ids.member);

    const lines = request.authCookieLines();
    expect(lines).toHaveLength(1);
    expect(lines[0].startsWith(`${COOKIE}=base64-`)).toBe(true);
    expect(lines[0]).toMatch(/Path=\//i);
    expect(lines[0]).toMatch(/SameSite=Lax/i);
    expect(lines[0]).toMatch(/Max-Age=34560000/i);

    request.finish();
    expect(browser.jar.get(COOKIE)?.startsWith("base64-")).toBe(true);
    const stored = browser.session();
    expect(stored?.access_token).toBe(data.session?.access_token);
    expect(stored?.refresh_token).toBe(data.session?.refresh_token);
    expect(stored?.user.email).toBe(ACCOUNTS.member.email);
  });

  it("(3) getUser() and getClaims() work from the cookie (sub, email, role, aal)", async () => {
    const browser = await signedInBrowser(ACCOUNTS.member);

    const request = loader(browser);
    const { data: userData, error: userError } = await request.supabase.auth.getUser();
    expect(userError).toBeNull();
    expect(userData.user?.id).toBe(ids.member);
    expect(userData.user?.email).toBe(ACCOUNTS.member.email);
    expect(userData.user?.role).toBe("authenticated");
    // getUser() asks the auth server, with the access token from the cookie.
    expect(request.calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toContain("GET /auth/v1/user 200");

    const { data: claimsData, error: claimsError } = await loader(browser).supabase.auth.getClaims();
    expect(claimsError).toBeNull();
    const claims = claimsData!.claims;
    expect(claims.sub).toBe(ids.member);
    expect(claims.email).toBe(ACCOUNTS.member.email);
    expect(claims.role).toBe("authenticated");
    expect(claims.aal).toBe("aal1");
    expect(claims.aud).toBe("authenticated");
    expect(claims.iss).toBe(`${backendUrl()}/auth/v1`);
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claimsData!.header.alg).toBe("HS256");
  });

  it("(4) an RLS insert with a !author_id embed, as the user, answers 201 and an object", async () => {
    const browser = await signedInBrowser(ACCOUNTS.member);
    const { supabase } = loader(browser);
    const { data, error, status } = await supabase
      .from("proposals")
      .insert({ title: "Acceptance: insert with an embed" })
      .select("id, author:profiles!author_id(username)")
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(Array.isArray(data)).toBe(false);
    expect(data).toEqual({ id: expect.any(String), author: { username: "member" } });

    const { data: row } = await serviceClient().from("proposals").select("author_id, status").eq("id", data!.id).single();
    expect(row).toEqual({ author_id: ids.member, status: "draft" });
  });

  it("(5) a spoofed author gives 403 42501; an anon insert gives 401 42501", async () => {
    const browser = await signedInBrowser(ACCOUNTS.member);
    const spoofed = await loader(browser).supabase.from("proposals").insert({ title: "Spoofed", author_id: ids.lucia });
    expect(spoofed.status).toBe(403);
    expect(spoofed.error?.code).toBe("42501");
    // author_id is not among the columns the API may write (the database sets it to the caller).
    expect(spoofed.error?.message).toBe("permission denied for table proposals");

    // A visitor without a cookie is anon.
    const anonymous = await loader(new Browser()).supabase.from("proposals").insert({ title: "Anonymous", author_id: ids.member });
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.code).toBe("42501");

    const { count } = await serviceClient().from("proposals").select("id", { count: "exact", head: true }).in("title", ["Spoofed", "Anonymous"]);
    expect(count).toBe(0);
  });

  it("(6) count:'exact' with a partial page gives 206 and count N; rel(count) gives [{count:N}]", async () => {
    const { count: visible } = await serviceClient().from("proposals").select("id", { count: "exact", head: true }).neq("status", "draft");
    expect(visible).toBeGreaterThan(2);

    const { data, error, status, count } = await anonClient()
      .from("proposals")
      .select("id, proposal_comments(count)", { count: "exact" })
      .order("id")
      .range(0, 1);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(visible);
    // The seed: the draft (…0001) is hidden from anon; …0002 has two comments, …0003 three.
    expect(data).toEqual([
      { id: "50000000-0000-4000-8000-000000000002", proposal_comments: [{ count: 2 }] },
      { id: "50000000-0000-4000-8000-000000000003", proposal_comments: [{ count: 3 }] },
    ]);

    const whole = await anonClient().from("proposals").select("id, proposal_comments(count)", { count: "exact" }).order("id");
    expect(whole.status).toBe(200);
    expect(whole.count).toBe(visible);
    // No comments: [{"count":0}], not [].
    expect(whole.data?.find((p) => p.id === "50000000-0000-4000-8000-000000000007")?.proposal_comments).toEqual([{ count: 0 }]);
  });

  it("(7) refreshSession rotates the refresh token and rewrites the cookie; the old token within 10 s still succeeds", async () => {
    const browser = await signedInBrowser(ACCOUNTS.member);
    const before = browser.session()!;
    // A second loader that started with the same cookie, as parallel Remix loaders do.
    const parallel = browser.clone();

    const request = loader(browser);
    const { data, error } = await request.supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(before.refresh_token);
    expect(request.calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toContain(
      "POST /auth/v1/token?grant_type=refresh_token 200",
    );
    const lines = request.authCookieLines();
    expect(lines).toHaveLength(1);
    expect(lines[0].startsWith(`${COOKIE}=base64-`)).toBe(true);
    request.finish();
    expect(browser.session()?.refresh_token).toBe(data.session?.refresh_token);
    expect(browser.jar.get(COOKIE)).not.toBe(parallel.jar.get(COOKIE));

    // The old (now revoked) refresh token, within the 10 s reuse window: a session, not an error.
    const late = loader(parallel);
    const reused = await late.supabase.auth.refreshSession();
    expect(reused.error).toBeNull();
    expect(reused.data.session).not.toBeNull();
    expect(reused.data.session?.refresh_token).toBe(data.session?.refresh_token);
    expect(reused.data.session?.user.id).toBe(ids.member);
    late.finish();
    expect(parallel.session()?.refresh_token).toBe(data.session?.refresh_token);
  });

  it("(8) signOut answers 204 and removes the cookie; getUser() then gives AuthSessionMissingError", async () => {
    const browser = await signedInBrowser(ACCOUNTS.member);
    const accessToken = browser.session()!.access_token;

    const request = loader(browser);
    const { error } = await request.supabase.auth.signOut();
    expect(error).toBeNull();
    const logout = request.calls.find((call) => call.path.startsWith("/auth/v1/logout"));
    expect(logout?.method).toBe("POST");
    expect(logout?.status).toBe(204);

    const lines = request.authCookieLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.startsWith(`${COOKIE}=;`)).toBe(true);
      expect(line).toMatch(/Max-Age=0/i);
    }
    request.finish();
    expect(browser.jar.has(COOKIE)).toBe(false);

    const after = loader(browser);
    const { data, error: missing } = await after.supabase.auth.getUser();
    expect(data.user).toBeNull();
    expect(missing).toBeInstanceOf(AuthSessionMissingError);
    expect(missing?.name).toBe("AuthSessionMissingError");
    expect(after.calls).toEqual([]);

    // The signed-out session is gone on the server too: its access token no longer passes /user.
    const stale = await userWithToken(accessToken);
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { code: string }).code).toBe("session_not_found");
  });

  it("(9) signUp under autoconfirm returns a session and the trigger creates a unique profile; a duplicate is 422 user_already_exists", async () => {
    const browser = new Browser();
    const request = loader(browser);
    const { data, error } = await request.supabase.auth.signUp({ email: "member@other.example", password: "another-password" });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user?.email).toBe("member@other.example");
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    request.finish();
    expect(browser.session()?.user.id).toBe(data.user?.id);

    // on_auth_user_created: without a public name in the metadata the profile gets a random one,
    // never one made from the email address.
    const { data: profile } = await serviceClient().from("profiles").select("username").eq("id", data.user!.id).single();
    expect(profile?.username).toMatch(/^member-[a-z0-9]{6}$/);

    // The new account passes RLS as itself: pending, it may not propose; once approved, it may.
    const pending = await loader(browser).supabase.from("proposals").insert({ title: "By the new member" });
    expect(pending.status).toBe(403);
    await approveMember("member@other.example");
    const insert = await loader(browser).supabase.from("proposals").insert({ title: "By the new member" }).select("author_id").single();
    expect(insert.error).toBeNull();
    expect(insert.data?.author_id).toBe(data.user?.id);

    const duplicate = await loader(new Browser()).supabase.auth.signUp({ email: "Member@Other.example", password: "another-password" });
    expect(duplicate.error).toBeInstanceOf(AuthApiError);
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe("user_already_exists");
    const seeded = await loader(new Browser()).supabase.auth.signUp({ email: ACCOUNTS.admin.email, password: "whatever-password" });
    expect(seeded.error?.status).toBe(422);
    expect(seeded.error?.code).toBe("user_already_exists");
  });

  it("(10) a service_role HEAD count works", async () => {
    const { data, error, status, count } = await serviceClient()
      .from("contacts")
      .select("*", { count: "exact", head: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(4);

    // The same request on the wire: HEAD, Prefer: count=exact, the total in Content-Range, no body.
    const response = await fetch(`${backendUrl()}/rest/v1/contacts?select=*`, {
      method: "HEAD",
      headers: { apikey: serviceRoleKey(), authorization: `Bearer ${serviceRoleKey()}`, prefer: "count=exact" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-range")).toBe("0-3/4");
    expect(await response.text()).toBe("");

    const filtered = await serviceClient().from("contacts").select("id", { count: "exact", head: true }).eq("status", "new");
    expect(filtered.count).toBe(2);
  });

  it("(11) 40 concurrent mixed flows (sign-in + RLS insert + select + anon reads) have no failure", async () => {
    const failures: string[] = [];
    const check = (label: string, error: { message: string } | null) => {
      if (error) failures.push(`${label}: ${error.message}`);
    };
    async function signedInFlow(i: number, account: { email: string; password: string }) {
      const browser = new Browser();
      const signIn = loader(browser);
      const { data, error } = await signIn.supabase.auth.signInWithPassword(account);
      check(`flow ${i} sign-in`, error);
      signIn.finish();
      const { supabase } = loader(browser);
      const title = `Concurrent flow ${i}`;
      const inserted = await supabase.from("proposals").insert({ title }).select("id, author:profiles!author_id(id)").single();
      check(`flow ${i} insert`, inserted.error);
      if (inserted.data && inserted.data.author?.id !== data.user?.id) failures.push(`flow ${i}: wrong author`);
      const mine = await supabase.from("proposals").select("id, title").eq("title", title);
      check(`flow ${i} select`, mine.error);
      if (mine.data?.length !== 1) failures.push(`flow ${i}: sees ${mine.data?.length} rows of its own`);
    }
    async function anonFlow(i: number) {
      const anon = anonClient();
      const groups = await anon.from("groups").select("id, name");
      check(`flow ${i} groups`, groups.error);
      if (groups.data?.length !== 9) failures.push(`flow ${i}: ${groups.data?.length} groups`);
      const news = await anon.from("news_articles").select("slug, author:profiles!author_id(username)").eq("is_published", true);
      check(`flow ${i} news`, news.error);
      const proposals = await anon.from("proposals").select("id, proposal_comments(count)", { count: "exact" }).limit(2);
      check(`flow ${i} proposals`, proposals.error);
    }

    const started = performance.now();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        // Two members (the admin would need the second factor's step as well: another test's subject).
        i % 4 === 0 ? signedInFlow(i, LUCIA) : i % 2 === 0 ? signedInFlow(i, ACCOUNTS.member) : anonFlow(i),
      ),
    );
    const ms = Math.round(performance.now() - started);
    console.log(`[embedded-acceptance] 40 concurrent mixed flows (20 signed-in, 20 anon): ${ms} ms`);

    expect(failures).toEqual([]);
    const { count } = await serviceClient().from("proposals").select("id", { count: "exact", head: true }).like("title", "Concurrent flow %");
    expect(count).toBe(20);
  });

  it("(11) /__reset answers quickly (truncate + seed)", async () => {
    const runs: { ms: number; wallMs: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const run = await postReset();
      expect(run.status).toBe(200);
      runs.push({ ms: run.ms, wallMs: Math.round(run.wallMs * 10) / 10 });
    }
    const server = runs.map((run) => run.ms).sort((a, b) => a - b);
    console.log(
      `[embedded-acceptance] /__reset x5: server ms ${runs.map((r) => r.ms).join(", ")} (best ${server[0]}, median ${server[2]}); ` +
        `round trip ms ${runs.map((r) => r.wallMs).join(", ")}`,
    );
    // The spec measured 15-33 ms on an idle machine. Here the bound is generous: the best of five under 150 ms,
    // none over a second (a loaded CI box must not flake).
    expect(server[0]).toBeLessThan(150);
    expect(server[4]).toBeLessThan(1000);
    // And it really reset: a row added since is gone.
    await serviceClient().from("contacts").insert({ name: "Before reset", email: "before@reset.example", message: "x" });
    await postReset();
    const { count } = await serviceClient().from("contacts").select("id", { count: "exact", head: true });
    expect(count).toBe(4);
  });

  describe("(12) the §4/§5 status and error tables", () => {
    it("single() with 0 rows or 2 rows gives 406 PGRST116", async () => {
      const none = await anonClient().from("groups").select("id").eq("id", ids.missing).single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe("PGRST116");
      expect(none.data).toBeNull();

      const two = await anonClient().from("groups").select("id").in("id", [ids.group1, ids.group2]).single();
      expect(two.status).toBe(406);
      expect(two.error?.code).toBe("PGRST116");
      // PostgREST 12.0.2's wording (README, Limits).
      expect(two.error?.message).toBe("JSON object requested, multiple (or no) rows returned");
    });

    it("a singular write that touches 2 rows is 406 PGRST116 and is rolled back", async () => {
      const service = serviceClient();
      const result = await service.from("groups").update({ location: "Rolled back" }).in("id", [ids.group1, ids.group2]).select("id").single();
      expect(result.status).toBe(406);
      expect(result.error?.code).toBe("PGRST116");
      const { count } = await service.from("groups").select("id", { count: "exact", head: true }).eq("location", "Rolled back");
      expect(count).toBe(0);
    });

    it("23505 (unique) and 23503 (foreign key) give 409", async () => {
      const service = serviceClient();
      const { data: existing } = await service.from("news_articles").select("slug").eq("id", ids.news1).single();
      const unique = await service.from("news_articles").insert({ title: "Same slug", slug: existing!.slug });
      expect(unique.status).toBe(409);
      expect(unique.error?.code).toBe("23505");
      expect(unique.error?.details).toContain("already exists");

      const foreignKey = await service
        .from("proposal_comments")
        .insert({ proposal_id: ids.missing, author_id: ids.member, content: "On nothing" });
      expect(foreignKey.status).toBe(409);
      expect(foreignKey.error?.code).toBe("23503");
    });

    it("a missing rpc gives 404 PGRST202", async () => {
      // The typed client only knows the schema's functions.
      const untyped = anonClient() as unknown as SupabaseClient;
      const result = await untyped.rpc("no_such_function", { a: 1 });
      expect(result.status).toBe(404);
      expect(result.error?.code).toBe("PGRST202");
      expect(result.error?.message).toContain("public.no_such_function(a)");
    });

    it("no relationship gives 400 PGRST200", async () => {
      const result = await anonClient().from("groups").select("id, news_articles(id)");
      expect(result.status).toBe(400);
      expect(result.error?.code).toBe("PGRST200");
      expect(result.error?.message).toBe("Could not find a relationship between 'groups' and 'news_articles' in the schema cache");
    });
  });
});

describe("§7 and the gateway around §12", () => {
  it("auth errors carry x-supabase-api-version and a {code, message} body (x-sb-error-code too)", async () => {
    const headers = { apikey: anonKey(), "content-type": "application/json;charset=UTF-8", "x-supabase-api-version": "2024-01-01" };
    const wrong = await fetch(`${backendUrl()}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: ACCOUNTS.member.email, password: "wrong-password", gotrue_meta_security: {} }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(wrong.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(await wrong.json()).toMatchObject({ code: "invalid_credentials", message: "Invalid login credentials" });

    const noToken = await fetch(`${backendUrl()}/auth/v1/user`, { headers: { apikey: anonKey() } });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await noToken.json()).toMatchObject({ code: "no_authorization" });

    const weak = await fetch(`${backendUrl()}/auth/v1/signup`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "weak@other.example", password: "123" }),
    });
    expect(weak.status).toBe(422);
    expect(weak.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await weak.json()).toMatchObject({ code: "weak_password", weak_password: { reasons: ["length"] } });

    // And the same error through auth-js, which reads `code` only because of that header.
    const { error } = await anonClient().auth.signUp({ email: "weak@other.example", password: "123" });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("weak_password");
  });

  it("logs one line per request to test-results/embedded-backend.log", async () => {
    const probe = `/auth/v1/log-probe-${randomUUID()}`;
    const response = await fetch(`${backendUrl()}${probe}`, { headers: { apikey: anonKey() } });
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    const pattern = new RegExp(`^GET ${probe} 404 \\d+ms$`, "m");
    let log = "";
    for (let attempt = 0; attempt < 50 && !pattern.test(log); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      log = readFileSync("test-results/embedded-backend.log", "utf8");
    }
    expect(log).toMatch(pattern);
    expect(log.split("\n").filter((line) => line.includes(probe))).toHaveLength(1);
    // The requests of the tests above are there too, in the same format.
    expect(log).toMatch(/^POST \/auth\/v1\/token 200 \d+ms$/m);
    expect(log).toMatch(/^POST \/__reset 200 \d+ms$/m);
  });
});
