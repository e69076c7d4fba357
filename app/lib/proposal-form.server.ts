/**
 * The proposal form's submission, as /voting/new and /voting/:id/edit both read it: the shared
 * schema, then the content made safe HTML (the editor's HTML sanitized, or plain text from the
 * textarea turned into paragraphs) and held to 100 KB after sanitizing.
 */
import { parseForm } from "~/lib/form-submission.server";
import { PROPOSAL_CONTENT_MAX_BYTES } from "~/lib/member-fields";
import { ProposalSchema } from "~/lib/member-schemas";
import { richTextFromForm } from "~/lib/rich-text.server";

export function parseProposalForm(formData: FormData) {
  const submission = parseForm(formData, ProposalSchema, { content: PROPOSAL_CONTENT_MAX_BYTES });
  if (submission.status !== "success") return { submission, fields: null };
  const content = richTextFromForm(formData, "content");
  if (new TextEncoder().encode(content).length > PROPOSAL_CONTENT_MAX_BYTES) {
    return { submission, fields: null, contentTooLong: true as const };
  }
  return { submission, fields: { title: submission.value.title, content, group_id: submission.value.group ?? null } };
}
