/**
 * The request side of every /admin action: a same-origin POST (403 otherwise, before anything
 * else is read), from a signed-in admin (requireAdmin), and the redirect that carries a flash.
 */
import type { SubmissionResult } from "@conform-to/react";
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/auth.server";
import { flashHeader, passFlashOn, type Flash } from "~/lib/flash.server";
import type { FormLimits } from "~/lib/form-post.server";
import { memberForm } from "~/lib/member-action.server";

export async function adminForm(request: Request, context: AppLoadContext, limits?: FormLimits) {
  const form = await memberForm(request, limits);
  const session = await requireAdmin(request, context);
  // Whatever the admin changes, the public pages show it at once: server.ts empties the edge cache
  // after this request (docs/decisions/041-edge-caching.md).
  context.purgeEdgeCache?.();
  return { form, ...session };
}

/** A redirect to `to` that shows `flash` there; `headers` (refreshed session cookies) ride along. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash, headers: Headers): Promise<Response> {
  const response = redirect(to, { headers });
  response.headers.append("Set-Cookie", await flashHeader(request, flash));
  return response;
}

/**
 * A list asked past its last page, most often on the way back from an action that emptied that
 * page: its last page instead, with the message the action left (which the frame's loader has
 * already cleared in `headers`).
 */
export async function redirectToLastPage(request: Request, pageCount: number, headers: Headers): Promise<never> {
  const url = new URL(request.url);
  if (pageCount > 1) url.searchParams.set("page", String(pageCount));
  else url.searchParams.delete("page");
  const response = redirect(`${url.pathname}${url.search}`, { headers });
  const flash = await passFlashOn(request);
  if (flash) response.headers.append("Set-Cookie", flash);
  throw response;
}

/**
 * Where an action made on a list goes back to: that list, with the search, filters and page it had
 * (Remix has already taken an index route's bare `?index` out of the action's request).
 */
export function backToList(request: Request, list: string): string {
  return `${list}${new URL(request.url).search}`;
}

/** The `intent` of a form with several buttons. */
export function intentOf(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}

/** A form-level error (the red box) with every submitted value kept. */
export function formFailure(form: FormData, key: string): SubmissionResult<string[]> {
  const initialValue: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") initialValue[name] = value;
  return { status: "error", initialValue, error: { "": [key] } };
}
