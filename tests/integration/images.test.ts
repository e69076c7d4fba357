// /images?src=…: the allow-list is read from the real backend and the "remote" images come from a
// real HTTP server on 127.0.0.1 that counts its requests, so "never fetched" is observed, not assumed.
// The route fetches only https on public hosts, which cannot run here: PICTURES, a public name,
// is played by that server through the fetch the route is handed (the one mock: a third-party site).
// The same server's own address, stored as an image, must never be fetched.
// The demo pictures (the seed's) come from the Worker's ASSETS binding, played here by the files of
// public/ (what the build copies to build/client), read by path and counted like the remote ones.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IMAGES, imageSrc, pictureSrc } from "~/lib/images";
import { IMAGE_CACHE_CONTROL, serveImage, type AssetFetcher, type ImageCache } from "~/lib/images.server";
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
/** The local server's own address (http, as it serves): what a redirect may point at, never fetched. */
let local: string;
/** The same server as an https URL a record may hold (the database takes only https): never fetched either. */
let internal: string;
const PICTURES = "https://pictures.inag-network.org";
const base = PICTURES;

/** The Worker's fetch, with PICTURES answered by the local server; any other host goes to the real network. */
const network: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return url.origin === PICTURES ? fetch(`${local}${url.pathname}${url.search}`, init) : fetch(input, init);
};

const ids = {
  publishedNews: "20000000-0000-4000-8000-000000000001",
  draftNews: "20000000-0000-4000-8000-000000000007",
  draftEvent: "30000000-0000-4000-8000-000000000008",
  group: "10000000-0000-4000-8000-000000000001",
  redirects: {
    relative: "10000000-0000-4000-8000-000000000002",
    toLoopback: "10000000-0000-4000-8000-000000000003",
    toMetadata: "10000000-0000-4000-8000-000000000004",
    threeHops: "10000000-0000-4000-8000-000000000005",
    fourHops: "10000000-0000-4000-8000-000000000006",
  },
  internal: "10000000-0000-4000-8000-000000000007",
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
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const left = Number(hop[1]);
      response.writeHead(302, { Location: left === 0 ? `${PICTURES}/published.png` : `/hop/${left - 1}` });
      return response.end();
    }
    const redirects: Record<string, string> = {
      "/moved.png": "/published.png",
      "/to-loopback.png": `${local}/published.png`,
      "/to-metadata.png": "https://169.254.169.254/latest/meta-data/",
    };
    if (redirects[path]) {
      response.writeHead(302, { Location: redirects[path] });
      return response.end();
    }
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

const PUBLIC = fileURLToPath(new URL("../../public/", import.meta.url));
const ASSET_TYPES: Record<string, string> = { ".webp": "image/webp", ".svg": "image/svg+xml", ".json": "application/json", ".txt": "text/plain" };
/** Paths the ASSETS binding was asked for. */
const assetHits: string[] = [];

/** The Worker's ASSETS binding as wrangler serves build/client: a file by its path, with its type and length, else 404. */
const assets: AssetFetcher = {
  async fetch(input) {
    const { pathname } = new URL(input);
    assetHits.push(pathname);
    const file = path.join(PUBLIC, decodeURIComponent(pathname));
    if (!file.startsWith(PUBLIC) || !existsSync(file) || !statSync(file).isFile()) return new Response("Not Found", { status: 404 });
    const body = readFileSync(file);
    return new Response(body, {
      headers: { "Content-Type": ASSET_TYPES[path.extname(file)] ?? "application/octet-stream", "Content-Length": String(body.length), ETag: '"asset"' },
    });
  },
};
/** A load context whose ASSETS binding is `binding` (the fake above unless told). */
const withAssets = (binding: AssetFetcher = assets, env: Partial<Env> = {}) => testLoadContext({ ASSETS: binding as unknown as Fetcher, ...env });

const env = () => ({ SUPABASE_URL: backendUrl(), SUPABASE_ANON_KEY: anonKey(), ASSETS: assets });
const get = (url: string) => serveImage(siteRequest(imageSrc(url)), env(), { fetch: network });
const hitsOf = (path: string) => hits.get(path) ?? 0;

beforeAll(async () => {
  server = await startImageHost();
  local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  internal = local.replace("http:", "https:");
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
    service.from("groups").update({ logo_url: `${base}/moved.png` }).eq("id", ids.redirects.relative),
    service.from("groups").update({ logo_url: `${base}/to-loopback.png` }).eq("id", ids.redirects.toLoopback),
    service.from("groups").update({ logo_url: `${base}/to-metadata.png` }).eq("id", ids.redirects.toMetadata),
    service.from("groups").update({ logo_url: `${base}/hop/2` }).eq("id", ids.redirects.threeHops),
    service.from("groups").update({ logo_url: `${base}/hop/3` }).eq("id", ids.redirects.fourHops),
    service.from("groups").update({ logo_url: `${internal}/published.png` }).eq("id", ids.internal),
  ];
  for (const { error } of await Promise.all(updates)) expect(error).toBeNull();
});

beforeEach(() => {
  hits.clear();
  assetHits.length = 0;
});

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

  it.each(["", "not a url", "javascript:alert(1)", "file:///etc/passwd", "data:image/png;base64,AAAA", "ftp://127.0.0.1/x.png", "http://pictures.inag-network.org/published.png"])(
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
    const response = await serveImage(siteRequest(imageSrc(`${base}/slow.jpg`)), env(), { fetch: network, timeoutMs: 300 });
    expect(response.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hitsOf("/slow.jpg")).toBe(1);
  });

  it("answers an upstream 404 and an upstream error alike, 502 without their bodies", async () => {
    const missing = await get(`${base}/missing.jpg`);
    expect(missing.status).toBe(502);
    expect(await missing.text()).toBe("");
    const broken = await get(`${base}/error.jpg`);
    expect(broken.status).toBe(502);
    expect(await broken.text()).toBe("");
  });

  it("checks the allow-list even when the image is cached, and fetches a cached image only once", async () => {
    const store = new Map<string, Response>();
    const cache: ImageCache = {
      match: async (request) => store.get(request.url)?.clone(),
      put: async (request, response) => void store.set(request.url, response),
    };
    const request = () => siteRequest(imageSrc(`${base}/published.png`));
    expect((await serveImage(request(), env(), { cache, fetch: network })).status).toBe(200);
    expect((await serveImage(request(), env(), { cache, fetch: network })).status).toBe(200);
    expect(hitsOf("/published.png")).toBe(1);

    const service = serviceClient();
    await service.from("news_articles").update({ is_published: false }).eq("id", ids.publishedNews);
    try {
      expect((await serveImage(request(), env(), { cache, fetch: network })).status).toBe(404);
    } finally {
      await service.from("news_articles").update({ is_published: true }).eq("id", ids.publishedNews);
    }
  });
});

describe("only the public web: internal addresses are never fetched, whatever is stored", () => {
  it("answers 404 for a stored internal address, and the address is never asked", async () => {
    const response = await get(`${internal}/published.png`);
    expect(response.status).toBe(404);
    expect(hitsOf("/published.png")).toBe(0);
  });

  it.each([
    "https://127.0.0.1/a.png",
    "https://2130706433/a.png",
    "https://0x7f.0.0.1/a.png",
    "https://0177.0.0.1/a.png",
    "https://[::1]/a.png",
    "https://[::ffff:7f00:1]/a.png",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00:ec2::254]/latest/meta-data/",
    "https://10.0.0.1/a.png",
    "https://192.168.1.1/a.png",
    "https://localhost/a.png",
    "https://localhost./a.png",
    "https://metadata.google.internal/computeMetadata/v1/",
  ])("refuses %s before any fetch (404)", async (src) => {
    let fetched = false;
    const response = await serveImage(siteRequest(imageSrc(src)), env(), { fetch: () => ((fetched = true), Promise.reject(new Error("fetched"))) });
    expect(response.status).toBe(404);
    expect(fetched).toBe(false);
  });

  it("follows a redirect on the same public host, checking the new address", async () => {
    const response = await get(`${base}/moved.png`);
    expect(response.status).toBe(200);
    expect(hitsOf("/moved.png")).toBe(1);
    expect(hitsOf("/published.png")).toBe(1);
  });

  it("refuses a redirect to a loopback or metadata address (502), and never fetches it", async () => {
    for (const path of ["/to-loopback.png", "/to-metadata.png"]) {
      const response = await get(`${base}${path}`);
      expect(response.status).toBe(502);
      expect(await response.text()).toBe("");
    }
    expect(hitsOf("/published.png")).toBe(0);
  });

  it("follows at most 3 redirects", async () => {
    expect((await get(`${base}/hop/2`)).status).toBe(200);
    expect(hitsOf("/published.png")).toBe(1);
    hits.clear();
    const tooMany = await get(`${base}/hop/3`);
    expect(tooMany.status).toBe(502);
    expect(hitsOf("/hop/0")).toBe(1); // the third redirect's address; its own, the fourth, is not followed
    expect(hitsOf("/published.png")).toBe(0);
  });
});

describe("the demo pictures, read from the Worker's own static files", () => {
  /** A network that fails the test if the route uses it. */
  const noNetwork: typeof fetch = () => Promise.reject(new Error("the network was used for a demo picture"));

  it("goes through /images, like every other picture", () => {
    expect(pictureSrc("/demo/calendar.webp")).toBe("/images?src=%2Fdemo%2Fcalendar.webp");
    expect(pictureSrc(`${base}/published.png`)).toBe(imageSrc(`${base}/published.png`));
  });

  it("serves each one as WebP with the route's headers, from ASSETS, asking neither the network nor the database", async () => {
    // A dead backend: a demo picture needs no allow-list.
    const deadBackend = { ...env(), SUPABASE_URL: "http://127.0.0.1:9" };
    for (const demo of DEMO_IMAGES) {
      assetHits.length = 0;
      const response = await serveImage(siteRequest(imageSrc(demo)), deadBackend, { fetch: noNetwork });
      expect(response.status, demo).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe(IMAGE_CACHE_CONTROL);
      expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
      expect(response.headers.get("ETag")).toBeNull();
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(readFileSync(path.join(PUBLIC, demo))), demo).toBe(true);
      expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
      // A real WebP, small enough for a card.
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(bytes.length).toBeLessThan(25 * 1024);
      expect(assetHits).toEqual([demo]);
    }
  });

  it("serves every picture of the seed: each is a demo picture, through the route", async () => {
    // Every picture-looking value of the seed: a demo path, or a URL of an image file on some host.
    const seed = readFileSync(fileURLToPath(new URL("../../supabase/seed.sql", import.meta.url)), "utf8");
    const pictures = [...seed.matchAll(/'(\/demo\/[^']*|https?:\/\/[^']*\.(?:jpe?g|png|gif|webp|avif|svg))'/gi)].map(([, value]) => value);
    expect(pictures.length).toBeGreaterThanOrEqual(11);
    for (const url of pictures) {
      expect(DEMO_IMAGES as readonly string[], url).toContain(url);
      const response = await loader({ request: siteRequest(pictureSrc(url)), params: {}, context: withAssets() });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
    }
  });

  it.each([
    "/demo/unknown.webp",
    "/demo/assembly.svg",
    "/demo/calendar.WEBP",
    "/demo/calendar.webp/",
    "/demo/calendar.webp?x=1",
    "/demo/./calendar.webp",
    "/demo/../locales/en.json",
    "/demo/%2e%2e/robots.txt",
    "%2Fdemo%2Fcalendar.webp",
    "//demo/calendar.webp",
    "/locales/en.json",
    "/robots.txt",
    "demo/calendar.webp",
    " /demo/calendar.webp",
  ])("refuses %j, which is not on the list, without reading any file (404)", async (src) => {
    const response = await loader({ request: siteRequest(imageSrc(src)), params: {}, context: withAssets() });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
    expect(assetHits).toEqual([]);
  });

  it("checks the file as it checks a remote picture: not an image, SVG, missing or too large is a bare 502", async () => {
    const answering = (body: string, headers: Record<string, string>, status = 200): AssetFetcher => ({
      fetch: async () => new Response(body, { status, headers }),
    });
    const cases: [string, AssetFetcher][] = [
      ["html", answering("<script>alert(1)</script>", { "Content-Type": "text/html" })],
      ["svg", answering('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', { "Content-Type": "image/svg+xml" })],
      ["missing", answering("Not Found", { "Content-Type": "image/webp" }, 404)],
      ["thrown", { fetch: () => Promise.reject(new Error("no binding")) }],
    ];
    for (const [label, binding] of cases) {
      const response = await loader({ request: siteRequest(imageSrc(DEMO_IMAGES[0])), params: {}, context: withAssets(binding) });
      expect(response.status, label).toBe(502);
      expect(await response.text(), label).toBe("");
    }
    const tooLarge = await serveImage(siteRequest(imageSrc(DEMO_IMAGES[0])), env(), { maxBytes: 1024 });
    expect(tooLarge.status).toBe(502);
  });
});
