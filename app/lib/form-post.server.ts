/**
 * The request side of the site's public form actions (contact, join, newsletter, download).
 *
 * Remix sends every method but GET and HEAD to a route's action; browsers only ever POST a
 * form, so any other method is answered 405. And a body that is not form data (no or another
 * Content-Type, a broken multipart body: request.formData() throws) counts as an empty form,
 * so the action's own validation answers it with 400 and its translated field errors instead
 * of the error escaping as a 500.
 */

/** The 405 thrown for a method an action does not take. */
export function methodNotAllowed(): Response {
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

/** The posted form, or an empty one when the body cannot be read as a form. Throws 405 for other methods. */
export async function postedForm(request: Request): Promise<FormData> {
  requirePost(request);
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
