/**
 * Form schemas shared by the browser (conform's client validation) and the
 * server (the actions), so both judge input by the same rules. Error
 * messages are translation keys of the `contact` namespace: the component
 * that shows an error translates it, in the visitor's language.
 *
 * conform turns an empty field into `undefined` before these schemas run,
 * which is why a missing value reports the type's own error ("required").
 * The limits mirror the CHECK constraints of public.contacts and
 * public.newsletter_subscriptions.
 */
import * as z from "zod";
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, REGIONS } from "~/lib/form-fields";

/**
 * Postgres text cannot hold U+0000: a message containing one would fail to
 * insert and be answered as if the backend were down (503, "try again").
 * The character is invisible and means nothing in a message, so it is dropped.
 */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");

const email = z
  .string({ error: "form.errors.emailRequired" })
  .overwrite(withoutNul)
  .trim()
  .min(1, { error: "form.errors.emailRequired" })
  .max(EMAIL_MAX, { error: "form.errors.emailTooLong" })
  .pipe(z.email({ error: "form.errors.emailInvalid" }));

export const ContactSchema = z.object({
  name: z
    .string({ error: "form.errors.nameRequired" })
    .overwrite(withoutNul)
    .trim()
    .min(1, { error: "form.errors.nameRequired" })
    .max(NAME_MAX, { error: "form.errors.nameTooLong" }),
  email,
  // The database stores "no region" as null, not as an empty string.
  region: z
    .enum(REGIONS, { error: "form.errors.regionInvalid" })
    .optional()
    .transform((region) => region ?? null),
  message: z
    .string({ error: "form.errors.messageRequired" })
    .overwrite(withoutNul)
    .trim()
    .min(1, { error: "form.errors.messageRequired" })
    .max(MESSAGE_MAX, { error: "form.errors.messageTooLong" }),
  // A ticked checkbox arrives as "on", which conform turns into true; it is never stored.
  security: z.literal(true, { error: "form.securityRequired" }),
});

export const NewsletterSchema = z.object({ email });

/** The token of a newsletter mail's link (confirm, unsubscribe): 24 random bytes in hex, as the database makes them. */
export const NewsletterLinkSchema = z.object({ token: z.string().regex(/^[0-9a-f]{48}$/) });
