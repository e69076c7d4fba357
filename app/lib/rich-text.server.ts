/**
 * Rich text from a form, as the server stores it: always sanitized HTML. The editor posts HTML
 * (its `<name>_format` field says "html"); without JavaScript the textarea posts plain text, where
 * a blank line starts a paragraph and a single line break stays one, unless the page said the
 * textarea holds existing HTML ("html" too), which is sanitized again like the editor's.
 */
import { plainTextToHtml } from "~/lib/plain-text";
import { sanitizeRichHtml } from "~/lib/sanitize.server";

export function richTextFromForm(formData: FormData, name: string): string {
  const entry = formData.get(name);
  // Postgres text cannot hold U+0000 (the insert would fail, answered as the backend being down).
  const value = typeof entry === "string" ? entry.replaceAll("\u0000", "") : "";
  if (!value.trim()) return "";
  const html = formData.get(`${name}_format`) === "html" ? value : plainTextToHtml(value);
  return sanitizeRichHtml(html);
}
