import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { NewProposalForm } from "~/components/ProposalForm";
import { requireViewer } from "~/lib/auth.server";
import { EDITOR_FORM } from "~/lib/form-post.server";
import { getFixedT } from "~/lib/i18n.server";
import { memberForm, refusalOf } from "~/lib/member-action.server";
import { parseProposalForm } from "~/lib/proposal-form.server";
import * as z from "zod";
import { createProposal, groupChoices, proposalById } from "~/models/proposals.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { logError } from "~/lib/log.server";
import type { PageHandle } from "~/lib/page-scripts";
import { richTextScript } from "~/components/RichTextEditor";
import { formSubmittingScript } from "~/components/SubmitButton";

/**
 * /voting/new: a new proposal, saved as the member's draft. The page of its own for browsers
 * without JavaScript; with JavaScript /voting opens the same form in a dialog, posting here.
 * A post from the dialog returns to the list, also once corrected here after a refusal; one from
 * this page goes to the draft's page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const t = await getFixedT(request, "voting");
  const groups = await tryRead("the group choices", groupChoices(supabase));
  const groupsFailed = groups === FAILED_READ;
  return data(
    { title: t("create.meta.title"), isMember: viewer.isMember, groups: groupsFailed ? [] : groups, groupsFailed, draftId: crypto.randomUUID() },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request, EDITOR_FORM);
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const { submission, fields, contentTooLong } = parseProposalForm(formData);
  const fromDialog = formData.get("_modal") === "1";
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ result: submission.reply(errors), fromDialog }, { status, headers });
  if (contentTooLong) return reply(400, { fieldErrors: { content: ["errors.contentTooLong"] } });
  if (!fields) return reply(400);
  if (!viewer.isMember) return reply(403, { formErrors: ["errors.awaitingApproval"] });

  // From /voting's dialog the list reloads, with the new draft in it (specification: "On success the modal closes and the page reloads").
  const done = (id: string) => redirect(fromDialog ? "/voting" : `/voting/${id}`, { headers });
  const draftId = z.uuid().safeParse(formData.get("draftId")).data;
  const { data: created, error } = await createProposal(supabase, fields, draftId);
  if (error?.code === "23505" && draftId) {
    // The same form again: its draft exists. The member's own is where they were going; another's id is a conflict.
    const existing = await tryRead("a proposal", proposalById(supabase, draftId, viewer.id));
    if (existing !== FAILED_READ && existing?.author_id === viewer.id) return done(draftId);
  }
  if (error || !created) {
    const refusal = error ? refusalOf(error) : ({ status: 503 } as const);
    if (refusal.status === 503) logError("Creating a proposal failed", error);
    return reply(refusal.status, { formErrors: [refusal.status === 403 ? "errors.awaitingApproval" : "errors.createFailed"] });
  }
  return done(created.id);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

/** No React app: the form posts as HTML, the editor is an island started when the member is about to write (docs/decisions/044). */
export const handle: PageHandle = { scripts: [formSubmittingScript, richTextScript] };

export default function NewProposalPage() {
  const { isMember, groups, groupsFailed, draftId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("voting");

  return (
    <PageFrame title={t("create.title")} subtitle={t("create.subtitle")}>
      <div className="mx-auto max-w-3xl rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
        {!isMember ? (
          <FormNotice kind="error">{t("errors.awaitingApproval")}</FormNotice>
        ) : (
          <>
            {groupsFailed ? <FormNotice kind="error">{t("errors.groupsFailed")}</FormNotice> : null}
            <NewProposalForm
              id="new-proposal"
              groups={groups}
              lastResult={navigation.state === "idle" ? actionData?.result : null}
              submitting={navigation.state === "submitting"}
              backToList={actionData?.fromDialog ?? false}
              draftId={draftId}
            />
          </>
        )}
        <Link to="/voting" className="mt-6 inline-block font-semibold text-accent-700 underline underline-offset-2">
          {t("detail.back")}
        </Link>
      </div>
    </PageFrame>
  );
}
