/**
 * The members' form schemas, shared by the browser (conform, loaded on first focus: see
 * app/lib/lazy-validation.ts) and the actions. Messages are translation keys: account forms' in
 * the `account` namespace, proposals' and comments' in the `voting` namespace.
 */
import * as z from "zod";
import { normalizePublicName, publicNameProblem, type PublicNameProblem } from "~/lib/public-name";
import {
  COMMENT_MAX,
  EMAIL_MAX,
  JOIN_REASON_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PROPOSAL_TITLE_MAX,
  REPORT_REASON_MAX,
} from "~/lib/member-fields";

const PUBLIC_NAME_MESSAGES: Record<PublicNameProblem, string> = {
  required: "errors.publicName.required",
  tooShort: "errors.publicName.tooShort",
  tooLong: "errors.publicName.tooLong",
  characters: "errors.publicName.characters",
  mixedScripts: "errors.publicName.mixedScripts",
};

/** Postgres text cannot hold U+0000: dropped, as the contact form does. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");

const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .overwrite(withoutNul)
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });

const email = z
  .string({ error: "errors.emailRequired" })
  .overwrite(withoutNul)
  .trim()
  .min(1, { error: "errors.emailRequired" })
  .max(EMAIL_MAX, { error: "errors.emailInvalid" })
  .pipe(z.email({ error: "errors.emailInvalid" }));

// Passwords are taken as typed (no trimming): GoTrue judges their strength.
const password = z.string({ error: "errors.passwordRequired" }).min(1, { error: "errors.passwordRequired" }).max(PASSWORD_MAX, {
  error: "errors.passwordTooLong",
});

/** A password being chosen: long enough here; common or personal ones are refused by the server (app/lib/password-policy.server.ts). */
const newPassword = password.refine((value) => [...value].length >= PASSWORD_MIN, { error: "errors.weakPassword.length" });

const publicName = z
  .string({ error: "errors.publicName.required" })
  .overwrite(withoutNul)
  .transform(normalizePublicName)
  .superRefine((name, context) => {
    const problem = publicNameProblem(name);
    if (problem) context.addIssue({ code: "custom", message: PUBLIC_NAME_MESSAGES[problem] });
  });

export const SignUpSchema = z.object({
  email,
  password: newPassword,
  publicName,
  reason: z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(JOIN_REASON_MAX, { error: "errors.reasonTooLong" })
    .optional(),
});

export const LoginSchema = z.object({ email, password, redirectTo: z.string().optional() });

export const ForgotPasswordSchema = z.object({ email });

const tokenHash = z.string({ error: "errors.resetLinkInvalid" }).regex(/^[0-9a-f]{16,128}$/, { error: "errors.resetLinkInvalid" });

/** The sign-up confirmation link's token hash and type, in its query string and again in its form. */
export const ConfirmEmailSchema = z.object({ token_hash: tokenHash, type: z.enum(["email", "signup"]) });

/** The password-reset link's query string. */
export const ResetLinkSchema = z.object({ token_hash: tokenHash, type: z.literal("recovery") });

/** The mailed link's token hash, carried by the form; the server checks it when the form is sent. */
export const ResetPasswordSchema = z.object({
  token_hash: tokenHash,
  newPassword,
});

export const PublicNameSchema = z.object({ intent: z.literal("rename"), publicName });

export const PasswordChangeSchema = z.object({
  intent: z.literal("password"),
  currentPassword: password,
  newPassword,
});

/** A TOTP code as authenticator apps show it ("123 456" is taken too). */
const code = z
  .string({ error: "errors.codeRequired" })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().min(1, { error: "errors.codeRequired" }).regex(/^\d{6}$/, { error: "errors.codeFormat" }));

export const CodeSchema = z.object({ code, redirectTo: z.string().optional() });

/** Confirming a new factor: its id and the secret and QR code shown (kept for a retry), and a code. */
export const ConfirmFactorSchema = z.object({
  intent: z.literal("confirm"),
  factorId: z.uuid({ error: "errors.enrolmentExpired" }),
  secret: z.string().regex(/^[A-Z2-7]+=*$/, { error: "errors.enrolmentExpired" }),
  qrCode: z.string().startsWith("data:image/svg+xml;", { error: "errors.enrolmentExpired" }),
  code,
  redirectTo: z.string().optional(),
});

/** Turning two-factor sign-in off: a code from the app it is turned off for. */
export const RemoveFactorSchema = z.object({ intent: z.literal("remove"), code });

export const DeleteAccountSchema = z.object({ intent: z.literal("delete"), password });

export const ProposalSchema = z.object({
  title: requiredText("errors.titleRequired", "errors.titleTooLong", PROPOSAL_TITLE_MAX),
  // The content is judged after sanitizing, on the server (at most 100 KB of HTML).
  content: z.string().overwrite(withoutNul).optional(),
  content_format: z.enum(["text", "html"]).optional(),
  group: z.uuid({ error: "errors.groupInvalid" }).optional(),
});

export const CommentSchema = z.object({
  content: requiredText("errors.commentRequired", "errors.commentTooLong", COMMENT_MAX),
});

export const ReportSchema = z.object({
  reason: requiredText("errors.reasonRequired", "errors.reasonTooLong", REPORT_REASON_MAX),
  commentId: z.uuid().optional(),
});
