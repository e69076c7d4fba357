/**
 * Which addresses the Worker may fetch for a picture, and an admin may store as one: https on a
 * public host named in DNS. The same rule runs when an admin saves a record
 * (app/lib/admin-schemas.ts) and before every fetch and every redirect the image route follows
 * (app/lib/images.server.ts), so a row written past the forms still cannot point the Worker at
 * its own network.
 *
 * Every IP literal is refused, public or not: a picture host has a name, and a list of private
 * ranges (loopback, RFC 1918, link-local, the cloud metadata address, IPv4-mapped IPv6, NAT64…)
 * is one that misses a range some day. The URL parser has already turned 2130706433, 0x7f.1 and
 * 0177.0.0.1 into 127.0.0.1, and IPv6 into its bracketed form, so a numeric host in any notation
 * ends up here as digits and dots or as brackets.
 *
 * What this cannot see: a public name that resolves to a private address (127.0.0.1.nip.io).
 * A Worker's fetch does not expose the resolved address; on Cloudflare, Workers cannot reach
 * private networks at all (docs/decisions/033-image-route-public-hosts.md).
 */
const INTERNAL_NAMES = /(^|\.)(localhost|local|internal|intranet|corp|localdomain|home|lan|test|invalid|onion|arpa)$/;

export function isPublicHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // "localhost." is localhost: a trailing dot only makes the name absolute.
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    url.username === "" &&
    url.password === "" &&
    host.includes(".") &&
    !host.startsWith("[") &&
    !/^[\d.]+$/.test(host) &&
    !INTERNAL_NAMES.test(host)
  );
}
