/**
 * Meta data of a page for search engines and link previews: title,
 * description, canonical URL and Open Graph tags, as Remix MetaDescriptors.
 *
 *   export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
 *     seoMeta({ matches, location }, { title: data.title, description: data.description, type: "article", image });
 *
 * The hreflang alternates (one per language plus x-default) are NOT part of
 * seoMeta: the root document emits them for every page that rendered
 * (app/root.tsx, from hreflangAlternates below), and a second set from a
 * route would duplicate them.
 */
import type { MetaDescriptor } from "@remix-run/cloudflare";
import { fallbackLanguage, isLanguage, LANGUAGE_PARAM, languages, type Language } from "~/lib/i18n";
import { site } from "~/lib/site";

/** What meta functions receive that the helper needs (a subset of Remix's MetaArgs). */
export type SeoArgs = {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data: unknown }>;
};

export type SeoPage = {
  title: string;
  description: string;
  /** 'article' for a news article; every other page is a 'website'. */
  type?: "website" | "article";
  /** A site path (the site's own image route) or an absolute URL; made absolute here. */
  image?: string | null;
};

/**
 * Open Graph wants language_TERRITORY. The territories are conventions of
 * the preview consumers, not a claim about where readers live.
 */
const OG_LOCALES: Record<Language, string> = {
  en: "en_GB",
  eo: "eo",
  ar: "ar_AR",
  zh: "zh_CN",
  es: "es_ES",
  fr: "fr_FR",
  hi: "hi_IN",
  my: "my_MM",
  pl: "pl_PL",
  ru: "ru_RU",
  de: "de_DE",
};

/**
 * The page's origin and language from the root loader's data. Read
 * structurally so this module does not import root.tsx (a route module).
 */
function rootInfo(matches: SeoArgs["matches"]): { origin: string; language: Language } {
  const root = matches.find((match) => match.id === "root")?.data;
  const record = root && typeof root === "object" ? (root as Record<string, unknown>) : {};
  const origin = typeof record.origin === "string" ? record.origin : site.url;
  const language = isLanguage(record.language) ? record.language : fallbackLanguage;
  return { origin, language };
}

/**
 * The query parameters that select content, in the order the site's own links
 * write them, each with its canonical value, or null where the value selects
 * nothing (the page the address shows without it). They read them as the
 * loaders do: ?past=1 is the archive, ?page=N a page after the first (pageFromUrl).
 */
const CONTENT_PARAMS: ReadonlyArray<[name: string, canonical: (value: string) => string | null]> = [
  ["past", (value) => (value === "1" ? value : null)],
  [
    "page",
    (value) => {
      const page = Number(value);
      return Number.isInteger(page) && page > 1 ? String(page) : null;
    },
  ],
];

/**
 * The canonical URL: absolute, with only the query that selects content
 * (?past=1, ?page=N) in its canonical form. Everything else is left out:
 * ?lng= (every language version shares one canonical address and the
 * hreflang alternates point at the others), the newsletter form's
 * ?newsletter= outcome, tracking tags, and values that select nothing
 * (?page=1, ?page=abc are the first page).
 */
export function canonicalUrl(origin: string, location: SeoArgs["location"]): string {
  const given = new URLSearchParams(location.search);
  const params = new URLSearchParams();
  for (const [name, canonical] of CONTENT_PARAMS) {
    const value = given.get(name);
    const kept = value === null ? null : canonical(value);
    if (kept !== null) params.set(name, kept);
  }
  const query = params.toString();
  return `${origin}${location.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The hreflang alternates of a page: its canonical URL (so ?past=1 and ?page=N
 * are kept, everything else dropped) plus ?lng= for each language, and the
 * canonical URL itself as x-default.
 */
export function hreflangAlternates(
  origin: string,
  location: SeoArgs["location"],
): Array<{ hrefLang: Language | "x-default"; href: string }> {
  const canonical = canonicalUrl(origin, location);
  const alternates: Array<{ hrefLang: Language | "x-default"; href: string }> = languages.map((language) => {
    const url = new URL(canonical);
    url.searchParams.set(LANGUAGE_PARAM, language);
    return { hrefLang: language, href: url.href };
  });
  alternates.push({ hrefLang: "x-default", href: canonical });
  return alternates;
}

/** Title, description, canonical link and Open Graph tags of a page. */
export function seoMeta({ location, matches }: SeoArgs, page: SeoPage): MetaDescriptor[] {
  const { origin, language } = rootInfo(matches);
  const url = canonicalUrl(origin, location);
  const meta: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALES[language] },
    ...languages
      .filter((other) => other !== language)
      .map((other) => ({ property: "og:locale:alternate", content: OG_LOCALES[other] })),
  ];
  if (page.image) meta.push({ property: "og:image", content: new URL(page.image, origin).href });
  return meta;
}

/**
 * A meta description from plain text: whitespace collapsed, cut at a word
 * boundary near `max` characters, with an ellipsis when cut.
 */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?—-]+$/, "")}…`;
}

/**
 * The meta function of a page whose loader returns its translated `title` and `description` (the
 * static pages, the contact and join forms): the same tags as a content page's, Open Graph included.
 */
export function titledPageMeta({ data, matches, location }: SeoArgs & { data?: { title: string; description: string } }): MetaDescriptor[] {
  return data ? seoMeta({ matches, location }, { title: data.title, description: data.description }) : [];
}
