// Public pages read as the anonymous visitor whatever session cookie the request carries:
// a broken cookie must not turn them into 503s, and an admin's cookie must not show drafts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupabaseServerClient } from "~/lib/supabase.server";
import { loader as articleLoader } from "~/routes/news.$slug";
import { loader as newsLoader } from "~/routes/news._index";
import { loader as eventLoader } from "~/routes/events.$slug";
import { ACCOUNTS, resetBackend, serviceClient } from "../support/backend";
import { siteRequest, testLoadContext } from "../support/route-context";

const PUBLISHED_ARTICLE = "regional-assemblies-agree-on-shared-calendar";
const DRAFT_ARTICLE = "report-from-the-southern-africa-regional-assembly";

/** A session cookie whose token no backend accepts (bad signature), in @supabase/ssr's format. */
function garbageSessionCookie(): string {
  const session = {
    access_token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkiLCJleHAiOjF9.bm90LWEtc2lnbmF0dXJl",
    refresh_token: "not-a-refresh-token",
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { id: "00000000-0000-4000-8000-000000000000" },
  };
  return `sb-127-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
}

/** The Cookie header a browser sends after the admin signed in through the site's own client. */
async function adminSessionCookie(): Promise<string> {
  const { supabase, headers } = createSupabaseServerClient(siteRequest("/"), testLoadContext().cloudflare.env);
  const { error } = await supabase.auth.signInWithPassword(ACCOUNTS.admin);
  if (error) throw new Error(`admin sign-in failed: ${error.message}`);
  const cookies = headers.getSetCookie().map((line) => line.split(";")[0]);
  expect(cookies.some((cookie) => /^sb-[^=]+-auth-token(\.\d+)?=/.test(cookie))).toBe(true);
  return cookies.join("; ");
}

function withCookie(path: string, cookie: string): Request {
  const request = siteRequest(path);
  request.headers.set("Cookie", cookie);
  return request;
}

type Answer = Response | { data: unknown; init: ResponseInit | null } | Record<string, unknown>;
const statusOf = (answer: Answer) =>
  answer instanceof Response ? answer.status : "init" in answer ? ((answer.init as ResponseInit | null)?.status ?? 200) : 200;
const dataOf = <T,>(answer: unknown) => (answer as { data: T }).data;

async function publishedSlugs(): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from("news_articles")
    .select("slug")
    .eq("is_published", true)
    .order("published_at", { ascending: false });
  if (error) throw error;
  return data.map((row) => row.slug);
}

beforeAll(resetBackend);
afterAll(resetBackend);

describe("public loaders ignore the visitor's session cookie", () => {
  it("answers /news with 200 and the published articles despite a garbage session cookie", async () => {
    const answer = await newsLoader({ request: withCookie("/news", garbageSessionCookie()), params: {}, context: testLoadContext() });
    expect(statusOf(answer)).toBe(200);
    const { news } = dataOf<{ news: { items: { slug: string }[] } | null }>(answer);
    expect(news?.items.map((item) => item.slug)).toEqual(await publishedSlugs());
  });

  it("answers an article with 200 despite a garbage session cookie", async () => {
    const answer = await articleLoader({
      request: withCookie(`/news/${PUBLISHED_ARTICLE}`, garbageSessionCookie()),
      params: { slug: PUBLISHED_ARTICLE },
      context: testLoadContext(),
    });
    expect(statusOf(answer)).toBe(200);
    expect(dataOf<{ article: { slug: string } | null }>(answer).article?.slug).toBe(PUBLISHED_ARTICLE);
  });

  it("shows a signed-in admin only published content, and sets no cookie", async () => {
    const cookie = await adminSessionCookie();
    const answer = await newsLoader({ request: withCookie("/news", cookie), params: {}, context: testLoadContext() });
    expect(statusOf(answer)).toBe(200);
    const { news } = dataOf<{ news: { items: { slug: string }[] } | null }>(answer);
    expect(news?.items.map((item) => item.slug)).toEqual(await publishedSlugs());
    expect(news?.items.map((item) => item.slug)).not.toContain(DRAFT_ARTICLE);
    const init = (answer as { init: ResponseInit | null }).init;
    expect(new Headers(init?.headers).has("Set-Cookie")).toBe(false);

    const draft = await articleLoader({
      request: withCookie(`/news/${DRAFT_ARTICLE}`, cookie),
      params: { slug: DRAFT_ARTICLE },
      context: testLoadContext(),
    }).catch((error: unknown) => error);
    expect(draft).toBeInstanceOf(Response);
    expect((draft as Response).status).toBe(404);
  });

  it("answers an event page (not a 503) despite a garbage session cookie", async () => {
    const { data, error } = await serviceClient().from("events").select("slug").eq("is_published", true).limit(1).single();
    if (error) throw error;
    const answer = await eventLoader({
      request: withCookie(`/events/${data.slug}`, garbageSessionCookie()),
      params: { slug: data.slug },
      context: testLoadContext(),
    });
    expect(statusOf(answer)).toBe(200);
  });
});
