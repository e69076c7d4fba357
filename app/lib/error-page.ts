import { isRouteErrorResponse } from "@remix-run/react";

/**
 * What an error page says (translation keys of `common`) when the error is not a fault of ours:
 * a form the server refused before reading it (app/lib/form-post.server.ts), too large (413) or
 * not one of the page's forms (400); or the backend out of reach (503), a moment's wait.
 * Undefined for any other error, which is ours ("Unexpected Application Error").
 */
export function errorPageMessage(error: unknown): { title: string; text: string } | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  if (error.status === 413) return { title: "errors.tooLarge", text: "errors.tooLargeText" };
  if (error.status === 400) return { title: "errors.badForm", text: "errors.badFormText" };
  if (error.status === 503) return { title: "errors.unavailable", text: "errors.unavailableText" };
  return undefined;
}
