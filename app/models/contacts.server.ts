// Contact and join messages. Nobody inserts them through the API: the site's rate-limited forms call
// submit_contact_message() with the Worker's secret (createWorkerSupabaseClient); admins read them.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { ContactActionData, ContactOutcome } from "~/lib/contact-form";
import { HONEYPOT_FIELD } from "~/lib/form-fields";
import { postedForm } from "~/lib/form-post.server";
import { parseForm } from "~/lib/form-submission.server";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { ContactSchema } from "~/lib/schemas";
import { forbiddenCrossOrigin, isSameOriginRequest } from "~/lib/security.server";
import { createWorkerSupabaseClient } from "~/lib/supabase.server";
import { QueryError, type Supabase } from "./query.server";
import { logError } from "~/lib/log.server";

type NewContact = {
  name: string;
  email: string;
  region: string | null;
  message: string;
  source: "contact" | "join";
};

export type ContactSource = NewContact["source"];

async function sendContactMessage(worker: Supabase, contact: NewContact): Promise<void> {
  const { region, ...rest } = contact;
  const { error } = await worker.rpc("submit_contact_message", region ? { ...rest, region } : rest);
  if (error) throw new QueryError("contact message", error);
}

const STATUS: Record<ContactOutcome, number> = { success: 200, invalid: 400, rateLimited: 429, failed: 503 };

const FORM_ERROR = {
  rateLimited: "form.rateLimited",
  failed: "form.failed",
} as const;

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

  const worker = createWorkerSupabaseClient(context.cloudflare.env);
  const { name, email, region, message } = submission.value;
  try {
    await sendContactMessage(worker, { name, email, region, message, source });
  } catch (error) {
    logError("Storing a contact message failed", error);
    return reply("failed", submission.reply({ formErrors: [FORM_ERROR.failed] }));
  }
  return reply("success", submission.reply({ resetForm: true }));
}
