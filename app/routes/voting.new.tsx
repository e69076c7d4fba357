import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { ProposalForm } from "~/components/ProposalForm";
import { requireViewer } from "~/lib/auth.server";
import { EDITOR_FORM } from "~/lib/form-post.server";
import { getFixedT } from "~/lib/i18n.server";
import { memberForm, refusalOf } from "~/lib/member-action.server";
import { parseProposalForm } from "~/lib/proposal-form.server";
import { createProposal, groupChoices } from "~/models/proposals.server";
import { QueryError } from "~/models/query.server";
import { logError } from "~/lib/log.server";
import type { PageHandle } from "~/lib/page-scripts";

/**
 * /voting/new: a new proposal, saved as the member's draft. The page of its own for browsers
 * without JavaScript; with JavaScript /voting opens the same form in a dialog, posting here.
 * A fetcher's post gets the new id back; a plain form post goes to the draft's page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const t = await getFixedT(request, "voting");
  let groups: Awaited<ReturnType<typeof groupChoices>> | null = null;
  try {
    groups = await groupChoices(supabase);
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    logError("Reading the group choices failed", error);
  }
  return data({ title: t("create.meta.title"), isMember: viewer.isMember, groups: groups ?? [], groupsFailed: !groups }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request, EDITOR_FORM);
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const { submission, fields, contentTooLong } = parseProposalForm(formData);
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ created: null, result: submission.reply(errors) }, { status, headers });
  if (contentTooLong) return reply(400, { fieldErrors: { content: ["errors.contentTooLong"] } });
  if (!fields) return reply(400);
  if (!viewer.isMember) return reply(403, { formErrors: ["errors.awaitingApproval"] });

  const { data: created, error } = await createProposal(supabase, fields);
  if (error || !created) {
    const refusal = error ? refusalOf(error) : ({ status: 503 } as const);
    if (refusal.status === 503) logError("Creating a proposal failed", error);
    return reply(refusal.status, { formErrors: [refusal.status === 403 ? "errors.awaitingApproval" : "errors.createFailed"] });
  }
  if (formData.get("_modal") === "1") return data({ created: created.id, result: submission.reply({ resetForm: true }) }, { headers });
  return redirect(`/voting/${created.id}`, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

/** React runs here (the rich-text editor; docs/decisions/040). */
export const handle: PageHandle = { hydrate: true };

export default function NewProposalPage() {
  const { isMember, groups, groupsFailed } = useLoaderData<typeof loader>();
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
            <ProposalForm
              id="new-proposal"
              action="/voting/new"
              groups={groups}
              defaults={{ title: "", content: "", group: "" }}
              contentFormat="text"
              lastResult={navigation.state === "idle" ? actionData?.result : null}
              submitting={navigation.state === "submitting"}
              submitLabel={t("create.submit")}
              submittingLabel={t("create.submitting")}
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
