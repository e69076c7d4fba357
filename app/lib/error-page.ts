import { isRouteErrorResponse } from "@remix-run/react";

/**
 * What an error page says (translation keys of `common`), which tells apart errors that are not ours:
 * a form the server refused before reading it (app/lib/form-post.server.ts), too large (413) or
 * not one of the page's forms (400); or the backend out of reach (503), a moment's wait.
 * Any other error is ours ("Unexpected Application Error").
 */
export function errorPageMessage(error: unknown): { title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 413) return { title: "errors.tooLarge", text: "errors.tooLargeText" };
  if (status === 400) return { title: "errors.badForm", text: "errors.badFormText" };
  if (status === 503) return { title: "errors.unavailable", text: "errors.unavailableText" };
  return { title: "errors.unexpected", text: "errors.unexpectedText" };
}
