// What the footer's subscription form (app/components/NewsletterForm.tsx) and its action
// (app/routes/newsletter.tsx) agree on: the outcomes, the hidden fields and the answer's shape.
import type { SubmissionResult } from "@conform-to/react";

export const NEWSLETTER_STATES = ["subscribed", "invalid", "limited", "failed"] as const;
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

/** `?newsletter=<state>`: the outcome of a post made without JavaScript, after the redirect back. */
export const NEWSLETTER_FLASH = "newsletter";
/** Hidden field: the page (path and query) the form is on, to come back to without JavaScript. */
export const NEWSLETTER_RETURN_FIELD = "redirectTo";
/** Hidden field sent only once the page is hydrated: the post then comes from a fetcher and wants data. */
export const NEWSLETTER_ENHANCED_FIELD = "enhanced";

/** The action's answer to a fetcher (a post with JavaScript). */
export type NewsletterActionData = { state: NewsletterState; result: SubmissionResult<string[]> };

/** The answer to a post without JavaScript that did not subscribe: /newsletter shows it, with the form and the page to go back to. */
export type NewsletterPageData = NewsletterActionData & { back: string };

/** A route whose page shows the subscription form itself: the footer then leaves its own out. */
export type NewsletterFormHandle = { newsletterForm: "in-page" };
