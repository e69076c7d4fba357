import { describe, expect, it } from "vitest";
import { directionOf, languages, namespaces, ROUTE_NAMESPACES, translateFromPayload } from "~/lib/i18n";
import {
  createI18nInstance,
  detectLanguage,
  languageCookie,
  languageFromAcceptLanguage,
  languagePayload,
  namespaceStrings,
  resources,
  withFallback,
} from "~/lib/i18n.server";

type Strings = Parameters<typeof withFallback>[1];

function request(path: string, headers: Record<string, string> = {}) {
  return new Request(`https://inag.network${path}`, { headers });
}

describe("language detection order: ?lng=, then the lng cookie, then Accept-Language, then English", () => {
  it("takes a valid ?lng= over the cookie and the header", () => {
    expect(detectLanguage(request("/about?lng=ar", { Cookie: "lng=fr", "Accept-Language": "de" }))).toEqual({
      language: "ar",
      source: "query",
    });
  });

  it("ignores an unsupported ?lng= and falls through to the cookie", () => {
    expect(detectLanguage(request("/?lng=xx", { Cookie: "other=1; lng=fr", "Accept-Language": "de" }))).toEqual({
      language: "fr",
      source: "cookie",
    });
  });

  it("takes the cookie over Accept-Language", () => {
    expect(detectLanguage(request("/", { Cookie: "lng=pl", "Accept-Language": "ru" })).language).toBe("pl");
  });

  it("ignores an unsupported cookie and uses Accept-Language", () => {
    expect(detectLanguage(request("/", { Cookie: "lng=klingon", "Accept-Language": "ru-RU,ru;q=0.9" }))).toEqual({
      language: "ru",
      source: "header",
    });
  });

  it("falls back to English", () => {
    expect(detectLanguage(request("/"))).toEqual({ language: "en", source: "fallback" });
    expect(detectLanguage(request("/", { "Accept-Language": "ja, ko;q=0.5" }))).toEqual({
      language: "en",
      source: "fallback",
    });
  });

  it("honours q-values and maps regional tags to their base language", () => {
    expect(languageFromAcceptLanguage("ja;q=1, de;q=0.4, zh-CN;q=0.8")).toBe("zh");
    expect(languageFromAcceptLanguage("es-MX, en;q=0.9")).toBe("es");
    expect(languageFromAcceptLanguage("fr;q=0, hi")).toBe("hi");
    expect(languageFromAcceptLanguage("*")).toBeNull();
  });

  it("does not take a cookie whose name only ends in lng", () => {
    expect(detectLanguage(request("/", { Cookie: "xlng=ar" })).language).toBe("en");
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

describe("resources", () => {
  it("bundles all eleven languages", () => {
    expect(Object.keys(resources).sort()).toEqual([...languages].sort());
  });

  it("the root payload carries the active language only", () => {
    const payload = languagePayload("ar");
    expect(payload.language).toBe("ar");
    expect(payload.dir).toBe("rtl");
    expect(payload.resources.common).toEqual(resources.ar.common);
    // Namespaces of one language at the top, not a map of languages.
    expect(Object.keys(payload.resources).every((key) => (namespaces as readonly string[]).includes(key))).toBe(true);
    expect(Object.keys(payload)).toEqual(["language", "dir", "resources"]);
  });

  it("fills what a language lacks with English, so the browser never shows a raw key", () => {
    const english = { title: "Events", detail: { limited_one: "One", limited_other: "Many" }, empty: "None" };
    const german = { title: "Termine", detail: { limited_other: "Viele" } };
    expect(withFallback(german, english)).toEqual({
      title: "Termine",
      detail: { limited_one: "One", limited_other: "Viele" },
      empty: "None",
    });
    const { admin: _admin, account: _account, newsletter: _newsletter, ...shared } = resources.en;
    expect(languagePayload("en").resources).toEqual(shared);
  });

  it("leaves the route namespaces (ROUTE_NAMESPACES) out of every page's payload; the pages that use them load them", () => {
    expect([...ROUTE_NAMESPACES].sort()).toEqual(["account", "admin", "newsletter"]);
    for (const language of ["en", "ar"] as const) {
      for (const namespace of ROUTE_NAMESPACES) expect(languagePayload(language).resources).not.toHaveProperty(namespace);
      expect(Object.keys(languagePayload(language).resources).sort()).toEqual(namespaces.filter((ns) => !["admin", "account", "newsletter"].includes(ns)).sort());
    }
    const arabic = namespaceStrings(new Request("https://site.example/admin?lng=ar"), "admin");
    expect(Object.keys(arabic)).toEqual(["admin"]);
    expect((arabic.admin.nav as Record<string, string>).news).toBe(((resources.ar.admin as Record<string, unknown>).nav as Record<string, string>).news);
  });

  it("the account pages' strings travel with those pages, English filling what a language lacks", () => {
    const arabic = namespaceStrings(new Request("https://site.example/login?lng=ar"), "account");
    expect(Object.keys(arabic)).toEqual(["account"]);
    expect(arabic.account).toEqual(withFallback(resources.ar.account as Strings, resources.en.account as Strings));
    expect(namespaceStrings(new Request("https://site.example/login"), "account").account).toEqual(resources.en.account);
    // /admin/login's form is the account namespace's sign-in form: one call sends both.
    const both = namespaceStrings(new Request("https://site.example/admin/login?lng=fr"), "admin", "account");
    expect(Object.keys(both).sort()).toEqual(["account", "admin"]);
    expect(both.account).toEqual(withFallback(resources.fr.account as Strings, resources.en.account as Strings));
  });

  it("a server instance translates synchronously in the requested language", () => {
    const i18n = createI18nInstance("de");
    expect(i18n.language).toBe("de");
    expect(i18n.t("header.nav.about")).toBe((resources.de.common as { header: { nav: { about: string } } }).header.nav.about);
  });

  it("meta lookups read the payload and interpolate", () => {
    const payload = { resources: { common: { a: { b: "Hello {{name}}" } } } };
    expect(translateFromPayload(payload, "a.b", { name: "you" })).toBe("Hello you");
    expect(translateFromPayload(payload, "common:a.b", { name: "you" })).toBe("Hello you");
    expect(translateFromPayload(payload, "a.missing")).toBe("a.missing");
  });
});
