import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "~/components/PageFrame";
import { ProposalForm } from "~/components/ProposalForm";
import { requireViewer } from "~/lib/auth.server";
import { EDITOR_FORM } from "~/lib/form-post.server";
import { getFixedT } from "~/lib/i18n.server";
import { memberForm, refusalOf } from "~/lib/member-action.server";
import { parseProposalForm } from "~/lib/proposal-form.server";
import { sanitizeRichHtml } from "~/lib/sanitize.server";
import { groupChoices, proposalById, updateDraft } from "~/models/proposals.server";
import { logError } from "~/lib/log.server";
import type { PageHandle } from "~/lib/page-scripts";
import { richTextScript } from "~/components/RichTextEditor";
import { formSubmittingScript } from "~/components/SubmitButton";
import { readOrUnavailable } from "~/models/query.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /voting/:id/edit: the author edits their own draft (anyone else, or a published proposal: 404). */
async function ownDraft(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  if (!UUID.test(id)) throw new Response("Not Found", { status: 404 });
  const session = await requireViewer(request, context);
  const proposal = await readOrUnavailable(proposalById(session.supabase, id, session.viewer.id), session.headers);
  if (!proposal || proposal.author_id !== session.viewer.id || proposal.status !== "draft") throw new Response("Not Found", { status: 404 });
  return { ...session, proposal };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { supabase, headers, proposal } = await ownDraft(request, context, params.id ?? "");
  const t = await getFixedT(request, "voting");
  // Not shown without its groups (as /voting/new can be): saving would take the draft out of its group.
  const groups = await readOrUnavailable(groupChoices(supabase), headers);
  return data(
    {
      title: t("edit.meta.title"),
      id: proposal.id,
      groups,
      defaults: { title: proposal.title, content: sanitizeRichHtml(proposal.content), group: proposal.group_id ?? "" },
    },
    { headers },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await memberForm(request, EDITOR_FORM);
  const { supabase, headers, proposal } = await ownDraft(request, context, params.id ?? "");
  const { submission, fields, contentTooLong } = parseProposalForm(formData);
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ result: submission.reply(errors) }, { status, headers });
  if (contentTooLong) return reply(400, { fieldErrors: { content: ["errors.contentTooLong"] } });
  if (!fields) return reply(400);
  const { error } = await updateDraft(supabase, proposal.id, fields);
  if (error) {
    const refusal = refusalOf(error);
    if (refusal.status === 503) logError("Saving a draft failed", error);
    return reply(refusal.status, { formErrors: [refusal.status === 409 || refusal.status === 404 ? "errors.notADraft" : "errors.saveFailed"] });
  }
  return redirect(`/voting/${proposal.id}`, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

/** No React app: the form posts as HTML, the editor is an island started when the member is about to write (docs/decisions/044). */
export const handle: PageHandle = { scripts: [formSubmittingScript, richTextScript] };

export default function EditProposalPage() {
  const { id, groups, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("voting");
  return (
    <PageFrame title={t("edit.title")}>
      <div className="mx-auto max-w-3xl rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
        <ProposalForm
          id="edit-proposal"
          action={`/voting/${id}/edit`}
          groups={groups}
          defaults={defaults}
          contentFormat="html"
          lastResult={navigation.state === "idle" ? actionData?.result : null}
          submitting={navigation.state === "submitting"}
          submitLabel={t("edit.submit")}
          submittingLabel={t("edit.submitting")}
        />
        <Link to={`/voting/${id}`} className="mt-6 inline-block font-semibold text-accent-700 underline underline-offset-2">
          {t("edit.cancel")}
        </Link>
      </div>
    </PageFrame>
  );
}
