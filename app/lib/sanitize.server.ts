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
import { ALLOWED_LINK_SCHEMES, isAllowedLinkUrl } from "~/lib/link-schemes";

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
      if (rebuilt.href !== undefined && isAllowedLinkUrl(rebuilt.href)) {
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
