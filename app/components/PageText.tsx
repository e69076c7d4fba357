import type { ReactElement } from "react";
import { Trans, useTranslation } from "react-i18next";
import { SiteLink } from "~/components/SiteLink";

/**
 * Link tags that a `pages` string may use, each named after the page it
 * leads to: "<principles>Read our principles</principles>". The words inside
 * a tag stay in the translation, so translators can place the link where
 * their grammar needs it.
 *
 * Never name a tag after an HTML void element (link, img, br, hr, input,
 * meta…): Trans parses those as empty and the link loses its text.
 */
const PAGE_LINKS = {
  principles: "/principles",
  structure: "/structure",
  congress: "/congress",
  privacy: "/privacy",
  groups: "/groups",
  contact: "/contact",
  join: "/join",
} as const;

/**
 * One string of the `pages` namespace with inline markup: `<strong>`, the
 * page links above, and any extra links the caller names in `links`
 * (e.g. { mail: "mailto:…" }). `values` fills `{{name}}` placeholders.
 */
export function PageText({
  i18nKey,
  links = {},
  values,
}: {
  i18nKey: string;
  links?: Record<string, string>;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation("pages");
  const components: Record<string, ReactElement> = { strong: <strong /> };
  for (const [name, to] of Object.entries({ ...PAGE_LINKS, ...links })) {
    components[name] = <SiteLink to={to}>{null}</SiteLink>;
  }
  return <Trans t={t} ns="pages" i18nKey={i18nKey} components={components} values={values} />;
}
