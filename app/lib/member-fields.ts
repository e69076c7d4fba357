// The members' form fields without the schema library: lengths (the database's CHECK constraints
// say the same) that components put on their inputs, so that zod is not in a page's first JavaScript.
export const EMAIL_MAX = 320;
export const PASSWORD_MAX = 72; // bcrypt reads no further
/** The shortest new password (config.toml's minimum_password_length says the same to Supabase Auth). */
export const PASSWORD_MIN = 10;
export const JOIN_REASON_MAX = 1000;
export const PROPOSAL_TITLE_MAX = 200;
/** Bytes of sanitized HTML a proposal may hold (proposals_content_size). */
export const PROPOSAL_CONTENT_MAX_BYTES = 100 * 1024;
export const COMMENT_MAX = 5000;
export const REPORT_REASON_MAX = 1000;

/** A proposal's life (proposals.status). */
export const PROPOSAL_STATUSES = ["draft", "discussion", "voting", "passed", "rejected", "withdrawn"] as const;
