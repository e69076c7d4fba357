/**
 * The request side of every form action (public, member and admin forms alike).
 *
 * Remix sends every method but GET and HEAD to a route's action; browsers only ever POST a
 * form, so any other method is answered 405. The body is read within a limit before anything
 * parses it (413 beyond it), and a form with more fields than any of the site's forms has is
 * refused (400): thousands of repeated fields made form parsing quadratic and stalled the
 * Worker. A body that is not form data (no or another Content-Type, a broken multipart body)
 * counts as an empty form, so the action's own validation answers it with 400 and its
 * translated field errors instead of the error escaping as a 500. The root ErrorBoundary
 * renders the thrown 413 and 400 as translated pages.
 */

import { readAtMost } from "~/lib/bounded-body.server";

export type FormLimits = { maxBytes: number; maxFields: number };

/**
 * A form without the rich-text editor. 64 KB holds the longest of them (a 10,000-character
 * contact message), which the contact forms post as multipart so that scripts outside Latin
 * (3 bytes a character in UTF-8, 9 once URL-encoded) fit too. The event form, the largest, has
 * 19 fields; 40 leaves room for the hidden ones without letting a flood through.
 */
export const PLAIN_FORM: FormLimits = { maxBytes: 64 * 1024, maxFields: 40 };

/** A form the rich-text editor posts (news, events, resources, groups, proposals): its HTML may be long. */
export const EDITOR_FORM: FormLimits = { maxBytes: 1024 * 1024, maxFields: 40 };

/** The 405 thrown for a method an action does not take. */
function methodNotAllowed(): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    statusText: "Method Not Allowed",
    headers: { Allow: "GET, HEAD, POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Throws the 405 unless the request is a POST. */
export function requirePost(request: Request): void {
  if (request.method.toUpperCase() !== "POST") throw methodNotAllowed();
}

const refusal = (status: 400 | 413, statusText: string) =>
  new Response(statusText, { status, statusText, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The posted form, read within `limits`. Throws 405 for a method other than POST, 413 for a body
 * over `limits.maxBytes` (declared or actual: a chunked body is counted as it arrives, and
 * reading stops at the limit) and 400 for more than `limits.maxFields` fields.
 */
export async function postedForm(request: Request, limits: FormLimits = PLAIN_FORM): Promise<FormData> {
  requirePost(request);
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > limits.maxBytes) throw refusal(413, "Payload Too Large");

  const body = request.body ? await readAtMost(request.body, limits.maxBytes) : new Uint8Array(new ArrayBuffer(0));
  if (body === null) throw refusal(413, "Payload Too Large");

  let form: FormData;
  try {
    const contentType = request.headers.get("Content-Type") ?? "";
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return new FormData();
  }
  if ([...form.keys()].length > limits.maxFields) throw refusal(400, "Too Many Fields");
  return form;
}
