// The members' forms' validation in the browser: the same schemas as the actions', loaded on first
// focus (app/lib/lazy-validation.ts) so that no page carries zod until someone fills in a form.
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import {
  CodeSchema,
  CommentSchema,
  ConfirmFactorSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  PasswordChangeSchema,
  ProposalSchema,
  PublicNameSchema,
  RemoveFactorSchema,
  ReportSchema,
  ResetPasswordSchema,
  SignUpSchema,
} from "~/lib/member-schemas";

const validator = (schema: z.ZodType) => (formData: FormData) => parseWithZod(formData, { schema });

export const validators = {
  signUp: validator(SignUpSchema),
  login: validator(LoginSchema),
  code: validator(CodeSchema),
  forgot: validator(ForgotPasswordSchema),
  reset: validator(ResetPasswordSchema),
  confirm: validator(ConfirmFactorSchema),
  remove: validator(RemoveFactorSchema),
  rename: validator(PublicNameSchema),
  password: validator(PasswordChangeSchema),
  delete: validator(DeleteAccountSchema),
  proposal: validator(ProposalSchema),
  comment: validator(CommentSchema),
  report: validator(ReportSchema),
};
