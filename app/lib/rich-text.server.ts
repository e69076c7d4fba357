/**
 * Rich text from a form, as the server stores it: always sanitized HTML. The editor posts HTML
 * (its `<name>_format` field says "html"); without JavaScript the textarea posts plain text, where
 * a blank line starts a paragraph and a single line break stays one, unless the page said the
 * textarea holds existing HTML ("html" too), which is sanitized again like the editor's.
 */
import { sanitizeRichHtml } from "~/lib/sanitize.server";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

/** Plain text as paragraphs: blank lines separate them, single line breaks become <br>. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

export function richTextFromForm(formData: FormData, name: string): string {
  const entry = formData.get(name);
  // Postgres text cannot hold U+0000 (the insert would fail, answered as the backend being down).
  const value = typeof entry === "string" ? entry.replaceAll("\u0000", "") : "";
  if (!value.trim()) return "";
  const html = formData.get(`${name}_format`) === "html" ? value : plainTextToHtml(value);
  return sanitizeRichHtml(html);
}
