/**
 * Server side of i18n: bundled translations, language detection and the
 * per-request i18next instance. No filesystem and no fetch: Vite inlines
 * every locales/<lng>/<namespace>.json into the Worker bundle.
 */
import { createInstance, type i18n as I18n, type Resource, type ResourceLanguage, type TFunction } from "i18next";
import { parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { initReactI18next } from "react-i18next";
import {
  directionOf,
  fallbackLanguage,
  i18nextOptions,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  ROUTE_NAMESPACES,
  type Language,
  type LanguagePayload,
  type Namespace,
  type RouteNamespace,
} from "~/lib/i18n";
import { isLocalHost } from "~/lib/security.server";

const files = import.meta.glob<ResourceLanguage>("../../locales/*/*.json", { eager: true, import: "default" });

/** Every bundled translation, as i18next resources: { en: { common: {…}, pages: {…} }, … }. */
export const resources: Resource = (() => {
  const all: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    (all[language] ??= {})[namespace] = content;
  }
  return all;
})();

type Strings = { [key: string]: string | Strings };

/** `strings` with every key it lacks taken from `fallback`, recursively. */
export function withFallback(strings: Strings | undefined, fallback: Strings): Strings {
  const merged: Strings = { ...fallback };
  for (const [key, value] of Object.entries(strings ?? {})) {
    const base = fallback[key];
    merged[key] = typeof value === "object" && typeof base === "object" ? withFallback(value, base) : value;
  }
  return merged;
}

/** Every namespace of `language`, English filling whatever it lacks. Computed once per language. */
const filled = new Map<Language, Strings>();
function filledResources(language: Language): Strings {
  let all = filled.get(language);
  if (!all) {
    const english = (resources[fallbackLanguage] ?? {}) as Strings;
    all = language === fallbackLanguage ? english : withFallback((resources[language] ?? {}) as Strings, english);
    filled.set(language, all);
  }
  return all;
}

const routeNamespaces: ReadonlySet<string> = new Set(ROUTE_NAMESPACES);

/**
 * The active language's resources for the root loader: every namespace but the route namespaces
 * (ROUTE_NAMESPACES: the back-office's, the account pages'), which only the pages that use them load
 * (namespaceStrings). Any string the language lacks is filled in from English here, so that the
 * browser shows the same English fallback the server rendered, never a raw key (and hydration
 * matches). Computed once per language.
 */
const payloads = new Map<Language, LanguagePayload>();
export function languagePayload(language: Language): LanguagePayload {
  let payload = payloads.get(language);
  if (!payload) {
    const shared = Object.fromEntries(Object.entries(filledResources(language)).filter(([namespace]) => !routeNamespaces.has(namespace)));
    payload = { language, dir: directionOf(language), resources: shared };
    payloads.set(language, payload);
  }
  return payload;
}

/**
 * Route namespaces of the request's language, English filling what it lacks, keyed by namespace:
 * a page's loader returns `strings: namespaceStrings(request, "account")` (or several namespaces:
 * `namespaceStrings(request, "admin", "account")`) and its component calls
 * `useNamespaceStrings(strings)` before it translates anything.
 */
export function namespaceStrings<N extends RouteNamespace>(request: Request, ...wanted: [N, ...N[]]): Record<N, Strings> {
  const all = filledResources(detectLanguage(request).language);
  return Object.fromEntries(wanted.map((namespace) => [namespace, all[namespace] as Strings])) as Record<N, Strings>;
}

/** `?lng=xx` when xx is a supported language. */
export function languageFromQuery(url: URL): Language | null {
  const value = url.searchParams.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/** The `lng` cookie when it names a supported language. */
export function languageFromCookie(cookieHeader: string | null): Language | null {
  const value = parseCookieHeader(cookieHeader ?? "").find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value;
  return isLanguage(value) ? value : null;
}

/**
 * The best supported language of an Accept-Language header, honouring
 * q-values; a regional tag matches its base language (zh-CN → zh, de-AT → de).
 */
export function languageFromAcceptLanguage(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split("-")[0];
    if (isLanguage(tag)) return tag;
    if (isLanguage(base)) return base;
  }
  return null;
}

export type LanguageSource = "query" | "cookie" | "header" | "fallback";

/** Detection order: ?lng= query, then the lng cookie, then Accept-Language, then English. */
export function detectLanguage(request: Request): { language: Language; source: LanguageSource } {
  const fromQuery = languageFromQuery(new URL(request.url));
  if (fromQuery) return { language: fromQuery, source: "query" };
  const fromCookie = languageFromCookie(request.headers.get("Cookie"));
  if (fromCookie) return { language: fromCookie, source: "cookie" };
  const fromHeader = languageFromAcceptLanguage(request.headers.get("Accept-Language"));
  if (fromHeader) return { language: fromHeader, source: "header" };
  return { language: fallbackLanguage, source: "fallback" };
}

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The Set-Cookie value that remembers an explicit language choice for a year. */
export function languageCookie(language: Language, url: URL): string {
  return serializeCookieHeader(LANGUAGE_COOKIE, language, {
    path: "/",
    maxAge: ONE_YEAR,
    sameSite: "lax",
    httpOnly: true,
    secure: !isLocalHost(url),
  });
}

/** A fresh i18next instance for one request, with every bundled language (initialised synchronously). */
export function createI18nInstance(language: Language): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init(i18nextOptions(language, resources));
  return instance;
}

/**
 * A translation function for loaders, actions and meta data computed on the
 * server: `const t = getFixedT(request, "pages"); t("about.meta.title")`.
 */
export function getFixedT(requestOrLanguage: Request | Language, namespace: Namespace = "common"): TFunction {
  const language =
    typeof requestOrLanguage === "string" ? requestOrLanguage : detectLanguage(requestOrLanguage).language;
  const instance = createInstance();
  void instance.init(i18nextOptions(language, resources));
  return instance.getFixedT(language, namespace);
}
