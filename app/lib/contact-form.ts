// What the contact and join form (app/components/ContactForm.tsx) and its action
// (handleContactSubmission, app/models/contacts.server.ts) agree on: the outcomes and the answer's shape.
import type { SubmissionResult } from "@conform-to/react";

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
