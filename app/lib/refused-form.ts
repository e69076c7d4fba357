import { isRouteErrorResponse } from "@remix-run/react";

/**
 * The title and text (translation keys of `common`) of an error page for a form the server
 * refused before reading it (app/lib/form-post.server.ts): too large (413), or not one of the
 * page's forms (400). Undefined for any other error, which is ours.
 */
export function refusedFormMessage(error: unknown): { title: string; text: string } | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  if (error.status === 413) return { title: "errors.tooLarge", text: "errors.tooLargeText" };
  if (error.status === 400) return { title: "errors.badForm", text: "errors.badFormText" };
  return undefined;
}
