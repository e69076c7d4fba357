// The news and resources routes' loaders and the download action, called as the Worker calls them
// (a Request and the load context), against the embedded backend with the seed's fixed rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as resourceAction, loader as resourceLoader } from "~/routes/resources.$slug";
import { loader as fileLoader } from "~/routes/resources.$slug_.file";
import { loader as resourcesLoader } from "~/routes/resources._index";
import { loader as articleLoader } from "~/routes/news.$slug";
import { loader as newsLoader } from "~/routes/news._index";
import { resetBackend, serviceClient } from "../support/backend";
import { fakeLimiter, siteRequest, TEST_ORIGIN, testLoadContext } from "../support/route-context";

const DRAFT_ARTICLE = "report-from-the-southern-africa-regional-assembly";
const PUBLISHED_ARTICLE = "regional-assemblies-agree-on-shared-calendar";
const WITH_FILE = { id: "40000000-0000-4000-8000-000000000001", slug: "starting-a-mutual-aid-group" };
const DRAFT_WITH_FILE = { id: "40000000-0000-4000-8000-000000000009", slug: "congress-delegate-handbook" };
const WITHOUT_FILE = { id: "40000000-0000-4000-8000-000000000002", slug: "digital-security-basics-for-organisers" };

/** What a loader or action answered: a Response, a data() result with its init, or plain data. */
type Answer = Response | { data: unknown; init: ResponseInit | null } | Record<string, unknown>;

function statusOf(answer: Answer): number {
  if (answer instanceof Response) return answer.status;
  if ("init" in answer && "data" in answer) return (answer.init as ResponseInit | null)?.status ?? 200;
  return 200;
}

/** The data of a data() result (or the plain data a loader returned). */
function dataOf<A>(answer: A): A extends { data: infer D; init: unknown } ? D : A {
  const isWrapped = typeof answer === "object" && answer !== null && "data" in answer && "init" in answer;
  return (isWrapped ? (answer as { data: unknown }).data : answer) as A extends { data: infer D; init: unknown } ? D : A;
}

/** The Response a loader or action threw (Remix renders it: a 404 becomes the 404 screen). */
async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response, got a normal answer");
}

const context = () => testLoadContext();
const get = (path: string) => siteRequest(path);
const post = (path: string) => siteRequest(path, { method: "POST", form: { intent: "download" } });

async function downloadCount(id: string): Promise<number> {
  const { data, error } = await serviceClient().from("resources").select("download_count").eq("id", id).single();
  if (error) throw error;
  return data.download_count;
}

beforeAll(resetBackend);
afterAll(resetBackend);

describe("/news", () => {
  it("lists only published articles, newest first", async () => {
    const answer = await newsLoader({ request: get("/news"), params: {}, context: context() });
    expect(statusOf(answer)).toBe(200);
    const { news } = dataOf(answer);
    expect(news).not.toBeNull();

    const { data: expected } = await serviceClient()
      .from("news_articles")
      .select("slug")
      .eq("is_published", true)
      .order("published_at", { ascending: false });
    expect(news!.items.map((item) => item.slug)).toEqual(expected!.map((row) => row.slug));
    expect(news!.items.map((item) => item.slug)).not.toContain(DRAFT_ARTICLE);
    expect(news!.items.length).toBeGreaterThanOrEqual(5);

    const dates = news!.items.map((item) => Date.parse(item.published_at!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(news!.items[0].author?.username).toBeTruthy();
    expect(news).toMatchObject({ page: 1, pageCount: 1 });
  });

  it("answers 404 for a page past the last one, however far past (not a failed read)", async () => {
    for (const page of ["2", "99999999999999999999", "1e300"]) {
      const response = await thrown(newsLoader({ request: get(`/news?page=${page}`), params: {}, context: context() }));
      expect(response.status, page).toBe(404);
    }
  });

  it("treats a page that is not a positive number as the first page", async () => {
    for (const page of ["0", "-1", "abc", "1.5"]) {
      const answer = await newsLoader({ request: get(`/news?page=${page}`), params: {}, context: context() });
      expect(dataOf(answer).news?.page).toBe(1);
    }
  });
});

describe("/news/:slug", () => {
  it("renders a published article with its author, tags and sanitized content", async () => {
    const answer = await articleLoader({ request: get(`/news/${PUBLISHED_ARTICLE}`), params: { slug: PUBLISHED_ARTICLE }, context: context() });
    expect(statusOf(answer)).toBe(200);
    const page = dataOf(answer);
    if (!page.article) throw new Error("no article");
    expect(page.article.title).toBe("Regional assemblies agree on a shared calendar for the congress year");
    expect(page.article.author?.username).toBe("rosa");
    expect(page.article.tags).toEqual(["announcement", "congress"]);
    expect(page.article.html).toContain("<h2>What was agreed</h2>");
    expect(page.article.html).toContain('rel="noopener noreferrer nofollow" target="_blank"');
    expect(page.shareUrl).toBe(`${TEST_ORIGIN}/news/${PUBLISHED_ARTICLE}`);
  });

  it("sanitizes what is stored, whatever it is", async () => {
    const id = "20000000-0000-4000-8000-000000000003";
    const { error } = await serviceClient()
      .from("news_articles")
      .update({ content: '<p onclick="alert(1)">Hello</p><script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">x</a>' })
      .eq("id", id);
    expect(error).toBeNull();
    const slug = "solidarity-with-the-striking-port-workers";
    const page = dataOf(await articleLoader({ request: get(`/news/${slug}`), params: { slug }, context: context() }));
    expect(page.article?.html).toBe("<p>Hello</p><a>x</a>");
  });

  it("answers 404 for a draft, which exists but is not published", async () => {
    const { data } = await serviceClient().from("news_articles").select("is_published").eq("slug", DRAFT_ARTICLE).single();
    expect(data?.is_published).toBe(false);
    const response = await thrown(articleLoader({ request: get(`/news/${DRAFT_ARTICLE}`), params: { slug: DRAFT_ARTICLE }, context: context() }));
    expect(response.status).toBe(404);
  });

  it("answers 404 for a slug that does not exist", async () => {
    const response = await thrown(articleLoader({ request: get("/news/no-such-article"), params: { slug: "no-such-article" }, context: context() }));
    expect(response.status).toBe(404);
  });

  it("answers 404, not 'failed to load', for a path segment that cannot be a slug (a URL too long for the backend, unicode, capitals)", async () => {
    const error = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      for (const slug of ["a".repeat(20_000), "✓".repeat(3_000), "Call-For-Proposals", "a b", "-a", "a--b"]) {
        const article = await thrown(articleLoader({ request: get("/news/x"), params: { slug }, context: context() }));
        const resource = await thrown(resourceLoader({ request: get("/resources/x"), params: { slug }, context: context() }));
        const download = await thrown(resourceAction({ request: post("/resources/x"), params: { slug }, context: context() }));
        const file = await thrown(fileLoader({ request: get("/resources/x/file"), params: { slug }, context: context() }));
        expect([article, resource, download, file].map((response) => response.status), slug.slice(0, 20)).toEqual([404, 404, 404, 404]);
      }
    } finally {
      console.error = error;
    }
    expect(logged).toEqual([]);
  });
});

describe("/resources", () => {
  it("lists only published resources, newest first", async () => {
    const answer = await resourcesLoader({ request: get("/resources"), params: {}, context: context() });
    expect(statusOf(answer)).toBe(200);
    const { resources } = dataOf(answer);
    const { data: expected } = await serviceClient()
      .from("resources")
      .select("slug")
      .eq("is_published", true)
      .order("created_at", { ascending: false });
    expect(resources!.items.map((item) => item.slug)).toEqual(expected!.map((row) => row.slug));
    expect(resources!.items.map((item) => item.slug)).not.toContain(DRAFT_WITH_FILE.slug);
    expect(new Set(resources!.items.map((item) => item.resource_type))).toEqual(new Set(["guide", "theory", "template", "tool"]));
  });

  it("answers 404 for a page past the last one", async () => {
    const response = await thrown(resourcesLoader({ request: get("/resources?page=3"), params: {}, context: context() }));
    expect(response.status).toBe(404);
  });
});

describe("/resources/:slug", () => {
  it("renders a published resource", async () => {
    const page = dataOf(await resourceLoader({ request: get(`/resources/${WITH_FILE.slug}`), params: { slug: WITH_FILE.slug }, context: context() }));
    if (!page.resource) throw new Error("no resource");
    expect(page.resource.resource_type).toBe("guide");
    expect(page.resource.file_url).toBe("https://files.example/starting-a-mutual-aid-group.pdf");
    expect(page.resource.html).toContain("<h2>Contents</h2>");
  });

  it("answers 404 for a draft", async () => {
    const response = await thrown(
      resourceLoader({ request: get(`/resources/${DRAFT_WITH_FILE.slug}`), params: { slug: DRAFT_WITH_FILE.slug }, context: context() }),
    );
    expect(response.status).toBe(404);
  });
});

describe("downloading a resource (POST /resources/:slug)", () => {
  it("counts exactly one download and sends the browser on to the file with a 303", async () => {
    const before = await downloadCount(WITH_FILE.id);
    const answer = await resourceAction({ request: post(`/resources/${WITH_FILE.slug}`), params: { slug: WITH_FILE.slug }, context: context() });
    expect(answer).toBeInstanceOf(Response);
    expect(statusOf(answer)).toBe(303);
    const location = (answer as Response).headers.get("Location");
    expect(location).toBe(`/resources/${WITH_FILE.slug}/file`);
    expect(await downloadCount(WITH_FILE.id)).toBe(before + 1);

    // Where the 303 lands: the file's address (for the refresh), and no second count.
    const landing = await fileLoader({ request: get(location!), params: { slug: WITH_FILE.slug }, context: context() });
    expect(statusOf(landing)).toBe(200);
    expect(dataOf(landing).file?.url).toBe("https://files.example/starting-a-mutual-aid-group.pdf");
    expect(await downloadCount(WITH_FILE.id)).toBe(before + 1);
  });

  it("has no file page for a draft or a resource without a file", async () => {
    for (const { slug } of [DRAFT_WITH_FILE, WITHOUT_FILE]) {
      const response = await thrown(fileLoader({ request: get(`/resources/${slug}/file`), params: { slug }, context: context() }));
      expect(response.status).toBe(404);
    }
  });

  it("counts simultaneous downloads without losing one", async () => {
    const before = await downloadCount(WITH_FILE.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        resourceAction({ request: post(`/resources/${WITH_FILE.slug}`), params: { slug: WITH_FILE.slug }, context: context() }),
      ),
    );
    expect(answers.map(statusOf)).toEqual([303, 303, 303, 303, 303]);
    expect(await downloadCount(WITH_FILE.id)).toBe(before + 5);
  });

  it("beyond a client's download budget still sends it to the file, without counting", async () => {
    const before = await downloadCount(WITH_FILE.id);
    const limited = testLoadContext({ DOWNLOAD_LIMITER: fakeLimiter(1) });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await resourceAction({ request: post(`/resources/${WITH_FILE.slug}`), params: { slug: WITH_FILE.slug }, context: limited }));
    }
    expect(answers.map(statusOf)).toEqual([303, 303, 303]);
    expect(await downloadCount(WITH_FILE.id)).toBe(before + 1);
  });

  it("without the Worker's secret: 503, nothing counted", async () => {
    const before = await downloadCount(WITH_FILE.id);
    const answer = await resourceAction({
      request: post(`/resources/${WITH_FILE.slug}`),
      params: { slug: WITH_FILE.slug },
      context: testLoadContext({ WORKER_SECRET: "not-the-secret-the-database-knows-at-all" }),
    });
    expect(statusOf(answer)).toBe(503);
    expect(await downloadCount(WITH_FILE.id)).toBe(before);
  });

  it("answers 404 for a draft's file and counts nothing", async () => {
    const before = await downloadCount(DRAFT_WITH_FILE.id);
    const response = await thrown(
      resourceAction({ request: post(`/resources/${DRAFT_WITH_FILE.slug}`), params: { slug: DRAFT_WITH_FILE.slug }, context: context() }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    expect(await downloadCount(DRAFT_WITH_FILE.id)).toBe(before);
  });

  it("answers 404 for a resource without a file and counts nothing", async () => {
    const before = await downloadCount(WITHOUT_FILE.id);
    const response = await thrown(
      resourceAction({ request: post(`/resources/${WITHOUT_FILE.slug}`), params: { slug: WITHOUT_FILE.slug }, context: context() }),
    );
    expect(response.status).toBe(404);
    expect(await downloadCount(WITHOUT_FILE.id)).toBe(before);
  });

  it("answers 404 for a slug that does not exist", async () => {
    const response = await thrown(resourceAction({ request: post("/resources/nothing-here"), params: { slug: "nothing-here" }, context: context() }));
    expect(response.status).toBe(404);
  });

  it("answers another method than POST with 405 and counts nothing", async () => {
    const before = await downloadCount(WITH_FILE.id);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const request = new Request(new URL(`/resources/${WITH_FILE.slug}`, TEST_ORIGIN), { method, headers: { Origin: TEST_ORIGIN } });
      const response = await thrown(resourceAction({ request, params: { slug: WITH_FILE.slug }, context: context() }));
      expect(response.status, method).toBe(405);
    }
    expect(await downloadCount(WITH_FILE.id)).toBe(before);
  });
});

describe("when the backend is down", () => {
  it("list pages say so in their body (503), detail pages answer 503, and a download does not redirect", async () => {
    const down = testLoadContext({ SUPABASE_URL: "http://127.0.0.1:9" });
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      // In parallel: supabase-js retries a failed read for several seconds before giving up.
      const [news, article, resources, resource, download] = await Promise.all([
        newsLoader({ request: get("/news"), params: {}, context: down }),
        articleLoader({ request: get(`/news/${PUBLISHED_ARTICLE}`), params: { slug: PUBLISHED_ARTICLE }, context: down }),
        resourcesLoader({ request: get("/resources"), params: {}, context: down }),
        resourceLoader({ request: get(`/resources/${WITH_FILE.slug}`), params: { slug: WITH_FILE.slug }, context: down }),
        resourceAction({ request: post(`/resources/${WITH_FILE.slug}`), params: { slug: WITH_FILE.slug }, context: down }),
      ]);
      expect([news, article, resources, resource, download].map(statusOf)).toEqual([503, 503, 503, 503, 503]);
      expect(dataOf(news).news).toBeNull();
      expect(dataOf(article).article).toBeNull();
      expect(dataOf(resources).resources).toBeNull();
      expect(dataOf(resource).resource).toBeNull();
      expect(download).not.toBeInstanceOf(Response);
      expect(dataOf(download)).toEqual({ downloadFailed: true });
    } finally {
      console.error = original;
    }
    expect(logged).toHaveLength(5);
  });
});
