// What the XSS spec (xss.spec.ts) needs around its payloads: writing through the site's own forms
// as a visitor, member or admin; watching a page for anything that ran; checking the markup a page
// serves and the DOM it ends up with; and the service-key calls that find and remove a run's rows.
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { SERVICE_ROLE_KEY, SUPABASE_URL } from "../e2e/local-backend";
import { freshAdmin, PASSWORD } from "../e2e/members";
import { totpCode } from "../support/totp";
import { XSS_GLOBAL, XSS_MARKER_PATH, type XssPayload } from "./xss-payloads";

/** A run's mark: in every row the spec writes, so that its pages can be searched and its rows removed. */
export function runTag(): string {
  return `xss${crypto.randomUUID().replace(/-/g, "").slice(0, 6)}`;
}

/** A random client address for one request (the contact, newsletter and sign-up limits count per address). */
export function clientAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** The payloads in order, cut into groups whose texts, joined by `separator`, fit in `capacity` characters. */
export function pack(payloads: readonly XssPayload[], capacity: number, separator = " "): XssPayload[][] {
  const groups: XssPayload[][] = [];
  let current: XssPayload[] = [];
  let length = 0;
  for (const payload of payloads) {
    const size = payload.payload.length + (current.length ? separator.length : 0);
    if (current.length && length + size > capacity) {
      groups.push(current);
      current = [];
      length = 0;
    }
    if (payload.payload.length > capacity) throw new Error(`${payload.id} is longer than ${capacity} characters`);
    length += current.length ? payload.payload.length + separator.length : payload.payload.length;
    current.push(payload);
  }
  if (current.length) groups.push(current);
  return groups;
}

export const joined = (group: readonly XssPayload[], separator = " ") => group.map((p) => p.payload).join(separator);
/** As rich text: each payload a paragraph of its own (and whatever it opens left for the parser). */
export const paragraphs = (group: readonly XssPayload[]) => group.map((p) => `<p>${p.payload}</p>`).join("\n");

// ---------------------------------------------------------------------------------------------
// The backend, with the service key: only to find and remove what the run wrote (and, where a
// comment in the spec says so, to write a plain-text field past the site's forms).
// ---------------------------------------------------------------------------------------------

const SERVICE_HEADERS = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json" };

export async function service<T = unknown>(path: string, init: { method?: string; body?: unknown; prefer?: string } = {}): Promise<{ status: number; data: T }> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    method: init.method ?? "GET",
    headers: { ...SERVICE_HEADERS, ...(init.prefer ? { prefer: init.prefer } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, data: data as T };
}

/** The rows of `table` whose `column` contains `tag`. */
export async function rowsTagged<T>(table: string, column: string, tag: string, select = "*"): Promise<T[]> {
  const { status, data } = await service<T[]>(`${table}?select=${select}&${column}=ilike.*${tag}*`);
  expect(status, `${table}: ${JSON.stringify(data)}`).toBe(200);
  return data;
}

/** Removes the rows of `table` whose `column` contains `tag`; returns how many went. */
export async function removeTagged(table: string, column: string, tag: string): Promise<number> {
  const { status, data } = await service<unknown[]>(`${table}?${column}=ilike.*${tag}*`, { method: "DELETE", prefer: "return=representation" });
  if (status !== 200) throw new Error(`removing ${table} rows of ${tag}: ${status} ${JSON.stringify(data)}`);
  return data.length;
}

// ---------------------------------------------------------------------------------------------
// Writing through the site.
// ---------------------------------------------------------------------------------------------

/**
 * A same-origin form POST as the browser's own form would send it (the Origin header set to the
 * site), with the context's cookies; redirects are not followed, so a 302/303 and its Location
 * are the answer. `multipart` as the contact forms post.
 */
export async function post(
  request: APIRequestContext,
  path: string,
  fields: Record<string, string>,
  options: { multipart?: boolean; address?: string } = {},
) {
  const origin = new URL(baseUrl()).origin;
  const headers: Record<string, string> = { origin, referer: `${origin}${path}` };
  if (options.address) headers["cf-connecting-ip"] = options.address;
  return request.post(path, {
    headers,
    maxRedirects: 0,
    ...(options.multipart ? { multipart: fields } : { form: fields }),
  });
}

function baseUrl(): string {
  return process.env.E2E_BASE_URL ?? "http://127.0.0.1:8787";
}

/**
 * Signs `page`'s context in as a new admin of its own, through the site's own forms as a browser
 * without JavaScript posts them: /admin/login (password), then /login/code (the TOTP code).
 */
export async function signInAdmin(page: Page): Promise<{ email: string; username: string }> {
  const admin = await freshAdmin();
  const password = await post(page.request, "/admin/login", { email: admin.email, password: PASSWORD, redirectTo: "/admin" });
  const codePage = password.headers().location ?? "";
  expect(codePage, `admin sign-in: ${password.status()}`).toMatch(/^\/login\/code\?/);
  const code = await post(page.request, codePage, { code: totpCode(admin.totpSecret), redirectTo: "/admin" });
  expect(code.headers().location, `admin code: ${code.status()}`).toBe("/admin");
  return admin;
}

// ---------------------------------------------------------------------------------------------
// Watching and inspecting.
// ---------------------------------------------------------------------------------------------

type Report = (kind: string, detail: string) => void;

/**
 * Runs in every frame of every page of a JavaScript context before the page's own scripts: the
 * marker global becomes a setter that reports at once (and keeps the value, so that the page can
 * still be asked), and every CSP violation the page sees is reported.
 */
function watcherScript({ global }: { global: string }) {
  const report = (kind: string, detail: string) => {
    try {
      (window as unknown as { __xssReport: Report }).__xssReport(kind, detail);
    } catch {
      // the binding is missing only in a frame torn down meanwhile
    }
  };
  let value: unknown;
  Object.defineProperty(window, global, {
    configurable: false,
    get: () => value,
    set: (next: unknown) => {
      value = next;
      report("marker", `${global}=${String(next)} in ${location.href}`);
    },
  });
  document.addEventListener(
    "securitypolicyviolation",
    (event) => report("csp", `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sample}) in ${event.documentURI}`),
    true,
  );
}

type Slot = "js" | "noJs";

/** Findings as they happen, each labelled with the page its context was looking at (the two contexts visit at once). */
export class Findings {
  readonly list: string[] = [];
  readonly current: Record<Slot, string> = { js: "(setup)", noJs: "(setup)" };
  /** Every page load and client-side render inspected, for the run's record. */
  readonly visited: string[] = [];
  add(kind: string, detail: string, slot: Slot = "js") {
    this.note(this.current[slot], kind, detail);
  }
  note(where: string, kind: string, detail: string) {
    this.list.push(`${where}: ${kind}: ${detail}`);
  }
}

/**
 * Watches a context: dialogs, the marker global and CSP violations (JavaScript contexts), console
 * errors, uncaught errors, requests for the marker path and requests to other hosts (a context the
 * e2e fixture does not watch itself).
 */
async function watchContext(context: BrowserContext, findings: Findings, { javaScript }: { javaScript: boolean }) {
  const site = new URL(baseUrl()).origin;
  const slot: Slot = javaScript ? "js" : "noJs";
  if (javaScript) {
    await context.exposeBinding("__xssReport", (_source, kind: string, detail: string) => findings.add(kind, detail, slot));
    await context.addInitScript(watcherScript, { global: XSS_GLOBAL });
  }
  const watchPage = (page: Page) => {
    page.on("dialog", (dialog) => {
      findings.add("dialog", `${dialog.type()} "${dialog.message()}"`, slot);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on("console", (message) => {
      const text = message.text();
      if (/Content Security Policy/i.test(text)) findings.add("csp", text, slot);
      else if (message.type() === "error" && !text.startsWith("Failed to load resource")) findings.add("console error", text, slot);
    });
    page.on("pageerror", (error) => findings.add("page error", error.message, slot));
  };
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  context.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:") || url === "about:blank") return;
    const parsed = new URL(url);
    if (parsed.pathname.startsWith(XSS_MARKER_PATH)) findings.add("marker request", url, slot);
    if (parsed.origin !== site && !javaScript) findings.add("third-party request", url, slot);
  });
}

/** What a document holds that could run, or that the site itself never serves. */
function inspectDocument({ html, scripts, served, origin }: { html: string | null; scripts: ScriptPolicy | null; served: boolean; origin: string }) {
  const doc = html === null ? document : new DOMParser().parseFromString(html, "text/html");
  const problems: string[] = [];
  // Invisible characters spelt out, so that a report says exactly what the attribute held.
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  const visible = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u00a0\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const snippet = (el: Element) => visible(el.outerHTML.slice(0, 200));
  const NEVER = new Set([
    "iframe", "frame", "frameset", "object", "embed", "applet", "base", "isindex", "portal", "xmp", "plaintext", "noembed", "noframes",
    "animate", "set", "animatetransform", "animatemotion", "discard", "handler", "foreignobject", "maction", "math", "mglyph",
  ]);
  const URL_ATTRIBUTES = new Set(["href", "xlink:href", "src", "action", "formaction", "data", "background", "poster", "codebase", "cite", "ping", "code", "archive"]);
  // An animation's values that an href takes on (<animate attributeName=href values=javascript:…>).
  const VALUE_LISTS = new Set(["values", "to", "from", "by"]);
  // As a URL parser reads it: leading C0 controls and spaces dropped, tabs and newlines dropped anywhere.
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  const normalised = (value: string) => value.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, "").toLowerCase();
  // The scheme the browser would follow, by the browser's own URL parser.
  const schemeOf = (value: string) => {
    try {
      return new URL(value, `${origin}/`).protocol;
    } catch {
      return "";
    }
  };
  for (const el of Array.from(doc.querySelectorAll("*"))) {
    const name = el.localName.toLowerCase();
    if (NEVER.has(name)) problems.push(`<${name}> element: ${snippet(el)}`);
    // The map's dots: a <use> may only repeat a shape of the same document.
    if (name === "use" && !Array.from(el.attributes).every((a) => !/^(xlink:)?href$/i.test(a.name) || a.value.startsWith("#"))) {
      problems.push(`<use> of another document: ${snippet(el)}`);
    }
    if (name === "script" && scripts !== null) {
      const own = (el as HTMLScriptElement).nonce || el.getAttribute("nonce");
      const src = el.getAttribute("src");
      if ("nonce" in scripts && own !== scripts.nonce) problems.push(`script without the response's nonce: ${snippet(el)}`);
      if ("urls" in scripts && (src === null || !scripts.urls.includes(new URL(src, `${origin}/`).href))) {
        problems.push(`script the policy does not name: ${snippet(el)}`);
      }
    }
    if (name === "style" && scripts !== null) {
      const own = (el as HTMLStyleElement).nonce || el.getAttribute("nonce");
      if (!("nonce" in scripts) || own !== scripts.nonce) problems.push(`style element without the nonce: ${snippet(el)}`);
    }
    if (name === "meta" && el.hasAttribute("http-equiv")) problems.push(`meta http-equiv: ${snippet(el)}`);
    if (name === "link") {
      // The page's own: root-relative (/assets/…) or absolute on the site (canonical, alternates).
      const href = normalised(el.getAttribute("href") ?? "");
      const own = (href.startsWith("/") && !href.startsWith("//")) || href.startsWith(`${origin.toLowerCase()}/`);
      if (!own || href.includes("xss-marker")) problems.push(`link the site never serves: ${snippet(el)}`);
    }
    for (const attribute of Array.from(el.attributes)) {
      const attr = attribute.name.toLowerCase();
      const value = normalised(attribute.value);
      if (attr.startsWith("on")) problems.push(`${attr} attribute: ${snippet(el)}`);
      if (attr === "srcdoc") problems.push(`srcdoc attribute: ${snippet(el)}`);
      if (served && attr === "style") problems.push(`style attribute in served HTML: ${snippet(el)}`);
      if (URL_ATTRIBUTES.has(attr)) {
        const scheme = schemeOf(attribute.value);
        if (["javascript:", "vbscript:", "livescript:", "mocha:"].includes(scheme) || /^(javascript|vbscript):/.test(value)) {
          problems.push(`${attr} with a ${scheme} URL: ${snippet(el)}`);
        }
        if (scheme === "data:" && !(name === "img" && attr === "src" && /^data:image\/(png|gif|jpeg|webp)/.test(value))) {
          problems.push(`${attr}=data: URL: ${snippet(el)}`);
        }
      }
      // eslint-disable-next-line no-control-regex -- control characters are what is looked for
      if (VALUE_LISTS.has(attr) && /(javascript|vbscript|data):/.test(value.replace(/[\u0000-\u0020]/g, ""))) problems.push(`${attr} holding a script URL: ${snippet(el)}`);
    }
  }
  // What the page shows as text (scripts, styles and templates left out: their text is never shown).
  const parts: string[] = [];
  const walker = doc.createTreeWalker(doc.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest("script, style, template")) continue;
    parts.push(node.nodeValue ?? "");
  }
  for (const input of Array.from(doc.querySelectorAll("input[value], textarea"))) parts.push((input as HTMLInputElement).value ?? input.getAttribute("value") ?? "");
  return { problems, text: parts.join("\n") };
}

/** What a page's CSP lets run: scripts with its nonce (pages with React), or exactly the listed ones (decision 040). */
type ScriptPolicy = { nonce: string } | { urls: string[] };

/** The page's script policy, or null when it is neither of the two the site sends (a finding). */
function scriptPolicyOf(csp: string | undefined): ScriptPolicy | null {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  if (nonce) return { nonce };
  const sources = (/(?:^|;)\s*script-src ([^;]+)/.exec(csp ?? "")?.[1] ?? "").trim().split(/\s+/);
  if (sources.length === 1 && sources[0] === "'none'") return { urls: [] };
  const site = new URL(baseUrl()).origin;
  const exact = sources.every((source) => source.startsWith(`${site}/assets/`) && source.endsWith(".js"));
  return sources[0] !== "" && exact ? { urls: sources } : null;
}

export type Pages = { js: Page; noJs: Page; analyzer: Page; findings: Findings };

/**
 * A test's pages: `js` (the e2e fixture's page, JavaScript on), `noJs` in a context of its own with
 * JavaScript off and the same cookies, and `analyzer`, a blank JavaScript page where served HTML
 * is parsed (DOMParser: the browser's own parser, with nothing run or loaded).
 */
export async function openPages(browser: Browser, page: Page, findings: Findings): Promise<Pages & { close(): Promise<void> }> {
  await watchContext(page.context(), findings, { javaScript: true });
  const noJsContext = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseUrl(),
    locale: "en-US",
    storageState: await page.context().storageState(),
  });
  await noJsContext.setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress() });
  await watchContext(noJsContext, findings, { javaScript: false });
  const noJs = await noJsContext.newPage();
  const analyzer = await page.context().newPage();
  return { js: page, noJs, analyzer, findings, close: () => noJsContext.close() };
}

export type Seen = { text: string; status?: number };

/**
 * Opens `path` with JavaScript on: whatever runs is reported through the watchers; then the DOM
 * the page ended with is inspected (no handler, no script URL, no foreign element) and the marker
 * global must still be unset. Returns the page's text.
 */
export async function visitWithJavaScript(pages: Pages, path: string, { status = 200 }: { status?: number | null } = {}): Promise<Seen> {
  const { js, findings } = pages;
  findings.current.js = `${path} (JavaScript on)`;
  findings.visited.push(findings.current.js);
  const response = await js.goto(path, { waitUntil: "load" });
  if (status !== null) expect(response?.status(), `${path} with JavaScript`).toBe(status);
  await hydrated(js);
  return { ...(await inspectLive(pages, response?.headers()["content-security-policy"])), status: response?.status() };
}

/** The DOM the JavaScript page holds now (after a load or a client-side navigation). */
/**
 * Until React has hydrated the page (Remix's router exists) on a page that runs React (its HTML set
 * __remixContext), and a moment more: handlers that a load, an error or autofocus would fire have
 * fired by then. A page with only its own small scripts has none to wait for.
 */
async function hydrated(page: Page) {
  await page
    .waitForFunction(() => !("__remixContext" in window) || "__remixRouter" in window, null, { timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(100);
}

export async function inspectLive(pages: Pages, csp: string | undefined): Promise<Seen> {
  const { js, findings } = pages;
  const scripts = scriptPolicyOf(csp);
  const live = await js.evaluate(inspectDocument, { html: null, scripts, served: false, origin: new URL(baseUrl()).origin });
  for (const problem of live.problems) findings.add("live DOM", problem);
  const marker = await js.evaluate((global) => (window as unknown as Record<string, unknown>)[global], XSS_GLOBAL);
  if (marker !== undefined) findings.add("marker", `window.${XSS_GLOBAL} is ${String(marker)}`);
  return { text: live.text };
}

/**
 * Opens `path` with JavaScript off: what the browser requests (a refresh, a stylesheet, a base URL)
 * and logs (CSP) is watched; then the HTML the response served is parsed and inspected: no element
 * or attribute that could run, every <script> the response's policy allows (its nonce, or named by address). Returns the page's text.
 */
async function visitWithoutJavaScript(pages: Pages, path: string, { status = 200 }: { status?: number | null } = {}): Promise<Seen> {
  const { noJs, analyzer, findings } = pages;
  findings.current.noJs = `${path} (JavaScript off)`;
  findings.visited.push(findings.current.noJs);
  const response = await noJs.goto(path, { waitUntil: "load" });
  if (status !== null) expect(response?.status(), `${path} without JavaScript`).toBe(status);
  const html = await response!.text();
  const scripts = scriptPolicyOf(response!.headers()["content-security-policy"]);
  if (scripts === null) findings.add("headers", "a script-src that is neither a nonce nor the page's own scripts", "noJs");
  const expected = new URL(path, baseUrl());
  const landed = new URL(noJs.url());
  if (landed.pathname !== expected.pathname) findings.add("navigation", `the page went on to ${noJs.url()}`, "noJs");
  const served = await analyzer.evaluate(inspectDocument, { html, scripts, served: true, origin: new URL(baseUrl()).origin });
  for (const problem of served.problems) findings.add("served HTML", problem, "noJs");
  return { text: served.text, status: response!.status() };
}

/** Both visits; the texts both must show every string of `expected`. */
export async function visitBoth(pages: Pages, path: string, expected: readonly string[] = []) {
  const [withJs, withoutJs] = await Promise.all([visitWithJavaScript(pages, path), visitWithoutJavaScript(pages, path)]);
  for (const text of expected) {
    expect.soft(withJs.text.includes(text), `${path} with JavaScript shows ${text}`).toBe(true);
    expect.soft(withoutJs.text.includes(text), `${path} without JavaScript shows ${text}`).toBe(true);
  }
  return { withJs, withoutJs };
}

/**
 * A paged list (`?page=N`, or `&page=N` after a query) visited page by page, both ways, until every
 * label has been seen; the labels must all be found within `maxPages`.
 */
export async function visitList(pages: Pages, path: string, labels: readonly string[], maxPages = 12) {
  const unseen = new Set(labels);
  const visited: string[] = [];
  for (let number = 1; number <= maxPages && unseen.size > 0; number++) {
    const url = number === 1 ? path : `${path}${path.includes("?") ? "&" : "?"}page=${number}`;
    const [withJs, withoutJs] = await Promise.all([
      visitWithJavaScript(pages, url, { status: number === 1 ? 200 : null }),
      visitWithoutJavaScript(pages, url, { status: number === 1 ? 200 : null }),
    ]);
    // Past the last page (a list shorter than it was when the run began).
    if (withJs.status === 404) break;
    expect(withJs.status, `${url} with JavaScript`).toBe(200);
    expect(withoutJs.status, `${url} without JavaScript`).toBe(200);
    visited.push(url);
    let found = 0;
    for (const label of labels) {
      const inJs = withJs.text.includes(label);
      const inNoJs = withoutJs.text.includes(label);
      if (inJs || inNoJs) found++;
      if (inJs && inNoJs) unseen.delete(label);
    }
    // Past the run's rows (another spec's newer rows come before them, never after).
    if (found === 0 && unseen.size < labels.length) break;
  }
  expect([...unseen], `${path}: labels not shown on the ${visited.length} pages visited`).toEqual([]);
  return visited;
}

/**
 * A feed or export (RSS, iCalendar, a member's JSON data) is never HTML: its type says so, with
 * nosniff, and an RSS feed parses as XML with no XHTML, SVG or handler in it.
 */
export async function checkFeed(pages: Pages, request: APIRequestContext, path: string, kind: "rss" | "ics" | "json") {
  const { analyzer, findings } = pages;
  const where = `${path} (feed)`;
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const type = response.headers()["content-type"] ?? "";
  if (/html/i.test(type)) findings.note(where, "feed", `served as ${type}`);
  if (response.headers()["x-content-type-options"] !== "nosniff") findings.note(where, "feed", "no X-Content-Type-Options: nosniff");
  const body = await response.text();
  if (kind === "ics") {
    if (!/^BEGIN:VCALENDAR/.test(body)) findings.note(where, "feed", "not a calendar");
    return body;
  }
  if (kind === "json") {
    if (!/json/i.test(type)) findings.note(where, "feed", `served as ${type}`);
    JSON.parse(body);
    return body;
  }
  const verdict = await analyzer.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    const problems: string[] = [];
    if (doc.getElementsByTagName("parsererror").length) problems.push(`not well-formed XML: ${doc.getElementsByTagName("parsererror")[0].textContent?.slice(0, 200)}`);
    for (const el of Array.from(doc.getElementsByTagName("*"))) {
      if (el.namespaceURI === "http://www.w3.org/1999/xhtml" || el.namespaceURI === "http://www.w3.org/2000/svg") problems.push(`element in the ${el.namespaceURI} namespace: <${el.localName}>`);
      for (const attribute of Array.from(el.attributes)) if (attribute.name.toLowerCase().startsWith("on")) problems.push(`${attribute.name} on <${el.localName}>`);
    }
    return problems;
  }, body);
  for (const problem of verdict) findings.note(where, "feed", problem);
  return body;
}

/** A response the spec got from a form POST (a refusal that shows the submitted values again): its HTML inspected like a page's. */
export async function inspectResponse(pages: Pages, label: string, response: { text(): Promise<string>; headers(): Record<string, string> }) {
  const { analyzer, findings } = pages;
  const where = `${label} (response to a POST)`;
  const scripts = scriptPolicyOf(response.headers()["content-security-policy"]);
  const served = await analyzer.evaluate(inspectDocument, { html: await response.text(), scripts, served: true, origin: new URL(baseUrl()).origin });
  for (const problem of served.problems) findings.note(where, "served HTML", problem);
  return served.text;
}

/** Runs `tasks` at most `width` at a time, in order of start. */
export async function inBatches<T>(tasks: Array<() => Promise<T>>, width = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
  return results;
}

/** A label of a run's record: the tag, a letter for the kind, a three-digit number (never a prefix of another label). */
export const label = (tag: string, kind: string, index: number | string) =>
  `${tag}-${kind}${typeof index === "number" ? String(index).padStart(3, "0") : index}`;
