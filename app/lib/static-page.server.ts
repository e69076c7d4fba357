import { getFixedT, namespaceStrings } from "~/lib/i18n.server";

/**
 * A static page's loader data: its title and description for `meta` (titledPageMeta), translated
 * from the `pages` keys given, and the `pages` strings its component takes with
 * useRouteTranslation("pages") (a route namespace, app/lib/i18n.ts).
 */
export async function staticPageData(request: Request, keys: { title: string; description: string }) {
  const t = await getFixedT(request, "pages");
  return { title: t(keys.title), description: t(keys.description), strings: await namespaceStrings(request, "pages") };
}
