/**
 * What the machine-readable responses (RSS, iCalendar, sitemap, robots.txt)
 * share: XML escaping and their cache policy. They read through
 * createAnonSupabaseClient (app/lib/supabase.server.ts) like every public page.
 */

/**
 * Feeds are public and the same for everyone, so shared caches may keep
 * them; feed readers poll, and ten minutes of staleness is harmless.
 */
export const FEED_CACHE_CONTROL = "public, max-age=600, s-maxage=600, stale-while-revalidate=3600";

/** A feed whose records could not be read: plain text, never cached, and when to try again. */
export function feedUnavailable(message: string): Response {
  return new Response(`${message}\n`, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
  });
}

// XML 1.0 allows tab, line feed, carriage return and U+0020 upwards (minus surrogates halves
// and U+FFFE/U+FFFF); anything else makes the whole document unparsable, so it is dropped.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe inside an XML element or a quoted attribute value. */
export function escapeXml(value: string): string {
  return value.replace(INVALID_XML_CHARS, "").replace(/[&<>"']/g, (char) => XML_ENTITIES[char]);
}

/** An XML element holding text. */
export function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** RSS 2.0 dates are RFC 822; toUTCString() writes that form ("Sun, 22 Nov 2026 05:00:00 GMT"). */
export function rfc822(value: string): string {
  return new Date(value).toUTCString();
}
