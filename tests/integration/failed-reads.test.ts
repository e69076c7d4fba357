// Reads the backend fails (decision 043): who is asking (app/lib/auth.server.ts), with which second
// factor, and a page's own record: a moment's wait (503), never a visitor's page, never "awaiting
// approval", never "no factor", never a 500. Under load, a member's vote was refused with 403 because
// a failed read of their rights counted as no rights (tests/attacker/load.spec.ts, fifty voters).
// The real backend answers everything but the one request a small proxy makes fail.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getSession } from "~/lib/auth.server";
import { verifiedFactor } from "~/lib/second-factor.server";
import { loader as downloadOwnData } from "~/routes/account.data[.json]";
import { loader as editDraft } from "~/routes/voting.$id_.edit";
import { createSupabaseServerClient } from "~/lib/supabase.server";
import { loader as rootLoader } from "~/root";
import { activityPage } from "~/models/activity.server";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "~/lib/database.types";
import { ACCOUNTS, anonKey, backendUrl, resetBackend, signedInClient } from "../support/backend";
import { testLoadContext } from "../support/route-context";

const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);
/** Paths (pathname) the proxy answers with an error status instead of passing them to the backend. */
const failing = new Map<string, number>();
/** Requests the proxy has seen, by path (pathname). */
const asked = new Map<string, number>();
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  proxy = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", backendUrl());
    asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
    const status = failing.get(url.pathname);
    if (status) {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message: "overloaded" }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name))) as Record<string, string>;
    const answer = await fetch(url, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, redirect: "manual" });
    const body = Buffer.from(await answer.arrayBuffer());
    // fetch has already decoded the body: its encoding and length headers no longer describe it.
    const passed = [...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name) && name !== "content-encoding");
    response.writeHead(answer.status, Object.fromEntries(passed)).end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
beforeEach(async () => {
  failing.clear();
  asked.clear();
  await resetBackend();
});

const context = () => testLoadContext({ SUPABASE_URL: proxyUrl });

/** A signed-in member's request: the session cookies the site sets at sign-in. */
async function memberRequest(): Promise<Request> {
  const { supabase, headers } = createSupabaseServerClient(new Request("http://127.0.0.1:3000/login"), { SUPABASE_URL: proxyUrl, SUPABASE_ANON_KEY: anonKey() });
  const { error } = await supabase.auth.signInWithPassword(ACCOUNTS.member);
  expect(error).toBeNull();
  const cookie = headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  return new Request("http://127.0.0.1:3000/voting", { headers: { Cookie: cookie } });
}

/**
 * The same request with the session's access token expired, as @supabase/ssr stores it ("base64-" and
 * the session's JSON): supabase-js then refreshes it with the refresh token before anything else.
 */
function withExpiredAccessToken(request: Request): Request {
  const parts = (request.headers.get("Cookie") ?? "").split("; ");
  const session = parts.filter((part) => /^sb-[^=]+-auth-token=/.test(part));
  expect(session, "one session cookie, not chunks").toHaveLength(1);
  const [name, value] = [session[0].slice(0, session[0].indexOf("=")), session[0].slice(session[0].indexOf("=") + 1)];
  const stored = JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8")) as { expires_at: number };
  stored.expires_at = Math.floor(Date.now() / 1000) - 60;
  const expired = `${name}=base64-${Buffer.from(JSON.stringify(stored)).toString("base64url")}`;
  return new Request(request.url, { headers: { Cookie: parts.map((part) => (part === session[0] ? expired : part)).join("; ") } });
}

describe("a session the backend cannot read", () => {
  it("is the approved member it is while the backend answers", async () => {
    const { viewer } = await getSession(await memberRequest(), context());
    expect(viewer).toMatchObject({ email: ACCOUNTS.member.email, isMember: true, isAdmin: false });
  });

  it("is read once for the loaders of one request (the root's and the page's), and anew for an action", async () => {
    const request = await memberRequest();
    const loaders = context();
    asked.clear();
    const [root, page] = await Promise.all([getSession(request, loaders), getSession(request, loaders)]);
    expect(page).toBe(root);
    expect(asked.get("/auth/v1/user")).toBe(1);
    await getSession(new Request(request.url, { method: "POST", headers: request.headers }), loaders);
    expect(asked.get("/auth/v1/user")).toBe(2);
    // Another request, another reading.
    await getSession(request, context());
    expect(asked.get("/auth/v1/user")).toBe(3);
  });

  it("is a visitor when Supabase Auth says the session is over (401)", async () => {
    const request = await memberRequest();
    failing.set("/auth/v1/user", 401);
    const { viewer } = await getSession(request, context());
    expect(viewer).toBeNull();
  });

  for (const [what, path, status] of [
    ["the member's rights", "/rest/v1/rpc/viewer_rights", 503],
    ["the member's profile", "/rest/v1/profiles", 500],
    ["the session's user (Supabase Auth out of reach)", "/auth/v1/user", 503],
    ["the session's user (Supabase Auth failing)", "/auth/v1/user", 500],
    ["the session's user (Supabase Auth too busy)", "/auth/v1/user", 429],
  ] as const) {
    it(`is a 503 when reading ${what} fails (${status}), not a visitor and not a member awaiting approval`, async () => {
      const request = await memberRequest();
      failing.set(path, status);
      const refusal = await getSession(request, context()).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(refusal).toBeInstanceOf(Response);
      expect((refusal as Response).status).toBe(503);
    });
  }
});

describe("a session whose access token has expired", () => {
  it("is a 503 when refreshing it meets a busy Auth (429), and its cookies are not deleted", async () => {
    const request = withExpiredAccessToken(await memberRequest());
    failing.set("/auth/v1/token", 429);
    const refusal = await getSession(request, context()).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(503);
    expect((refusal as Response).headers.getSetCookie().filter((cookie) => /Max-Age=0/i.test(cookie))).toEqual([]);
  });

  it("is refreshed while Auth answers: the member, with rotated cookies", async () => {
    const { viewer, headers } = await getSession(withExpiredAccessToken(await memberRequest()), context());
    expect(viewer?.email).toBe(ACCOUNTS.member.email);
    expect(headers.getSetCookie().some((cookie) => cookie.startsWith("sb-") && !/Max-Age=0/i.test(cookie))).toBe(true);
  });
});

describe("a session that is over", () => {
  it("is a visitor, not a 503, once the member signed out everywhere", async () => {
    const request = await memberRequest();
    const { supabase } = createSupabaseServerClient(request, { SUPABASE_URL: proxyUrl, SUPABASE_ANON_KEY: anonKey() });
    expect((await supabase.auth.signOut({ scope: "global" })).error).toBeNull();
    const { viewer } = await getSession(request, context());
    expect(viewer).toBeNull();
  });
});

describe("the root loader (the header's member name)", () => {
  it("shows the page without the member's name when the session cannot be read", async () => {
    const request = await memberRequest();
    failing.set("/auth/v1/user", 503);
    const answer = await rootLoader({ request, params: {}, context: context() });
    expect(answer.type).toBe("DataWithResponseInit");
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data.member).toBeNull();
  });
});

describe("the account's factor when Supabase Auth cannot be asked", () => {
  it("is 'failed', not 'no factor' (removing it must not report success with the factor still on)", async () => {
    const request = await memberRequest();
    const { supabase } = createSupabaseServerClient(request, { SUPABASE_URL: proxyUrl, SUPABASE_ANON_KEY: anonKey() });
    expect(await verifiedFactor(supabase)).toEqual({ id: null });
    failing.set("/auth/v1/user", 503);
    expect(await verifiedFactor(supabase)).toEqual({ failed: true });
  });
});

describe("a page whose own record cannot be read", () => {
  const id = "50000000-0000-4000-8000-000000000001";
  for (const [page, load] of [
    ["a draft's edit page", (request: Request) => editDraft({ request, params: { id }, context: context() })],
    ["the member's data download", (request: Request) => downloadOwnData({ request, params: {}, context: context() })],
  ] as const) {
    it(`is a 503 (the error page's 'unavailable'), not a 500: ${page}`, async () => {
      const request = await memberRequest();
      failing.set("/rest/v1/proposals", 500);
      const refusal = await Promise.resolve(load(request)).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(refusal).toBeInstanceOf(Response);
      expect((refusal as Response).status).toBe(503);
    });
  }
});

describe("the activity log when one table's names cannot be read", () => {
  it("names the other tables' records and links the unread table's by id, not said to be gone", async () => {
    const admin = await signedInClient(ACCOUNTS.admin);
    const group = "10000000-0000-4000-8000-000000000001";
    const news = "20000000-0000-4000-8000-000000000001";
    expect((await admin.from("groups").update({ location: "Barcelona" }).eq("id", group)).error).toBeNull();
    expect((await admin.from("news_articles").update({ tags: ["log"] }).eq("id", news)).error).toBeNull();
    const token = (await admin.auth.getSession()).data.session!.access_token;
    // The admin's session, through the proxy that fails the groups table.
    const viaProxy = createClient<Database>(proxyUrl, anonKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    failing.set("/rest/v1/groups", 500);
    const { items } = await activityPage(viaProxy, 1);
    const now = Object.fromEntries(items.map((entry) => [entry.record_id, entry.now]));
    expect(now[group]).toEqual({ name: null, path: `/admin/groups/${group}` });
    expect(now[news]).toEqual({ name: expect.any(String), path: `/admin/news/${news}` });
  });
});
