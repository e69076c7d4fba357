/**
 * Server side of i18n, through remix-i18next: language detection (?lng=, the lng cookie,
 * Accept-Language, English) and translation functions for loaders and actions.
 *
 * The translations are not in the Worker's bundle (its size budget: docs/decisions/037). The build
 * writes one file per language, /locales/<lng>.json (every namespace, English filling whatever the
 * language lacks: app/lib/translation-files.ts), among the static assets; the Worker reads a
 * language's file from its ASSETS binding the first time a request needs it and keeps it for the
 * isolate's life. `remix vite:dev` and vitest read locales/ directly instead.
 */
import { createInstance, type BackendModule, type i18n as I18n, type TFunction } from "i18next";
import { parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import {
  directionOf,
  fallbackLanguage,
  i18nextOptions,
  isLanguage,
  sharedI18nextOptions,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  languages,
  ROUTE_NAMESPACES,
  type Language,
  type LanguagePayload,
  type Namespace,
  type RouteNamespace,
} from "~/lib/i18n";
import { isLocalHost } from "~/lib/security.server";
import { readTranslationFiles, translationFile, type Strings } from "~/lib/translation-files";

type AssetFetcher = { fetch(input: string): Promise<Response> };

let assets: AssetFetcher | null = null;

/** The Worker hands over its ASSETS binding before the first request is handled (server.ts). */
export function readTranslationsFrom(binding: AssetFetcher) {
  assets = binding;
}

async function readLanguageFile(language: Language): Promise<Strings> {
  // Node (`remix vite:dev`, vitest) reads locales/ as the build does; the Worker build drops this branch.
  if (import.meta.env.DEV) return translationFile(await readTranslationFiles(new URL("../../locales", import.meta.url).pathname), language);
  if (!assets) throw new Error("No translations: server.ts hands the ASSETS binding to readTranslationsFrom.");
  const response = await assets.fetch(`https://assets.local/locales/${language}.json`);
  if (!response.ok) throw new Error(`Reading /locales/${language}.json failed: ${response.status}`);
  return (await response.json()) as Strings;
}

const languageFiles = new Map<Language, Promise<Strings>>();

/** Every namespace of `language`, English filling whatever it lacks; read once per isolate. */
export function translationsOf(language: Language): Promise<Strings> {
  let file = languageFiles.get(language);
  if (!file) {
    file = readLanguageFile(language);
    // A failed read is tried again by the next request rather than remembered.
    file.catch(() => languageFiles.delete(language));
    languageFiles.set(language, file);
  }
  return file;
}

/** i18next reads its namespaces through translationsOf. */
const translationsBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    translationsOf(language).then(
      (all) => callback(null, (all[namespace] as Strings | undefined) ?? {}),
      (error: Error) => callback(error, null),
    );
  },
};

/** The `lng` cookie when it names a supported language (remix-i18next's `findLocale`). */
function languageFromCookie(cookieHeader: string | null): Language | null {
  const value = parseCookieHeader(cookieHeader ?? "").find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value;
  return isLanguage(value) ? value : null;
}

const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage,
    searchParamKey: LANGUAGE_PARAM,
    // The lng cookie is a plain value (set by languageCookie), read by findLocale.
    order: ["searchParams", "custom", "header"],
    findLocale: async (request) => languageFromCookie(request.headers.get("Cookie")),
  },
  i18next: sharedI18nextOptions,
  plugins: [translationsBackend],
});

/** The request's language: ?lng=, then the lng cookie, then Accept-Language, then English. */
export async function detectLanguage(request: Request): Promise<Language> {
  const language = await remixI18next.getLocale(request);
  return isLanguage(language) ? language : fallbackLanguage;
}

/** `?lng=xx` when xx is a supported language: an explicit choice, remembered in a cookie (rememberLanguageChoice). */
export function languageFromQuery(url: URL): Language | null {
  const value = url.searchParams.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/**
 * An explicit ?lng= choice, remembered in the lng cookie on whatever answers it (server.ts): a page,
 * or a redirect a loader threw before the root's loader ran (/signup?lng=fr while signed in goes
 * to /account, in French). The response then sets a cookie, and so becomes `private, no-store`
 * (app/lib/cache.server.ts).
 */
export function rememberLanguageChoice(url: URL, response: Response): void {
  const language = languageFromQuery(url);
  if (language) response.headers.append("Set-Cookie", languageCookie(language, url));
}

/**
 * A translation function for loaders, actions and meta data computed on the
 * server: `const t = await getFixedT(request, "pages"); t("about.meta.title")`.
 */
export function getFixedT(requestOrLanguage: Request | Language, namespace: Namespace = "common"): Promise<TFunction> {
  return remixI18next.getFixedT(requestOrLanguage as Request, namespace) as Promise<TFunction>;
}

const routeNamespaces: ReadonlySet<string> = new Set(ROUTE_NAMESPACES);

/**
 * The active language's resources for the root loader: every namespace but the route namespaces
 * (ROUTE_NAMESPACES: the back-office's, the account pages', the newsletter links', the static pages'), which only the pages that use them load
 * (namespaceStrings). English already fills whatever the language lacks, so the browser shows the
 * same English fallback the server rendered, never a raw key (and hydration matches).
 */
export async function languagePayload(language: Language): Promise<LanguagePayload> {
  const all = await translationsOf(language);
  const shared = Object.fromEntries(Object.entries(all).filter(([namespace]) => !routeNamespaces.has(namespace)));
  return { language, dir: directionOf(language), resources: shared };
}

/**
 * Route namespaces of the request's language, English filling what it lacks, keyed by namespace:
 * a page's loader returns `strings: await namespaceStrings(request, "account")` (or several:
 * `await namespaceStrings(request, "admin", "account")`) and its component calls
 * `useNamespaceStrings(strings)` before it translates anything.
 */
export async function namespaceStrings<N extends RouteNamespace>(request: Request, ...wanted: [N, ...N[]]): Promise<Record<N, Strings>> {
  const all = await translationsOf(await detectLanguage(request));
  return Object.fromEntries(wanted.map((namespace) => [namespace, all[namespace] as Strings])) as Record<N, Strings>;
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

/** The i18next instance a page renders with: the request's language, every namespace. */
export async function createI18nInstance(language: Language): Promise<I18n> {
  const instance = createInstance();
  const resources = { [language]: await translationsOf(language) };
  await instance.use(initReactI18next).init(i18nextOptions(language, resources));
  return instance;
}
