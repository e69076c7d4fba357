/** Link schemes the editor accepts (specification §5): anything else is refused, in the editor and by the sanitizer. */
export const ALLOWED_LINK_SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"] as const;

// Browsers ignore these inside a URL, which is how "java\tscript:" smuggles a scheme.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u009f]/g;

/** Whether a link the editor is given is an absolute URL with an allowed scheme. */
export function isAllowedLinkUrl(url: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(IGNORED_URL_CHARACTERS, ""))?.[1]?.toLowerCase();
  return scheme !== undefined && (ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme);
}
