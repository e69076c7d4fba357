/**
 * What every member action shares: the request side (same origin, POST, a form: 403, 405, or an
 * empty form's 400) and how a refused database write becomes the status the member gets. The
 * database is the guard; these statuses only name what it said.
 */
import type { PostgrestError } from "@supabase/supabase-js";
import { PLAIN_FORM, postedForm, type FormLimits } from "~/lib/form-post.server";
import { forbiddenCrossOrigin, isSameOriginRequest } from "~/lib/security.server";

/** The posted form of a same-origin POST (server.ts refuses cross-site posts; this also covers `remix vite:dev`). */
export async function memberForm(request: Request, limits: FormLimits = PLAIN_FORM): Promise<FormData> {
  if (!isSameOriginRequest(request)) throw forbiddenCrossOrigin();
  return postedForm(request, limits);
}

export type WriteRefusal = { status: 400 | 403 | 404 | 409 | 503; reason: "invalid" | "forbidden" | "notFound" | "conflict" | "failed" };

/**
 * PostgREST's answer to a refused write, as the member should hear it: a state the proposal is
 * not in (PT409) or a taken value (23505) is a conflict; a value the database refuses (23xxx) is
 * invalid input; a policy (42501) is forbidden; anything else is the backend failing (503).
 */
export function refusalOf(error: PostgrestError): WriteRefusal {
  if (error.code === "PT409" || error.code === "23505") return { status: 409, reason: "conflict" };
  if (error.code === "42501") return { status: 403, reason: "forbidden" };
  if (error.code === "PGRST116") return { status: 404, reason: "notFound" };
  if (error.code?.startsWith("23") || error.code === "22P02" || error.code === "22001") return { status: 400, reason: "invalid" };
  return { status: 503, reason: "failed" };
}
