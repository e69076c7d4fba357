/**
 * Language configuration shared by the server and the browser. Translations
 * themselves live in locales/<lng>/<namespace>.json; the server bundles them
 * (i18n.server.ts) and the root loader hands the active language's resources
 * to the browser.
 */
import type { i18n as I18n, InitOptions, Resource, ResourceLanguage } from "i18next";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export const languages = ["en", "eo", "ar", "zh", "es", "fr", "hi", "my", "pl", "ru", "de"] as const;
export type Language = (typeof languages)[number];

export const fallbackLanguage: Language = "en";

/**
 * Namespaces: `common` (header, footer, 404, errors, language names, generic
 * labels) and `pages` (static page content). A key without a namespace
 * prefix is looked up in `common`.
 */
export const namespaces = ["common", "pages", "contact", "events", "groups", "news", "resources", "share", "landing", "voting", "account", "editor", "admin", "newsletter"] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * Namespaces that travel only with the pages that use them (their loader sends them with
 * namespaceStrings, their component gives them to useNamespaceStrings), not with every page of the
 * site: the back-office's 330 strings would add about 3.6 KB brotli to every public page's HTML,
 * and the account pages' strings (sign-in, sign-up, account, two-factor, password reset) 1.2–1.5 KB;
 * `newsletter` is the pages of its mail's links (and, on the server only, the mail itself). `pages`
 * (the static pages' text, 35 KB raw in English: the larger part of the rest) travels with the static
 * pages and the landing page: a page without React never sends it to the browser anyway, and a page
 * with React (a member's /voting, the editor, the back-office) was parsing it for nothing, a quarter
 * of its HTML (docs/decisions/013).
 */
export const ROUTE_NAMESPACES = ["admin", "account", "newsletter", "pages"] as const satisfies readonly Namespace[];
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number];

/** What namespaceStrings returns and a loader sends on: each route namespace it asked for, in the request's language. */
export type RouteStrings = Partial<Record<RouteNamespace, ResourceLanguage[string]>>;

/**
 * Gives the browser's i18next the namespaces a route's loader sent (namespaceStrings), before
 * anything below renders: call it before the component's first translation. On the server the
 * instance has every namespace already.
 */
export function useNamespaceStrings(strings: RouteStrings | undefined) {
  const { i18n } = useTranslation();
  addMissingBundles(i18n, i18n.language, strings ?? {});
}

/**
 * Adds to i18next each namespace it does not have yet, as loader data brought it (the root's language
 * payload, a route's strings). Only missing ones, so nothing is merged into an existing bundle.
 */
export function addMissingBundles(i18n: I18n, language: string, bundles: Partial<Record<string, ResourceLanguage[string]>>) {
  for (const [namespace, bundle] of Object.entries(bundles)) {
    if (bundle && !i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
  }
}

/**
 * A route namespace's translations in a page whose loader sent them as `strings` (namespaceStrings,
 * staticPageData): hands them to i18next first, then translates as useTranslation(namespace) does.
 */
export function useRouteTranslation(namespace: RouteNamespace) {
  const { strings } = useLoaderData<{ strings?: RouteStrings }>();
  useNamespaceStrings(strings);
  return useTranslation(namespace);
}

export const defaultNamespace: Namespace = "common";

/** Each language by its own name (endonym), as the language switcher lists them. */
export const languageNames: Record<Language, string> = {
  en: "English",
  eo: "Esperanto",
  ar: "العربية",
  zh: "中文",
  es: "Español",
  fr: "Français",
  hi: "हिन्दी",
  my: "မြန်မာ",
  pl: "Polski",
  ru: "Русский",
  de: "Deutsch",
};

const rtlLanguages: ReadonlySet<string> = new Set(["ar"]);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Text direction of a language: Arabic is right-to-left, every other one left-to-right. */
export function directionOf(language: string): "ltr" | "rtl" {
  return rtlLanguages.has(language) ? "rtl" : "ltr";
}

/** The query parameter and cookie that carry an explicit language choice. */
export const LANGUAGE_PARAM = "lng";
export const LANGUAGE_COOKIE = "lng";

/** i18next options shared by the server's instances and the browser's. */
export const sharedI18nextOptions = {
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  defaultNS: defaultNamespace,
  interpolation: { escapeValue: false }, // React escapes.
  react: { useSuspense: false },
  returnNull: false,
} satisfies InitOptions;

/** Options of an i18next instance whose resources are given up front: it initialises synchronously, never fetches. */
export function i18nextOptions(language: Language, resources: Resource): InitOptions {
  return { ...sharedI18nextOptions, lng: language, ns: [...namespaces], resources, initImmediate: false };
}

/** What the root loader sends the browser: the active language and only its resources. */
export type LanguagePayload = {
  language: Language;
  dir: "ltr" | "rtl";
  resources: ResourceLanguage;
};

/**
 * Looks a key up in the root loader's resources, for `meta` functions (which
 * cannot use hooks). `key` is "ns:path.to.key" or a `common` path.
 * Interpolation: `{{name}}` placeholders are replaced from `values`.
 */
export function translateFromPayload(
  payload: Pick<LanguagePayload, "resources"> | undefined,
  key: string,
  values: Record<string, string> = {},
): string {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : [defaultNamespace, key];
  let node: unknown = payload?.resources?.[ns];
  for (const part of path.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== "string") return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}
