/**
 * The one action behind every contact form (/contact, /join and the landing
 * page's #contact section). A route's action returns what this returns:
 *
 *   export const action = ({ request, context }: ActionFunctionArgs) =>
 *     handleContactSubmission(request, context, "contact");
 *
 * The order of the checks is deliberate:
 * 1. honeypot filled → answered exactly like a success, nothing stored and
 *    the limiter not asked (a bot learns nothing, and costs nobody a slot);
 * 2. invalid input → 400 with field errors and the values kept; invalid
 *    attempts are NOT counted, so someone correcting a typo is never locked out;
 * 3. rate limit → only submissions that would be stored count, 3 per 60 s
 *    per client address; past it 429, values kept, nothing stored;
 * 4. store → success (200, form cleared) or, when the backend fails, 503
 *    with "Failed to submit form" and the values kept. Never a thrown 500:
 *    the visitor keeps what they wrote and can send it again.
 * A body that is not a form is an empty form (400); a method other than
 * POST is a 405 (app/lib/form-post.server.ts).
 *
 * The client address is only the limiter's key: it is not stored or logged.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { parseForm } from "~/lib/form-submission.server";
import type { SubmissionResult } from "@conform-to/react";
import { postedForm } from "~/lib/form-post.server";
import { HONEYPOT_FIELD } from "~/lib/form-fields";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { ContactSchema } from "~/lib/schemas";
import { createWorkerSupabaseClient } from "~/lib/supabase.server";
import { forbiddenCrossOrigin, isSameOriginRequest } from "~/lib/security.server";
import { sendContactMessage, type NewContact } from "~/models/contacts.server";

export type ContactSource = NewContact["source"];

export type ContactOutcome = "success" | "invalid" | "rateLimited" | "failed";

/**
 * What the form receives. `result` is conform's reply: field errors and the
 * values to show again, or `initialValue: null` (clear the form) on success.
 * Form-level errors are translation keys of the `contact` namespace.
 */
export type ContactActionData = {
  outcome: ContactOutcome;
  result: SubmissionResult<string[]>;
};

const STATUS: Record<ContactOutcome, number> = { success: 200, invalid: 400, rateLimited: 429, failed: 503 };

export const FORM_ERROR = {
  rateLimited: "form.rateLimited",
  failed: "form.failed",
} as const;

export async function handleContactSubmission(request: Request, context: AppLoadContext, source: ContactSource) {
  // server.ts already refuses cross-site posts; this also covers `remix vite:dev`, which bypasses it.
  if (!isSameOriginRequest(request)) throw forbiddenCrossOrigin();

  const formData = await postedForm(request);
  const submission = parseForm(formData, ContactSchema);
  const reply = (outcome: ContactOutcome, result: SubmissionResult<string[]>) =>
    data<ContactActionData>({ outcome, result }, { status: STATUS[outcome] });

  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return reply("success", submission.reply({ resetForm: true }));
  }

  if (submission.status !== "success") return reply("invalid", submission.reply());

  // Only submissions that would be stored count: 3 per 60 s per client address.
  if (!(await withinLimit(context.cloudflare.env, "CONTACT_LIMITER", [clientKey(request)]))) {
    return reply("rateLimited", submission.reply({ formErrors: [FORM_ERROR.rateLimited] }));
  }

  const supabase = createWorkerSupabaseClient(context.cloudflare.env);
  const { name, email, region, message } = submission.value;
  try {
    await sendContactMessage(supabase, { name, email, region, message, source });
  } catch (error) {
    console.error("Storing a contact message failed:", error instanceof Error ? error.message : error);
    return reply("failed", submission.reply({ formErrors: [FORM_ERROR.failed] }));
  }
  return reply("success", submission.reply({ resetForm: true }));
}
