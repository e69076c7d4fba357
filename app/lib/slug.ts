/**
 * Slugs of news articles, events and resources: from the title, transliterated to ASCII by
 * any-ascii (every script the site is written in: "Съезд сети" → "s-ezd-seti", "网络年度大会" →
 * "wangluoniandudahui"), lowercase, every run of other characters one hyphen. The database's
 * CHECK (^[a-z0-9]+(-[a-z0-9]+)*$) is the same shape.
 */
import anyAscii from "any-ascii";

/** Long enough to read, short enough for a link someone shares. */
export const SLUG_MAX_LENGTH = 80;

/** The slug of a title, or `fallback` when nothing of it survives (a title of symbols only). */
export function slugify(title: string, fallback: string): string {
  const slug = anyAscii(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!slug) return fallback;
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  // Cut at the last word boundary that fits, or mid-word when a single word is too long.
  const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
  const boundary = cut.lastIndexOf("-");
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, "");
}

/** `base` when free, else the first free of base-1, base-2, … */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
