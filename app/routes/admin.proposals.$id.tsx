import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-submission.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { DateTimeInput, TimeZoneField } from "~/components/admin/ContentForm";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { VoteSummary } from "~/components/admin/VoteSummary";
import { Prose } from "~/components/Prose";
import { adminForm, intentOf, redirectWithFlash } from "~/lib/admin-action.server";
import { proposalFlashKey, type ProposalEvent } from "~/lib/admin-texts";
import { VotingWindowSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/lib/auth.server";
import { formatDayTime } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { sanitizeRichHtml } from "~/lib/sanitize.server";
import { useForm } from "~/lib/use-form";
import { timeZoneChoices } from "~/lib/zoned-time";
import { isRecordId } from "~/models/admin-records.server";
import {
  closeVoting,
  isProposalHidden,
  openVoting,
  proposalById,
  setCommentHidden,
  setProposalHidden,
  withdrawProposal,
} from "~/models/proposals.server";
import { logError } from "~/lib/log.server";
import { readOrUnavailable } from "~/models/query.server";

/**
 * /admin/proposals/:id: one proposal with what an admin may do in its state (open voting with a
 * window, record the result once the window has closed, withdraw), hide or restore it, and its
 * comments with hide / restore. Counts only: nobody can see who voted what.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const id = params.id ?? "";
  const [proposal, hidden] = isRecordId(id) ? await readOrUnavailable(Promise.all([proposalById(supabase, id, null), isProposalHidden(supabase, id)]), headers) : [null, false];
  if (!proposal) throw data(null, { status: 404, headers });
  const t = await getFixedT(request, "admin");
  const { content, ...rest } = proposal;
  return data(
    { title: t("proposals.meta", { title: proposal.title }), proposal: { ...rest, html: sanitizeRichHtml(content), hidden }, timeZones: timeZoneChoices() },
    { headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { form, supabase, headers } = await adminForm(request, context);
  const id = params.id ?? "";
  if (!isRecordId(id)) throw data(null, { status: 404, headers });
  const intent = intentOf(form);
  const comment = String(form.get("comment") ?? "");

  if (intent === "voting") {
    const submission = parseForm(form, VotingWindowSchema);
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400, headers });
    return answer(await openVoting(supabase, id, submission.value), "votingOpened");
  }
  const writes: Record<Exclude<ProposalEvent, "votingOpened">, () => PromiseLike<{ error: { code: string; message: string } | null }>> = {
    close: () => closeVoting(supabase, id),
    withdraw: () => withdrawProposal(supabase, id),
    hide: () => setProposalHidden(supabase, id, true),
    restore: () => setProposalHidden(supabase, id, false),
    hideComment: () => setCommentHidden(supabase, comment, true),
    restoreComment: () => setCommentHidden(supabase, comment, false),
  };
  if (!isIntent(intent) || (intent.endsWith("Comment") && !isRecordId(comment))) {
    return data({ result: null }, { status: 400, headers });
  }
  return answer(await writes[intent](), intent);

  function isIntent(value: string): value is Exclude<ProposalEvent, "votingOpened"> {
    return Object.hasOwn(writes, value);
  }

  async function answer(result: { error: { code: string; message: string } | null }, done: ProposalEvent) {
    const back = `/admin/proposals/${id}`;
    if (!result.error) return redirectWithFlash(request, back, { kind: "success", key: proposalFlashKey(done) }, headers);
    logError("Proposal change refused", result.error);
    const key = result.error.code === "PT409" ? "flash.proposals.notAllowed" : result.error.code === "PGRST116" ? "flash.proposals.missing" : "flash.proposals.updateFailed";
    return redirectWithFlash(request, back, { kind: "error", key }, headers);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function AdminProposal() {
  const { proposal, timeZones } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const decided = ["passed", "rejected", "withdrawn"].includes(proposal.status);
  const windowClosed = proposal.voting_ends_at !== null && new Date(proposal.voting_ends_at) <= new Date();

  return (
    <AdminPage title={proposal.title}>
      <p className="mb-2">
        <Link to="/admin/proposals" className="text-accent-800 underline underline-offset-2">
          {t("proposals.back")}
        </Link>
      </p>
      <div className="mb-6 flex flex-wrap items-center gap-3 text-ink-800">
        <StatusBadge status={proposal.status === "draft" ? "draft" : "other"} label={t(`voting:status.${proposal.status}`)} />
        {proposal.hidden ? <StatusBadge status="read" label={t("proposals.hidden")} /> : null}
        <span>{proposal.author?.username ?? t("proposals.deletedAccount")}</span>
        <span>
          <VoteSummary proposal={proposal} />
        </span>
        {proposal.voting_starts_at && proposal.voting_ends_at ? (
          <span>
            {t("proposals.window", {
              start: formatDayTime(proposal.voting_starts_at, i18n.language),
              end: formatDayTime(proposal.voting_ends_at, i18n.language),
            })}
          </span>
        ) : null}
      </div>

      <section aria-labelledby="actions-title" className="mb-8 grid gap-4 rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
        <h2 id="actions-title" className="text-lg font-bold text-ink-950">
          {t("proposals.actions")}
        </h2>
        {proposal.status === "discussion" ? <VotingWindowForm timeZones={timeZones} busy={busy} /> : null}
        <div className="flex flex-wrap gap-3">
          {proposal.status === "voting" ? (
            <IntentButton intent="close" label={t("proposals.close")} busy={busy} disabled={!windowClosed} />
          ) : null}
          {!decided ? <IntentButton intent="withdraw" label={t("proposals.withdraw")} busy={busy} /> : null}
          <IntentButton intent={proposal.hidden ? "restore" : "hide"} label={proposal.hidden ? t("proposals.restore") : t("proposals.hide")} busy={busy} />
        </div>
        {proposal.status === "voting" && !windowClosed ? <p className="text-sm text-ink-700">{t("proposals.closeAfterWindow")}</p> : null}
      </section>

      <Prose className="mb-10 rounded-lg border border-ink-200 bg-white p-5">
        <div dir="auto" dangerouslySetInnerHTML={{ __html: proposal.html }} />
      </Prose>

      <section aria-labelledby="comments-title">
        <h2 id="comments-title" className="mb-3 text-xl font-bold text-ink-950">
          {t("proposals.commentsTitle", { count: proposal.comments.length })}
        </h2>
        <ul className="grid gap-3">
          {proposal.comments.map((comment) => (
            <li key={comment.id} className="rounded-lg border border-ink-200 bg-white p-4">
              <p className="text-sm text-ink-700">
                {comment.author?.username ?? t("proposals.deletedAccount")} · {formatDayTime(comment.created_at, i18n.language)}
              </p>
              <p dir="auto" className="mt-1 whitespace-pre-wrap text-ink-900">
                {comment.is_hidden ? <em>{t("proposals.commentHidden")}</em> : comment.content}
              </p>
              <Form method="post" className="mt-2">
                <input type="hidden" name="comment" value={comment.id} />
                <button type="submit" name="intent" value={comment.is_hidden ? "restoreComment" : "hideComment"} disabled={busy} className="btn-secondary btn-small">
                  {comment.is_hidden ? t("proposals.restoreComment") : t("proposals.hideComment")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}

function IntentButton({ intent, label, busy, disabled = false }: { intent: string; label: string; busy: boolean; disabled?: boolean }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} disabled={busy || disabled} className="btn-secondary disabled:opacity-60">
        {label}
      </button>
    </Form>
  );
}

/** discussion → voting: the window in local time of a chosen zone. */
function VotingWindowForm({ timeZones, busy }: { timeZones: string[]; busy: boolean }) {
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>() as { result: SubmissionResult<string[]> | null } | undefined;
  const [form, fields] = useForm<{ startsAt: string; endsAt: string; timeZone: string }>({ id: "voting-window", lastResult: actionData?.result, defaultValue: { timeZone: "UTC" }, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-1 border-b border-ink-200 pb-4">
      <h3 className="font-semibold text-ink-950">{t("proposals.openVoting")}</h3>
      <input type="hidden" name="intent" value="voting" />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimeInput field={fields.startsAt} label={t("fields.votingStartsAt")} required />
        <DateTimeInput field={fields.endsAt} label={t("fields.votingEndsAt")} required />
      </div>
      <TimeZoneField field={fields.timeZone} timeZones={timeZones} hint={t("fields.votingTimeZoneHint")} />
      <div>
        <button type="submit" disabled={busy} className="btn-primary disabled:opacity-70">
          {busy ? t("form.saving") : t("proposals.openVoting")}
        </button>
      </div>
    </Form>
  );
}
