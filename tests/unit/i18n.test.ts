import { describe, expect, it } from "vitest";
import { directionOf, languages, namespaces, ROUTE_NAMESPACES, translateFromPayload } from "~/lib/i18n";
import {
  createI18nInstance,
  detectLanguage,
  getFixedT,
  languageCookie,
  languageFromQuery,
  languagePayload,
  namespaceStrings,
  translationsOf,
} from "~/lib/i18n.server";
import { readTranslationFiles, translationFile, withFallback, type Strings } from "~/lib/translation-files";

const LOCALES = new URL("../../locales", import.meta.url).pathname;
const resources = await readTranslationFiles(LOCALES);

function request(path: string, headers: Record<string, string> = {}) {
  return new Request(`https://inag.network${path}`, { headers });
}

describe("language detection order (remix-i18next): ?lng=, then the lng cookie, then Accept-Language, then English", () => {
  it("takes a valid ?lng= over the cookie and the header, and says it was asked for", async () => {
    const asked = request("/about?lng=ar", { Cookie: "lng=fr", "Accept-Language": "de" });
    expect(await detectLanguage(asked)).toBe("ar");
    expect(languageFromQuery(new URL(asked.url))).toBe("ar");
  });

  it("ignores an unsupported ?lng= and falls through to the cookie", async () => {
    expect(await detectLanguage(request("/?lng=xx", { Cookie: "other=1; lng=fr", "Accept-Language": "de" }))).toBe("fr");
    expect(languageFromQuery(new URL("https://inag.network/?lng=xx"))).toBeNull();
  });

  it("takes the cookie over Accept-Language", async () => {
    expect(await detectLanguage(request("/", { Cookie: "lng=pl", "Accept-Language": "ru" }))).toBe("pl");
  });

  it("ignores an unsupported cookie and uses Accept-Language", async () => {
    expect(await detectLanguage(request("/", { Cookie: "lng=klingon", "Accept-Language": "ru-RU,ru;q=0.9" }))).toBe("ru");
  });

  it("falls back to English", async () => {
    expect(await detectLanguage(request("/"))).toBe("en");
    expect(await detectLanguage(request("/", { "Accept-Language": "ja, ko;q=0.5" }))).toBe("en");
  });

  it("takes the browser's first choice by q-value, regional tags matching their base language", async () => {
    const byHeader = (header: string) => detectLanguage(request("/", { "Accept-Language": header }));
    expect(await byHeader("ja;q=0.5, de;q=0.4, zh-CN;q=0.8")).toBe("zh");
    expect(await byHeader("es-MX, en;q=0.9")).toBe("es");
    expect(await byHeader("fr;q=0, hi")).toBe("hi");
    expect(await byHeader("my-MM")).toBe("my");
    expect(await byHeader("*")).toBe("en");
    // remix-i18next reads only the first choice: one we do not offer means English, not the second
    // choice (docs/decisions/038); the language menu's choice is then remembered.
    expect(await byHeader("pt-BR, es;q=0.8")).toBe("en");
  });

  it("does not take a cookie whose name only ends in lng", async () => {
    expect(await detectLanguage(request("/", { Cookie: "xlng=ar" }))).toBe("en");
  });
});

describe("direction", () => {
  it("is rtl for Arabic only", () => {
    expect(directionOf("ar")).toBe("rtl");
    for (const language of languages.filter((l) => l !== "ar")) expect(directionOf(language)).toBe("ltr");
  });
});

describe("language cookie", () => {
  it("lasts a year, is HttpOnly and Lax, and Secure outside localhost", () => {
    const cookie = languageCookie("ar", new URL("https://inag.network/"));
    expect(cookie).toMatch(/^lng=ar; /);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(languageCookie("ar", new URL("http://127.0.0.1:8787/"))).not.toContain("Secure");
    expect(languageCookie("ar", new URL("http://localhost:8787/"))).not.toContain("Secure");
  });
});

describe("translations", () => {
  it("exist for all eleven languages", () => {
    expect(Object.keys(resources).sort()).toEqual([...languages].sort());
  });

  it("the root payload carries the active language only", async () => {
    const payload = await languagePayload("ar");
    expect(payload.language).toBe("ar");
    expect(payload.dir).toBe("rtl");
    expect(payload.resources.common).toEqual(resources.ar.common);
    // Namespaces of one language at the top, not a map of languages.
    expect(Object.keys(payload.resources).every((key) => (namespaces as readonly string[]).includes(key))).toBe(true);
    expect(Object.keys(payload)).toEqual(["language", "dir", "resources"]);
  });

  it("fills what a language lacks with English, so the browser never shows a raw key", async () => {
    const english = { title: "Events", detail: { limited_one: "One", limited_other: "Many" }, empty: "None" };
    const german = { title: "Termine", detail: { limited_other: "Viele" } };
    expect(withFallback(german, english)).toEqual({
      title: "Termine",
      detail: { limited_one: "One", limited_other: "Viele" },
      empty: "None",
    });
    const { admin: _admin, account: _account, newsletter: _newsletter, pages: _pages, ...shared } = resources.en;
    expect((await languagePayload("en")).resources).toEqual(shared);
  });

  it("leaves the route namespaces (ROUTE_NAMESPACES) out of every page's payload; the pages that use them load them", async () => {
    expect([...ROUTE_NAMESPACES].sort()).toEqual(["account", "admin", "newsletter", "pages"]);
    for (const language of ["en", "ar"] as const) {
      const payload = await languagePayload(language);
      for (const namespace of ROUTE_NAMESPACES) expect(payload.resources).not.toHaveProperty(namespace);
      expect(Object.keys(payload.resources).sort()).toEqual(namespaces.filter((ns) => !["admin", "account", "newsletter", "pages"].includes(ns)).sort());
    }
    const arabic = await namespaceStrings(new Request("https://site.example/admin?lng=ar"), "admin");
    expect(Object.keys(arabic)).toEqual(["admin"]);
    expect((arabic.admin.nav as Record<string, string>).news).toBe(((resources.ar.admin as Record<string, unknown>).nav as Record<string, string>).news);
  });

  it("the account pages' strings travel with those pages, English filling what a language lacks", async () => {
    const arabic = await namespaceStrings(new Request("https://site.example/login?lng=ar"), "account");
    expect(Object.keys(arabic)).toEqual(["account"]);
    expect(arabic.account).toEqual(withFallback(resources.ar.account as Strings, resources.en.account as Strings));
    expect((await namespaceStrings(new Request("https://site.example/login"), "account")).account).toEqual(resources.en.account);
    // /admin/login's form is the account namespace's sign-in form: one call sends both.
    const both = await namespaceStrings(new Request("https://site.example/admin/login?lng=fr"), "admin", "account");
    expect(Object.keys(both).sort()).toEqual(["account", "admin"]);
    expect(both.account).toEqual(withFallback(resources.fr.account as Strings, resources.en.account as Strings));
  });

  it("a page's instance and a loader's getFixedT translate in the requested language", async () => {
    const i18n = await createI18nInstance("de");
    const about = (resources.de.common as { header: { nav: { about: string } } }).header.nav.about;
    expect(i18n.language).toBe("de");
    expect(i18n.t("header.nav.about")).toBe(about);
    expect((await getFixedT(request("/?lng=de")))("header.nav.about")).toBe(about);
    expect((await getFixedT("de", "common"))("header.nav.about")).toBe(about);
  });

  it("meta lookups read the payload and interpolate", () => {
    const payload = { resources: { common: { a: { b: "Hello {{name}}" } } } };
    expect(translateFromPayload(payload, "a.b", { name: "you" })).toBe("Hello you");
    expect(translateFromPayload(payload, "common:a.b", { name: "you" })).toBe("Hello you");
    expect(translateFromPayload(payload, "a.missing")).toBe("a.missing");
  });
});

describe("translation files", () => {
  // The Worker reads the built /locales/<lng>.json through ASSETS (every Playwright test renders
  // through it); vitest and `remix vite:dev` compute the same content from locales/.
  it("hold every namespace of a language, English filling what it lacks", async () => {
    const german = await translationsOf("de");
    expect(german).toEqual(translationFile(resources, "de"));
    expect(Object.keys(german).sort()).toEqual([...namespaces].sort());
  });
});
