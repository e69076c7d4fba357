/**
 * Addresses stored in the database (a group's website, an event's
 * registration page) become links only when they are http(s). The database
 * refuses anything else (CHECK ... ~ '^https?://'); this is the app's own
 * check, so that a row written past that constraint (a restored dump, a
 * hand-run UPDATE) can never put "javascript:" or "data:" into an href.
 */
export function webLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}
