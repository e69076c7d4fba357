/**
 * A redirect target that stays on this site: only a path that starts with
 * "/" and not "//" (a protocol-relative URL would leave the site), nor "/\"
 * (which browsers read as "//"), and nothing with control characters or
 * whitespace (browsers drop tabs and newlines, so "/\t/evil.example" would
 * become "//evil.example"). Anything else, including a full URL even of our
 * own origin, becomes `fallback`.
 *
 * The path is returned resolved ("/a/../b" → "/b"), and refused when it
 * resolves to "//…": "/..//evil.example" or "/%2e%2e//evil.example" look
 * like paths, but whoever parses them again as a URL (new URL(to, base),
 * as the newsletter action does to add its outcome) gets "//evil.example",
 * another host.
 */
const BASE = "http://site.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
