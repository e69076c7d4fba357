// The events pages and the machine-readable feeds, with their loaders called as Remix calls them
// (a Request and the Worker's load context) against the embedded backend and its seed:
// six published upcoming events, one past (riverside-mutual-aid-fair), one draft
// (asia-pacific-regional-assembly); six published news articles and one draft; one draft resource.
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loader as eventLoader } from "~/routes/events.$slug";
import { loader as eventIcsLoader } from "~/routes/events.$slug[.ics]";
import { loader as eventsLoader } from "~/routes/events._index";
import { loader as calendarLoader } from "~/routes/events[.ics]";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as securityTxtLoader } from "~/routes/[.]well-known.security[.]txt";
import { loader as rssLoader } from "~/routes/rss";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { serviceClient } from "../support/backend";
import { siteRequest, TEST_ORIGIN, testLoadContext } from "../support/route-context";

const UPCOMING = [
  "digital-self-defence-workshop-barcelona",
  "online-assembly-translation-working-group",
  "rencontre-regionale-autogestion-et-luttes-locales",
  "community-garden-work-day-porto-alegre",
  "southern-africa-regional-assembly",
  "congress-preparation-open-online-briefing",
];
const PAST = "riverside-mutual-aid-fair";
const DRAFT = "asia-pacific-regional-assembly";
const DRAFT_NEWS = "report-from-the-southern-africa-regional-assembly";
const DRAFT_RESOURCE = "congress-delegate-handbook";
/** Nothing listens there: every query fails as when the backend is down. */
const DEAD_BACKEND = "http://127.0.0.1:9";

type Args = { request: Request; context: ReturnType<typeof testLoadContext>; params: Record<string, string> };
const args = (path: string, params: Record<string, string> = {}, env: Partial<Env> = {}): Args => ({
  request: siteRequest(path),
  context: testLoadContext(env),
  params,
});

/** Unwraps Remix's data() (DataWithResponseInit) as a page loader returns it. */
function pageData<T>(value: T): T extends { data: infer D } ? D : never {
  const wrapped = value as { type?: string; data: unknown };
  expect(wrapped.type).toBe("DataWithResponseInit");
  return wrapped.data as T extends { data: infer D } ? D : never;
}

/** Runs a loader against a backend that does not answer; the failure must be logged, once. */
async function withDeadBackend(run: (env: Partial<Env>) => Promise<unknown>): Promise<Response> {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const response = await thrown(run({ SUPABASE_URL: DEAD_BACKEND }));
    expect(log).toHaveBeenCalledTimes(1);
    return response;
  } finally {
    log.mockRestore();
  }
}

/** The Response a loader threw (Remix turns it into the error screen with its status). */
async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("the loader did not throw");
}

describe("/events", () => {
  it("lists the upcoming published events, soonest first, without the draft or the past one", async () => {
    const page = pageData(await eventsLoader(args("/events")));
    expect(page.items.map((event) => event.slug)).toEqual(UPCOMING);
    const starts = page.items.map((event) => Date.parse(event.start_date));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 6, past: false, title: "Events — INAG" });
  });

  it("has the organiser's username and the group's name on the cards", async () => {
    const page = pageData(await eventsLoader(args("/events")));
    const assembly = page.items.find((event) => event.slug === "southern-africa-regional-assembly");
    expect(assembly?.organizer?.username).toBe("amara");
    expect(assembly?.group?.name).toBeTruthy();
  });

  it("?past=1 is the archive: the past published event only", async () => {
    const page = pageData(await eventsLoader(args("/events?past=1")));
    expect(page.items.map((event) => event.slug)).toEqual([PAST]);
    expect(page).toMatchObject({ past: true, title: "Past events — INAG" });
  });

  it("a page past the last one is a 404", async () => {
    expect((await thrown(eventsLoader(args("/events?page=2")))).status).toBe(404);
    expect((await thrown(eventsLoader(args("/events?past=1&page=3")))).status).toBe(404);
  });

  it("a backend failure is a 503", async () => {
    const response = await withDeadBackend((env) => eventsLoader(args("/events", {}, env)));
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("Failed to load events");
  });
});

describe("/events/:slug", () => {
  it("shows an upcoming published event with its detail fields", async () => {
    const page = pageData(await eventLoader(args("/events/southern-africa-regional-assembly", { slug: "southern-africa-regional-assembly" })));
    expect(page.ended).toBe(false);
    expect(page.event).toMatchObject({ title: "Southern Africa regional assembly", max_participants: 120, is_online: false });
    expect(page.title).toBe("Southern Africa regional assembly — INAG");
    expect(page.description.length).toBeLessThanOrEqual(160);
  });

  it("shows a past published event, marked as ended", async () => {
    const page = pageData(await eventLoader(args(`/events/${PAST}`, { slug: PAST })));
    expect(page.ended).toBe(true);
  });

  it("a draft or unknown slug is a 404", async () => {
    expect((await thrown(eventLoader(args(`/events/${DRAFT}`, { slug: DRAFT })))).status).toBe(404);
    expect((await thrown(eventLoader(args("/events/no-such-event", { slug: "no-such-event" })))).status).toBe(404);
  });

  it("a path segment that cannot be a slug is a 404 too, never 'failed to load' (the event page and its .ics)", async () => {
    for (const slug of ["a".repeat(20_000), "Riverside-Mutual-Aid-Fair", "✓"]) {
      expect((await thrown(eventLoader(args("/events/x", { slug })))).status).toBe(404);
      expect((await eventIcsLoader(args("/events/x.ics", { slug }))).status).toBe(404);
    }
  });

  it("a backend failure is a 503 'Failed to load event'", async () => {
    const response = await withDeadBackend((env) => eventLoader(args(`/events/${PAST}`, { slug: PAST }, env)));
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("Failed to load event");
  });
});

// ---------------------------------------------------------------------------------------------
// A strict reader for the XML we emit (no XML parser is installed): one root element, matching
// tags, quoted attributes, only the five named entities and numeric references, no stray < or &.
// Comments, CDATA and processing instructions other than the declaration are refused, since the
// feeds never write them.
// ---------------------------------------------------------------------------------------------
type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const NAME = "[A-Za-z_][\\w.:-]*";
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (/&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) throw new Error(`bare & in ${where}: ${raw}`);
  if (raw.includes("<")) throw new Error(`bare < in ${where}: ${raw}`);
  return raw.replace(ENTITY, (_, name: string, dec: string, hex: string) =>
    name ? NAMED[name] : String.fromCodePoint(dec ? Number(dec) : Number.parseInt(hex, 16)),
  );
}

function parseXml(source: string): XmlElement {
  let rest = source.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>/, "");
  const tag = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`);
  const attribute = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g");
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (rest.length) {
    const lt = rest.indexOf("<");
    const text = lt < 0 ? rest : rest.slice(0, lt);
    if (text) {
      if (!stack.length) {
        if (text.trim()) throw new Error(`text outside the root element: ${text.slice(0, 40)}`);
      } else stack[stack.length - 1].text += decode(text, `<${stack[stack.length - 1].name}>`);
    }
    if (lt < 0) break;
    rest = rest.slice(lt);
    const match = tag.exec(rest);
    if (!match) throw new Error(`malformed markup: ${rest.slice(0, 60)}`);
    const [whole, closing, name, attributeText, selfClosing] = match;
    rest = rest.slice(whole.length);
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name || attributeText || selfClosing) throw new Error(`unexpected </${name}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, double, single] of attributeText.matchAll(attribute)) {
      if (key in attributes) throw new Error(`duplicate attribute ${key}`);
      attributes[key] = decode(double ?? single, `attribute ${key}`);
    }
    const element: XmlElement = { name, attributes, children: [], text: "" };
    if (stack.length) stack[stack.length - 1].children.push(element);
    else if (root) throw new Error("a second root element");
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error("no root element");
  return root;
}

const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);
const textOf = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text;

describe("the strict XML reader used below", () => {
  it("refuses what a careless feed writer produces", () => {
    expect(() => parseXml("<a>Tom & Jerry</a>")).toThrow(/bare &/);
    expect(() => parseXml("<a><b></a></b>")).toThrow();
    expect(() => parseXml("<a x=1></a>")).toThrow();
    expect(() => parseXml("<a>&nbsp;</a>")).toThrow();
    expect(() => parseXml("<a><![CDATA[x]]></a>")).toThrow();
    expect(parseXml('<a x="&quot;">&lt;&#38;&#x41;</a>')).toMatchObject({ attributes: { x: '"' }, text: "<&A" });
  });
});

describe("/rss", () => {
  it("is RSS 2.0 of the published news, newest first, with absolute links and RFC 822 dates", async () => {
    const response = await rssLoader(args("/rss"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, /);

    const rss = parseXml(await response.text());
    expect(rss).toMatchObject({ name: "rss", attributes: { version: "2.0" } });
    const [channel] = childrenNamed(rss, "channel");
    expect(textOf(channel, "link")).toBe(`${TEST_ORIGIN}/news`);
    expect(textOf(channel, "title")).toBe("INAG — News");

    const items = childrenNamed(channel, "item");
    expect(items).toHaveLength(6);
    const links = items.map((item) => textOf(item, "link"));
    expect(links).toContain(`${TEST_ORIGIN}/news/regional-assemblies-agree-on-shared-calendar`);
    expect(links).not.toContain(`${TEST_ORIGIN}/news/${DRAFT_NEWS}`);
    for (const item of items) {
      expect(textOf(item, "title")).toBeTruthy();
      expect(textOf(item, "guid")).toBe(textOf(item, "link"));
      expect(textOf(item, "pubDate")).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    }
    const dates = items.map((item) => Date.parse(textOf(item, "pubDate")));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  describe("with markup and control characters in an article", () => {
    const id = "20000000-0000-4000-8000-00000000e5c9";
    const title = `Tom & Jerry <script>alert("x")</script> 'quoted' ]]> end`;
    const excerpt = "Line\u0001 with a control character & <b>tags</b>";

    afterAll(async () => {
      await serviceClient().from("news_articles").delete().eq("id", id);
    });

    it("escapes them, and the feed still parses to the original text", async () => {
      const { error } = await serviceClient().from("news_articles").insert({
        id,
        title,
        slug: "escaping-check",
        excerpt,
        content: "<p>x</p>",
        is_published: true,
        published_at: new Date().toISOString(),
      });
      expect(error).toBeNull();

      const xml = await (await rssLoader(args("/rss"))).text();
      expect(xml).not.toContain("<script>");
      const [channel] = childrenNamed(parseXml(xml), "channel");
      const item = childrenNamed(channel, "item").find((entry) => textOf(entry, "link")?.endsWith("/news/escaping-check"));
      expect(textOf(item!, "title")).toBe(title);
      expect(textOf(item!, "description")).toBe("Line with a control character & <b>tags</b>");
    });
  });
});

// ---------------------------------------------------------------------------------------------
// iCalendar: lines unfolded (RFC 5545 §3.1), events as property maps.
// ---------------------------------------------------------------------------------------------
function parseIcs(body: string): { calendar: Map<string, string>; events: Map<string, string>[] } {
  expect(body.endsWith("\r\n")).toBe(true);
  expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const lines = body.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  const calendar = new Map<string, string>();
  const events: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines.slice(1, -1)) {
    if (line === "BEGIN:VEVENT") {
      expect(current).toBeNull();
      current = new Map();
    } else if (line === "END:VEVENT") {
      expect(current).not.toBeNull();
      events.push(current!);
      current = null;
    } else {
      const colon = line.indexOf(":");
      expect(colon, line).toBeGreaterThan(0);
      (current ?? calendar).set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  expect(current).toBeNull();
  return { calendar, events };
}

const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === "n" ? "\n" : c));
const icsDate = (value: string) =>
  Date.parse(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));

describe("/events.ics", () => {
  it("is an iCalendar of the upcoming published events in UTC, each with its page's URL", async () => {
    const response = await calendarLoader(args("/events.ics"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");

    const { calendar, events } = parseIcs(await response.text());
    expect(calendar.get("VERSION")).toBe("2.0");
    expect(events).toHaveLength(6);
    expect(events.map((event) => event.get("URL"))).toEqual(UPCOMING.map((slug) => `${TEST_ORIGIN}/events/${slug}`));
    for (const event of events) {
      expect(event.get("DTSTART")).toMatch(/^\d{8}T\d{6}Z$/);
      expect(event.get("UID")).toMatch(/^[0-9a-f-]{36}@/);
      if (event.has("DTEND")) expect(icsDate(event.get("DTEND")!)).toBeGreaterThanOrEqual(icsDate(event.get("DTSTART")!));
    }
    const assembly = events.find((event) => event.get("URL")?.endsWith("/southern-africa-regional-assembly"))!;
    expect(unescapeText(assembly.get("SUMMARY")!)).toBe("Southern Africa regional assembly");
    expect(unescapeText(assembly.get("LOCATION")!)).toBe("Cape Town, South Africa");
    expect(assembly.get("DTEND")).toMatch(/^\d{8}T150000Z$/);
  });

  it("/events/:slug.ics holds one VEVENT; a draft's is a 404", async () => {
    const response = await eventIcsLoader(args(`/events/${PAST}.ics`, { slug: PAST }));
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${PAST}.ics"`);
    const { events } = parseIcs(await response.text());
    expect(events).toHaveLength(1);
    expect(unescapeText(events[0].get("SUMMARY")!)).toBe("Mutual aid fair");

    expect((await eventIcsLoader(args(`/events/${DRAFT}.ics`, { slug: DRAFT }))).status).toBe(404);
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  it("lists the static pages and every published slug as absolute URLs, and no draft", async () => {
    const response = await sitemapLoader(args("/sitemap.xml"));
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const urlset = parseXml(await response.text());
    expect(urlset.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locations = childrenNamed(urlset, "url").map((url) => textOf(url, "loc"));
    for (const location of locations) expect(location.startsWith(`${TEST_ORIGIN}/`)).toBe(true);

    expect(locations).toEqual(
      expect.arrayContaining([
        `${TEST_ORIGIN}/`,
        `${TEST_ORIGIN}/about`,
        `${TEST_ORIGIN}/events`,
        ...[...UPCOMING, PAST].map((slug) => `${TEST_ORIGIN}/events/${slug}`),
        `${TEST_ORIGIN}/news/regional-assemblies-agree-on-shared-calendar`,
        `${TEST_ORIGIN}/resources/starting-a-mutual-aid-group`,
      ]),
    );
    expect(locations.filter((location) => location.startsWith(`${TEST_ORIGIN}/news/`))).toHaveLength(6);
    expect(locations).not.toContain(`${TEST_ORIGIN}/events/${DRAFT}`);
    expect(locations).not.toContain(`${TEST_ORIGIN}/news/${DRAFT_NEWS}`);
    expect(locations).not.toContain(`${TEST_ORIGIN}/resources/${DRAFT_RESOURCE}`);
  });

  it("lists no page the site does not have: every static path is a route of app/routes", async () => {
    const response = await sitemapLoader(args("/sitemap.xml"));
    const locations = childrenNamed(parseXml(await response.text()), "url").map((url) => new URL(textOf(url, "loc")));
    const contentPage = /^\/(news|events|resources)\/[^/]+$/;
    const staticPaths = locations.map((url) => url.pathname).filter((path) => !contentPage.test(path));
    expect(staticPaths.length).toBeGreaterThan(10);
    for (const path of staticPaths) {
      const name = path === "/" ? "_index" : path.slice(1).replaceAll("/", ".");
      const exists = [`${name}.tsx`, `${name}._index.tsx`].some((file) => existsSync(new URL(`../../app/routes/${file}`, import.meta.url)));
      expect(exists, `${path} has no route`).toBe(true);
    }
  });

  it("robots.txt allows everything but /admin and names the sitemap", async () => {
    const response = robotsLoader(args("/robots.txt"));
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /admin", `Sitemap: ${TEST_ORIGIN}/sitemap.xml`]));
  });

  it("security.txt names the contact, the languages and the policy, and expires within a year (RFC 9116)", async () => {
    const response = securityTxtLoader(args("/.well-known/security.txt"));
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const fields = Object.fromEntries(
      (await response.text())
        .split("\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
    );
    expect(fields).toMatchObject({
      Contact: "mailto:security@inag.network",
      "Preferred-Languages": "en, eo, ar, zh, es, fr, hi, my, pl, ru, de",
      Policy: `${TEST_ORIGIN}/security#disclosure`,
      Canonical: `${TEST_ORIGIN}/.well-known/security.txt`,
    });
    const daysLeft = (Date.parse(fields.Expires) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(150);
    expect(daysLeft).toBeLessThan(365);
  });
});
