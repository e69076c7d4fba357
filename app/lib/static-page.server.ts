import { getFixedT, namespaceStrings } from "~/lib/i18n.server";

/**
 * A static page's loader data: its title and description for `meta` (titledPageMeta), and the
 * `pages` strings its component hands to useNamespaceStrings (a route namespace, app/lib/i18n.ts).
 * `page` is the page's key in locales/<lng>/pages.json.
 */
export async function staticPageData(request: Request, page: string) {
  const t = await getFixedT(request, "pages");
  return { title: t(`${page}.meta.title`), description: t(`${page}.meta.description`), strings: await namespaceStrings(request, "pages") };
}
