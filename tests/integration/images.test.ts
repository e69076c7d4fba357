// /images?src=…: the allow-list is read from the real backend and the "remote" images come from a
// real HTTP server on 127.0.0.1 that counts its requests, so "never fetched" is observed, not assumed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { imageSrc } from "~/lib/images";
import { IMAGE_CACHE_CONTROL, serveImage, type ImageCache } from "~/lib/images.server";
import { loader } from "~/routes/images";
import { anonKey, backendUrl, resetBackend, serviceClient } from "../support/backend";
import { siteRequest, testLoadContext } from "../support/route-context";

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const hits = new Map<string, number>();
let server: Server;
let base: string;

const ids = {
  publishedNews: "20000000-0000-4000-8000-000000000001",
  draftNews: "20000000-0000-4000-8000-000000000007",
  draftEvent: "30000000-0000-4000-8000-000000000008",
  group: "10000000-0000-4000-8000-000000000001",
  events: {
    html: "30000000-0000-4000-8000-000000000001",
    huge: "30000000-0000-4000-8000-000000000003",
    slow: "30000000-0000-4000-8000-000000000004",
    svg: "30000000-0000-4000-8000-000000000005",
    missing: "30000000-0000-4000-8000-000000000007",
    broken: "30000000-0000-4000-8000-000000000006",
  },
};

function startImageHost(): Promise<Server> {
  const host = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith("/slow")) return; // never answers: the proxy's timeout must end it
    if (path.endsWith(".png")) {
      response.writeHead(200, { "Content-Type": "image/png", "Content-Length": PNG.length, "Set-Cookie": "tracker=1" });
      return response.end(PNG);
    }
    if (path.startsWith("/page")) {
      response.writeHead(200, { "Content-Type": "text/html" });
      return response.end("<script>alert(1)</script>");
    }
    if (path.startsWith("/vector")) {
      response.writeHead(200, { "Content-Type": "image/svg+xml" });
      return response.end('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    }
    if (path.startsWith("/huge")) {
      // No Content-Length: the size limit must hold while streaming.
      response.writeHead(200, { "Content-Type": "image/jpeg" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let i = 0; i < 100; i++) response.write(chunk); // 6.25 MiB
      return response.end();
    }
    if (path.startsWith("/error")) {
      response.writeHead(500, { "Content-Type": "text/plain" });
      return response.end("stack trace with secrets");
    }
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not here");
  });
  return new Promise((resolve) => host.listen(0, "127.0.0.1", () => resolve(host)));
}

const get = (url: string) => loader({ request: siteRequest(imageSrc(url)), params: {}, context: testLoadContext() });
const hitsOf = (path: string) => hits.get(path) ?? 0;

beforeAll(async () => {
  server = await startImageHost();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await resetBackend();
  const service = serviceClient();
  const updates = [
    service.from("news_articles").update({ image_url: `${base}/published.png` }).eq("id", ids.publishedNews),
    service.from("news_articles").update({ image_url: `${base}/draft.png` }).eq("id", ids.draftNews),
    service.from("events").update({ image_url: `${base}/draft-event.png` }).eq("id", ids.draftEvent),
    service.from("groups").update({ logo_url: `${base}/logo.png` }).eq("id", ids.group),
    service.from("events").update({ image_url: `${base}/page.jpg` }).eq("id", ids.events.html),
    service.from("events").update({ image_url: `${base}/huge.jpg` }).eq("id", ids.events.huge),
    service.from("events").update({ image_url: `${base}/slow.jpg` }).eq("id", ids.events.slow),
    service.from("events").update({ image_url: `${base}/vector.svg` }).eq("id", ids.events.svg),
    service.from("events").update({ image_url: `${base}/missing.jpg` }).eq("id", ids.events.missing),
    service.from("events").update({ image_url: `${base}/error.jpg` }).eq("id", ids.events.broken),
  ];
  for (const { error } of await Promise.all(updates)) expect(error).toBeNull();
});

beforeEach(() => hits.clear());

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await resetBackend();
});

describe("the allow-list, checked before anything is fetched", () => {
  it("answers 404 for a URL that is on no record, without fetching it", async () => {
    const response = await get(`${base}/unknown.png`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
    expect(hitsOf("/unknown.png")).toBe(0);
  });

  it("answers 404 for the image of a draft article, without fetching it", async () => {
    const response = await get(`${base}/draft.png`);
    expect(response.status).toBe(404);
    expect(hitsOf("/draft.png")).toBe(0);
  });

  it("answers 404 for the image of a draft event, without fetching it", async () => {
    const response = await get(`${base}/draft-event.png`);
    expect(response.status).toBe(404);
    expect(hitsOf("/draft-event.png")).toBe(0);
  });

  it("stops serving an article's image as soon as the article is unpublished", async () => {
    const service = serviceClient();
    await service.from("news_articles").update({ is_published: false }).eq("id", ids.publishedNews);
    try {
      const response = await get(`${base}/published.png`);
      expect(response.status).toBe(404);
      expect(hitsOf("/published.png")).toBe(0);
    } finally {
      await service.from("news_articles").update({ is_published: true }).eq("id", ids.publishedNews);
    }
  });

  it.each(["", "not a url", "javascript:alert(1)", "file:///etc/passwd", "data:image/png;base64,AAAA", `ftp://127.0.0.1/x.png`])(
    "answers 404 for the src %j",
    async (src) => {
      const response = await loader({ request: siteRequest(imageSrc(src)), params: {}, context: testLoadContext() });
      expect(response.status).toBe(404);
    },
  );

  it("answers 404 without a src at all", async () => {
    const response = await loader({ request: siteRequest("/images"), params: {}, context: testLoadContext() });
    expect(response.status).toBe(404);
  });

  it("answers 503 with no body when the backend cannot be asked, and fetches nothing", async () => {
    const context = testLoadContext({ SUPABASE_URL: "http://127.0.0.1:9" });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const response = await loader({ request: siteRequest(imageSrc(`${base}/published.png`)), params: {}, context });
      expect(response.status).toBe(503);
      expect(await response.text()).toBe("");
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(hitsOf("/published.png")).toBe(0);
  });
});

describe("serving an allowed image", () => {
  it("serves a published article's image with long cache headers and nothing of the upstream's", async () => {
    const response = await get(`${base}/published.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe(IMAGE_CACHE_CONTROL);
    expect(response.headers.get("Cache-Control")).toMatch(/public, max-age=86400/);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(hitsOf("/published.png")).toBe(1);
  });

  it("serves a group's logo", async () => {
    const response = await get(`${base}/logo.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
  });

  it("refuses what is not a raster image: HTML (502)", async () => {
    const response = await get(`${base}/page.jpg`);
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("");
  });

  it("refuses SVG, which can carry script (502)", async () => {
    const response = await get(`${base}/vector.svg`);
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("");
  });

  it("stops reading an image past 5 MB (502)", async () => {
    const response = await get(`${base}/huge.jpg`);
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("");
  });

  it("gives up on a host that does not answer in time (502)", async () => {
    const started = Date.now();
    const response = await serveImage(siteRequest(imageSrc(`${base}/slow.jpg`)), {
      SUPABASE_URL: backendUrl(),
      SUPABASE_ANON_KEY: anonKey(),
    }, { timeoutMs: 300 });
    expect(response.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hitsOf("/slow.jpg")).toBe(1);
  });

  it("passes an upstream 404 on as 404 and an upstream error as 502, without their bodies", async () => {
    const missing = await get(`${base}/missing.jpg`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("");
    const broken = await get(`${base}/error.jpg`);
    expect(broken.status).toBe(502);
    expect(await broken.text()).toBe("");
  });

  it("answers 502 for the seed's hosts, which do not exist", async () => {
    const seedUrl = "https://images.example/news/regional-assemblies-calendar.jpg";
    const service = serviceClient();
    await service.from("news_articles").update({ image_url: seedUrl }).eq("id", ids.publishedNews);
    try {
      const response = await get(seedUrl);
      expect(response.status).toBe(502);
      expect(await response.text()).toBe("");
    } finally {
      await service.from("news_articles").update({ image_url: `${base}/published.png` }).eq("id", ids.publishedNews);
    }
  });

  it("checks the allow-list even when the image is cached, and fetches a cached image only once", async () => {
    const store = new Map<string, Response>();
    const cache: ImageCache = {
      match: async (request) => store.get(request.url)?.clone(),
      put: async (request, response) => void store.set(request.url, response),
    };
    const env = { SUPABASE_URL: backendUrl(), SUPABASE_ANON_KEY: anonKey() };
    const request = () => siteRequest(imageSrc(`${base}/published.png`));
    expect((await serveImage(request(), env, { cache })).status).toBe(200);
    expect((await serveImage(request(), env, { cache })).status).toBe(200);
    expect(hitsOf("/published.png")).toBe(1);

    const service = serviceClient();
    await service.from("news_articles").update({ is_published: false }).eq("id", ids.publishedNews);
    try {
      expect((await serveImage(request(), env, { cache })).status).toBe(404);
    } finally {
      await service.from("news_articles").update({ is_published: true }).eq("id", ids.publishedNews);
    }
  });
});
