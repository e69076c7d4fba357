import type { SubmissionResult } from "@conform-to/react";

/** The sections of the back-office edited through one form each, and what their forms hold. */
export const CONTENT_SECTIONS = ["news", "events", "resources", "groups"] as const;
export type ContentSectionName = (typeof CONTENT_SECTIONS)[number];

/** A form's values as conform fills it: text fields as strings, checkboxes as booleans. */
export type FormValues = Record<string, string | boolean>;

/** The id in /admin/:section/:id that means "a new record". */
export const NEW_RECORD = "new";

/** What an admin whose save came after someone else's is told (409). */
export type Conflict = {
  /** Who saved last and when (null when the activity log has no entry: a change made outside /admin). */
  savedBy: string | null;
  savedAt: string | null;
  /** The fields whose saved value differs from what was submitted, with the saved value. */
  fields: Array<{ name: string; saved: string }>;
  /** The version now stored: submitting again replaces it, knowingly. */
  version: string;
};

/** What the save of a content form answers when it does not redirect. */
export type SaveReply = { result: SubmissionResult<string[]>; conflict: Conflict | null };
