// What the public forms' fields are, without the schema library: names, choices, lengths (the same
// as the database's CHECK constraints) and the HTML constraints of the contact form. Components
// that render a form import this, so that zod (about 30 KB) is not in a page's first JavaScript;
// app/lib/schemas.ts builds the schemas from the same values, and a test keeps the two in step.
export const NAME_MAX = 200;
export const EMAIL_MAX = 320;
export const MESSAGE_MAX = 10_000;

export const REGIONS = ["europe", "northAmerica", "southAmerica", "asia", "africa", "oceania"] as const;
export type Region = (typeof REGIONS)[number];

/**
 * The contact forms' honeypot: a field humans never see (hidden, skipped by
 * the keyboard) that form-filling bots fill. It is deliberately not part of
 * ContactSchema: the action reads it on its own.
 */
export const HONEYPOT_FIELD = "website";

/** The HTML constraints of ContactSchema, as conform's getZodConstraint derives them. */
export const CONTACT_CONSTRAINT = {
  name: { required: true },
  email: { required: true },
  region: { required: false, pattern: REGIONS.join("|") },
  message: { required: true },
  security: { required: true },
};

/** The kinds of resource (resources.resource_type); a new one is a guide. */
export const RESOURCE_TYPES = ["guide", "theory", "template", "tool"] as const;
