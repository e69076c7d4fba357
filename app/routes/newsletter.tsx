/**
 * POST /newsletter: the footer's subscription form, from any page. No screen
 * of its own. With JavaScript the form is a fetcher and gets data back (the
 * page stays as it is); without, the browser gets a 303 back to the page it
 * came from, with the outcome as `?newsletter=…#newsletter` for the footer
 * to show. The query parameter carries no personal data, so no cookie is set.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import {
  NEWSLETTER_ENHANCED_FIELD,
  NEWSLETTER_FLASH,
  NEWSLETTER_RETURN_FIELD,
  type NewsletterState,
} from "~/components/NewsletterForm";
import { postedForm } from "~/lib/form-post.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { NewsletterSchema } from "~/lib/schemas";
import { forbiddenCrossOrigin, isSameOriginRequest } from "~/lib/security.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { subscribeToNewsletter } from "~/models/newsletter.server";

export type NewsletterActionData = { state: NewsletterState; result: SubmissionResult<string[]> };

const STATUS: Record<NewsletterState, number> = { subscribed: 200, invalid: 400, failed: 503 };

/** Someone who opens /newsletter in the address bar lands on the home page. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  // server.ts already refuses cross-site posts; this also covers `remix vite:dev`, which bypasses it.
  if (!isSameOriginRequest(request)) throw forbiddenCrossOrigin();

  const formData = await postedForm(request);
  const enhanced = formData.get(NEWSLETTER_ENHANCED_FIELD) === "1";
  const back = returnPath(formData.get(NEWSLETTER_RETURN_FIELD), request);

  const answer = (state: NewsletterState, result: SubmissionResult<string[]>) =>
    enhanced
      ? data<NewsletterActionData>({ state, result }, { status: STATUS[state] })
      : redirect(withOutcome(back, state), { status: 303 });

  const submission = parseWithZod(formData, { schema: NewsletterSchema });
  if (submission.status !== "success") return answer("invalid", submission.reply());

  const supabase = createAnonSupabaseClient(context.cloudflare.env);
  try {
    await subscribeToNewsletter(supabase, submission.value.email);
  } catch (error) {
    console.error("Newsletter subscription failed:", error instanceof Error ? error.message : error);
    return answer("failed", submission.reply({ formErrors: ["newsletter.failed"] }));
  }
  return answer("subscribed", submission.reply({ resetForm: true }));
}

/**
 * The page to go back to: the form's own hidden field first (the site sends
 * `Referrer-Policy: no-referrer`, so browsers usually omit Referer), then the
 * Referer's path when it is ours, then the home page.
 */
function returnPath(field: FormDataEntryValue | null, request: Request): string {
  if (typeof field === "string" && field) return safeRedirect(field);
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return "/";
    return safeRedirect(`${url.pathname}${url.search}`);
  } catch {
    return "/";
  }
}

function withOutcome(path: string, state: NewsletterState): string {
  const url = new URL(path, "http://localhost");
  url.searchParams.set(NEWSLETTER_FLASH, state);
  return `${url.pathname}${url.search}#newsletter`;
}
