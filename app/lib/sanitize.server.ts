/**
 * The one allow-list for rich HTML (news, resources, proposals): applied when
 * content is saved AND again when it is rendered, so a row written by any
 * other path (SQL, an older version of the editor) is still safe to show.
 *
 * Images are not allowed in content. An <img> pointing anywhere but our own
 * origin would make every reader's browser contact a third party (the CSP's
 * img-src 'self' would block it anyway), and the /images proxy serves only the
 * image fields of published records, not URLs buried in HTML. Articles carry
 * their picture in image_url instead.
 */
import sanitizeHtml, { type IOptions } from "sanitize-html";

/** Link schemes the editor accepts (specification §5). Anything else loses its href. */
export const ALLOWED_LINK_SCHEMES = [
  "http",
  "https",
  "ftp",
  "ftps",
  "mailto",
  "tel",
  "callto",
  "sms",
  "cid",
  "xmpp",
] as const;

const ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "em",
  "b",
  "i",
  "u",
  "s",
  "blockquote",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "a",
  "hr",
];

/** Browsers ignore these inside a URL, which is how "java\tscript:" smuggles a scheme. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A link that leaves the site: an absolute URL with one of the allowed schemes. */
function isExternal(href: string): boolean {
  const scheme = SCHEME.exec(href.replace(IGNORED_URL_CHARACTERS, ""))?.[1]?.toLowerCase();
  return scheme !== undefined && (ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme);
}

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  // rel and target are listed only so the transform below can set them: it rebuilds every
  // link's attributes, so values written by an author never survive.
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: [...ALLOWED_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href"],
  // "//evil.example" would otherwise count as a relative link.
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped together with everything inside them, not just unwrapped.
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "noscript", "iframe", "object", "embed", "svg", "math", "template", "title", "select", "noembed", "noframes"],
  transformTags: {
    a: (tagName, attribs) => {
      const rebuilt: Record<string, string> = {};
      if (attribs.href !== undefined) rebuilt.href = attribs.href;
      if (attribs.title !== undefined) rebuilt.title = attribs.title;
      if (rebuilt.href !== undefined && isExternal(rebuilt.href)) {
        rebuilt.rel = "noopener noreferrer nofollow";
        rebuilt.target = "_blank";
      }
      return { tagName, attribs: rebuilt };
    },
  },
};

/** Rich HTML reduced to the allow-list: safe to render with dangerouslySetInnerHTML. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS);
}
