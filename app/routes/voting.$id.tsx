import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/use-form";
import { parseForm } from "~/lib/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { Field, FormNotice, TextArea } from "~/components/FormField";
import { MemberStanding } from "~/components/MemberStanding";
import { PageFrame } from "~/components/PageFrame";
import { Prose } from "~/components/Prose";
import { SubmitButton, formSubmittingScript } from "~/components/SubmitButton";
import { ProposalCounts, ProposalHeading } from "~/components/ProposalSummary";
import { getSession, requireViewer, type Viewer } from "~/lib/auth.server";
import { formatDayTime, isoDate } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { useLazyValidation } from "~/lib/lazy-validation";
import { memberForm, refusalOf } from "~/lib/member-action.server";
import { COMMENT_MAX, REPORT_REASON_MAX } from "~/lib/member-fields";
import { CommentSchema, ReportSchema } from "~/lib/member-schemas";
import { sanitizeRichHtml } from "~/lib/sanitize.server";
import { seoMeta, summarize } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import {
  addComment,
  castVote,
  deleteComment,
  editComment,
  proposalById,
  reportToAdmins,
  setProposalStatus,
  withdrawVote,
  type ProposalDetail,
} from "~/models/proposals.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { logError } from "~/lib/log.server";
import type { IsolationHandle } from "~/lib/opener-policy";
import { forMembers, type PageHandle } from "~/lib/page-scripts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(): Response {
  return new Response("Not Found", { status: 404 });
}

/** Whether votes are accepted now (the database says the same, and has the last word). */
function votingOpen(proposal: Pick<ProposalDetail, "status" | "voting_starts_at" | "voting_ends_at">, now = Date.now()) {
  return (
    proposal.status === "voting" &&
    proposal.voting_starts_at !== null &&
    proposal.voting_ends_at !== null &&
    now >= Date.parse(proposal.voting_starts_at) &&
    now < Date.parse(proposal.voting_ends_at)
  );
}

const commentsOpen = (status: string) => status === "discussion" || status === "voting";

/**
 * /voting/:id, a proposal's own page: the whole content, the comments, the viewer's own vote and
 * the actions the viewer may take. A draft is a 404 for everyone but its author (and admins).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!UUID.test(id)) throw notFound();
  const t = await getFixedT(request, "voting");
  const { supabase, headers, viewer } = await getSession(request, context);
  const reader = viewer ? supabase : createAnonSupabaseClient(context.cloudflare.env);
  const proposal = await tryRead("a proposal", proposalById(reader, id, viewer?.id ?? null));
  if (proposal === FAILED_READ) throw new Response(t("detail.loadFailed"), { status: 503, headers });
  if (!proposal) throw notFound();
  const { content, ...rest } = proposal;
  const view = { ...rest, html: sanitizeRichHtml(content), votingOpen: votingOpen(proposal), commentsOpen: commentsOpen(proposal.status) };
  return data(
    {
      reported: new URL(request.url).searchParams.has("reported"),
      proposal: view,
      viewer: viewer && { id: viewer.id, isMember: viewer.isMember, needsCode: viewer.needsCode },
      description: summarize(view.html.replace(/<[^>]*>/g, " ")),
    },
    { headers },
  );
}

type Intent = "publish" | "withdraw" | "support" | "oppose" | "unvote" | "comment" | "editComment" | "deleteComment" | "report";
const INTENTS: readonly Intent[] = ["publish", "withdraw", "support", "oppose", "unvote", "comment", "editComment", "deleteComment", "report"];

type Answer = { intent: Intent; commentId: string | null; error: string | null; result: SubmissionResult<string[]> | null };

/** What each intent failing says (keys of the voting namespace), by the status the database answered. */
const FAILED: Record<Intent, string> = {
  publish: "errors.publishFailed",
  withdraw: "errors.withdrawFailed",
  support: "errors.voteFailed",
  oppose: "errors.voteFailed",
  unvote: "errors.voteFailed",
  comment: "errors.commentFailed",
  editComment: "errors.commentFailed",
  deleteComment: "errors.commentFailed",
  report: "errors.reportFailed",
};
const CONFLICT: Record<Intent, string> = {
  publish: "errors.notADraft",
  withdraw: "errors.cannotWithdraw",
  support: "errors.votingClosed",
  oppose: "errors.votingClosed",
  unvote: "errors.votingClosed",
  comment: "errors.commentsClosed",
  editComment: "errors.commentsClosed",
  deleteComment: "errors.commentsClosed",
  report: "errors.reportFailed",
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (!UUID.test(id)) throw notFound();
  const formData = await memberForm(request);
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent)) throw new Response("Unknown action", { status: 400 });
  const action = intent as Intent;
  const commentIdValue = formData.get("commentId");
  const commentId = typeof commentIdValue === "string" && UUID.test(commentIdValue) ? commentIdValue : null;
  const answer = (status: number, error: string | null, result: SubmissionResult<string[]> | null = null) =>
    data<Answer>({ intent: action, commentId, error, result }, { status, headers });

  const proposal = await tryRead("a proposal", proposalById(supabase, id, viewer.id));
  if (proposal === FAILED_READ) return answer(503, FAILED[action]);
  if (!proposal) throw notFound();
  if (!viewer.isMember) return answer(403, "errors.awaitingApproval");

  const write = await perform(action, { supabase, viewer, proposal, formData, commentId });
  if ("invalid" in write) return answer(400, null, write.invalid);
  if ("error" in write) return answer(write.status, write.error, write.result ?? null);
  return redirect(`/voting/${id}${write.anchor ?? ""}`, { headers });
}

type Performed =
  | { anchor?: string }
  | { invalid: SubmissionResult<string[]> }
  | { status: number; error: string; result?: SubmissionResult<string[]> };

/** Checks what the page knows (state, ownership), then asks the database, which checks again. */
async function perform(
  intent: Intent,
  { supabase, viewer, proposal, formData, commentId }: {
    supabase: Awaited<ReturnType<typeof requireViewer>>["supabase"];
    viewer: Viewer;
    proposal: ProposalDetail;
    formData: FormData;
    commentId: string | null;
  },
): Promise<Performed> {
  const refused = (error: { code: string; message: string } | null, result?: SubmissionResult<string[]>): Performed => {
    if (!error) return {};
    const refusal = refusalOf(error as Parameters<typeof refusalOf>[0]);
    if (refusal.status === 503) logError(`${intent} failed`, error);
    const key = refusal.status === 409 ? CONFLICT[intent] : refusal.status === 403 ? "errors.forbidden" : FAILED[intent];
    return { status: refusal.status, error: key, result };
  };
  const own = proposal.author_id === viewer.id;
  const ownComment = proposal.comments.find((comment) => comment.id === commentId && comment.author_id === viewer.id);

  switch (intent) {
    case "publish":
      if (!own) return { status: 403, error: "errors.forbidden" };
      if (proposal.status !== "draft") return { status: 409, error: CONFLICT.publish };
      return refused((await setProposalStatus(supabase, proposal.id, "discussion")).error);
    case "withdraw":
      if (!own) return { status: 403, error: "errors.forbidden" };
      if (!commentsOpen(proposal.status)) return { status: 409, error: CONFLICT.withdraw };
      return refused((await setProposalStatus(supabase, proposal.id, "withdrawn")).error);
    case "support":
    case "oppose":
      if (!votingOpen(proposal)) return { status: 409, error: CONFLICT[intent] };
      return { ...refused((await castVote(supabase, proposal.id, intent)).error), anchor: "#vote" };
    case "unvote":
      if (!votingOpen(proposal)) return { status: 409, error: CONFLICT.unvote };
      return { ...refused((await withdrawVote(supabase, proposal.id, viewer.id)).error), anchor: "#vote" };
    case "comment":
    case "editComment": {
      const submission = parseForm(formData, CommentSchema);
      if (submission.status !== "success") return { invalid: submission.reply() };
      if (!commentsOpen(proposal.status)) return { status: 409, error: CONFLICT[intent], result: submission.reply() };
      if (intent === "comment") {
        const { data: created, error } = await addComment(supabase, proposal.id, submission.value.content);
        return error ? refused(error, submission.reply()) : { anchor: `#comment-${created.id}` };
      }
      if (!ownComment) return { status: 403, error: "errors.forbidden", result: submission.reply() };
      const { error } = await editComment(supabase, ownComment.id, submission.value.content);
      return error ? refused(error, submission.reply()) : { anchor: `#comment-${ownComment.id}` };
    }
    case "deleteComment":
      if (!ownComment) return { status: 403, error: "errors.forbidden" };
      if (!commentsOpen(proposal.status)) return { status: 409, error: CONFLICT.deleteComment };
      return { ...refused((await deleteComment(supabase, ownComment.id)).error), anchor: "#comments" };
    case "report": {
      const submission = parseForm(formData, ReportSchema);
      if (submission.status !== "success") return { invalid: submission.reply() };
      if (proposal.status === "draft") return { status: 409, error: CONFLICT.report };
      const { error } = await reportToAdmins(supabase, { proposal_id: proposal.id, comment_id: commentId, reason: submission.value.reason });
      return error ? refused(error, submission.reply()) : { anchor: "?reported=1" };
    }
  }
}

/**
 * A page people only read: no new browser process for it (app/lib/opener-policy.ts). A member's
 * page has one small script, which shows a comment form's saving state and refuses a second press of
 * any of its buttons; a visitor's has none.
 */
export const handle = { isolate: false, scripts: forMembers([formSubmittingScript]) } satisfies PageHandle & IsolationHandle;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) => {
  if (!page) return [];
  const tags = seoMeta({ matches, location }, { title: page.proposal.title, description: page.description });
  return page.proposal.status === "draft" ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** One action as a form of its own. While it posts it keeps its words: what matters is that a second press does not post again. */
function ActionButton({
  intent,
  label,
  variant = "outline",
  pressed,
  describedBy,
}: {
  intent: Intent;
  label: string;
  variant?: "primary" | "outline";
  pressed?: boolean;
  /** The id of a warning that a screen reader should read with the button. */
  describedBy?: string;
}) {
  const busy = useSubmitting(intent);
  const look = variant === "primary" ? "btn-primary" : "btn-secondary";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton
        busy={busy}
        label={label}
        busyLabel={label}
        aria-pressed={pressed}
        aria-describedby={describedBy}
        className={`${look} aria-pressed:border-ink-900 aria-pressed:bg-ink-900 aria-pressed:text-white`}
      />
    </Form>
  );
}

/** The author's actions and the vote, as far as the viewer may take them. */
function ProposalActions({ proposal, viewer }: { proposal: PageData["proposal"]; viewer: PageData["viewer"] }) {
  const { t } = useTranslation("voting");
  if (!viewer) {
    // Nothing to take part in once a proposal is closed.
    if (!proposal.commentsOpen) return null;
    return (
      <p className="text-ink-700">
        <Link to={`/login?redirectTo=${encodeURIComponent(`/voting/${proposal.id}`)}`} className="font-semibold text-accent-700 underline underline-offset-2">
          {t("detail.signInToTakePart")}
        </Link>
      </p>
    );
  }
  if (!viewer.isMember) return <MemberStanding viewer={viewer} back={`/voting/${proposal.id}`} />;
  const own = proposal.author_id === viewer.id;
  return (
    <div className="grid gap-6">
      {own && proposal.status === "draft" ? (
        <div className="flex flex-wrap gap-3">
          <Link to={`/voting/${proposal.id}/edit`} className="btn-secondary">
            {t("detail.edit")}
          </Link>
          <ActionButton intent="publish" variant="primary" label={t("detail.publish")} />
        </div>
      ) : null}
      {proposal.votingOpen ? (
        <section id="vote" aria-labelledby="vote-title" className="rounded-md border border-amber-300 bg-amber-50 p-4">
          <h2 id="vote-title" className="font-bold text-ink-950">
            {t("detail.vote.title")}
          </h2>
          <p className="mt-1 text-sm text-ink-800">
            {proposal.ownVote ? t(`detail.vote.yours.${proposal.ownVote}`) : t("detail.vote.none")} {t("detail.vote.secret")}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <ActionButton intent="support" pressed={proposal.ownVote === "support"} label={t("detail.vote.support")} />
            <ActionButton intent="oppose" pressed={proposal.ownVote === "oppose"} label={t("detail.vote.oppose")} />
            {proposal.ownVote ? <ActionButton intent="unvote" label={t("detail.vote.withdraw")} /> : null}
          </div>
        </section>
      ) : null}
      {own && proposal.commentsOpen ? (
        // Withdrawing cannot be undone: the button that does it is one step away, with or without scripts.
        <details>
          <summary className="btn-secondary w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden">
            {t("detail.withdraw")}
          </summary>
          <div className="mt-3 grid justify-items-start gap-3 rounded-md border border-accent-600/40 bg-accent-300/15 p-4">
            <p id="withdraw-warning" className="text-sm text-ink-800">
              {t("detail.withdrawWarning")}
            </p>
            <ActionButton intent="withdraw" label={t("detail.withdrawConfirm")} describedBy="withdraw-warning" />
          </div>
        </details>
      ) : null}
    </div>
  );
}

/** Whether the form of `intent` (on the comment `commentId`, if any) is posting. */
function useSubmitting(intent: Intent, commentId: string | null = null): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent && (navigation.formData?.get("commentId") ?? null) === commentId;
}

function useAnswerFor(intent: Intent, commentId: string | null = null) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  if (navigation.state !== "idle" || !answer || answer.intent !== intent || answer.commentId !== commentId) return null;
  return answer;
}

/**
 * A comment form (new or editing one); keeps what was typed when the answer is an error. It posts to
 * `#<its id>`, as the report form does: a refused post, a new page, opens at the form and its message.
 */
function CommentForm({ intent, commentId, defaultValue, label, submitLabel }: { intent: "comment" | "editComment"; commentId?: string; defaultValue?: string; label: string; submitLabel: string }) {
  const { t } = useTranslation("voting");
  const answer = useAnswerFor(intent, commentId ?? null);
  const validation = useLazyValidation(() => import("~/lib/member-validation").then((module) => module.validators.comment));
  const [form, fields] = useForm({
    id: commentId ? `edit-${commentId}` : "new-comment",
    lastResult: answer?.result,
    defaultValue: { content: defaultValue ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: validation.onValidate,
  });
  const busy = useSubmitting(intent, commentId ?? null);
  return (
    <Form method="post" action={`#${form.id}`} preventScrollReset {...getFormProps(form)} onFocus={validation.onFocus} className="grid gap-1">
      {answer?.error ? <FormNotice kind="error">{t(answer.error)}</FormNotice> : null}
      <input type="hidden" name="intent" value={intent} />
      {commentId ? <input type="hidden" name="commentId" value={commentId} /> : null}
      <Field ns="voting" field={fields.content} label={label} required hint={t("detail.comments.plainText")}>
        <TextArea field={fields.content} rows={4} required maxLength={COMMENT_MAX} aria-describedby={`${fields.content.id}-hint ${fields.content.errorId}`} />
      </Field>
      <SubmitButton busy={busy} label={submitLabel} busyLabel={t("detail.comments.saving")} className="btn-primary justify-self-start" />
    </Form>
  );
}

function ReportForm({ commentId, whose }: { commentId?: string; whose?: ReactNode }) {
  const { t } = useTranslation("voting");
  const answer = useAnswerFor("report", commentId ?? null);
  const busy = useSubmitting("report", commentId ?? null);
  const [form, fields] = useForm({ id: commentId ? `report-${commentId}` : "report", lastResult: answer?.result, shouldValidate: "onSubmit" });
  return (
    <details className="text-sm" open={Boolean(answer)}>
      <summary className="cursor-pointer font-semibold text-ink-700 underline underline-offset-2">
        {t("detail.report.open")}
        {whose}
      </summary>
      <Form method="post" action={`#${form.id}`} preventScrollReset {...getFormProps(form)} className="mt-3 grid gap-1">
        {answer?.error ? <FormNotice kind="error">{t(answer.error)}</FormNotice> : null}
        <input type="hidden" name="intent" value="report" />
        {commentId ? <input type="hidden" name="commentId" value={commentId} /> : null}
        <Field ns="voting" field={fields.reason} label={t("detail.report.reason")} required>
          <TextArea field={fields.reason} rows={3} required maxLength={REPORT_REASON_MAX} />
        </Field>
        <SubmitButton
          busy={busy}
          label={t("detail.report.submit")}
          busyLabel={t("detail.report.submit")}
          className="btn-secondary justify-self-start"
        />
      </Form>
    </details>
  );
}

/** The delete confirmation keeps its word while it posts; a second press does not post again. */
function DeleteCommentButton({ commentId }: { commentId: string }) {
  const { t } = useTranslation("voting");
  const label = t("detail.comments.deleteConfirm");
  const busy = useSubmitting("deleteComment", commentId);
  return (
    <SubmitButton
      busy={busy}
      label={label}
      busyLabel={label}
      aria-describedby={`delete-warning-${commentId}`}
      className="text-sm font-semibold text-accent-700 underline underline-offset-2"
    />
  );
}

function Comments({ proposal, viewer }: { proposal: PageData["proposal"]; viewer: PageData["viewer"] }) {
  const { t, i18n } = useTranslation("voting");
  const canWrite = Boolean(viewer?.isMember && proposal.commentsOpen);
  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-12">
      <h2 id="comments-title" className="text-2xl font-bold tracking-tight text-ink-950">
        {t("detail.comments.title", { count: proposal.comments.length })}
      </h2>
      {proposal.comments.length === 0 ? <p className="mt-4 text-ink-600">{t("detail.comments.empty")}</p> : null}
      <ol className="mt-6 grid gap-4">
        {proposal.comments.map((comment) => {
          const mine = viewer?.id === comment.author_id;
          const author = comment.is_hidden ? t("detail.comments.removedAuthor") : (comment.author?.username ?? t("proposal.formerMember"));
          const written = formatDayTime(comment.created_at, i18n.language);
          // Every comment has its own Edit, Delete and Report: their names say whose comment, for a screen reader's list of controls.
          const whose = (
            <span className="sr-only">
              {" · "}
              <bdi>{author}</bdi> · {written}
            </span>
          );
          return (
            <li key={comment.id} id={`comment-${comment.id}`} className="rounded-md border border-ink-200 bg-white p-4">
              <p className="text-sm text-ink-600">
                <span dir="auto" className="font-semibold text-ink-900">
                  {author}
                </span>{" "}
                · <time dateTime={isoDate(comment.created_at)}>{written}</time>
              </p>
              {comment.is_hidden ? (
                <p className="mt-2 italic text-ink-600">{t("detail.comments.removed")}</p>
              ) : (
                <p dir="auto" className="mt-2 whitespace-pre-wrap text-ink-900">
                  {comment.content}
                </p>
              )}
              {viewer?.isMember && !comment.is_hidden ? (
                <div className="mt-3 flex flex-wrap items-start gap-4">
                  {mine && canWrite ? (
                    <>
                      <details className="text-sm">
                        <summary className="cursor-pointer font-semibold text-ink-700 underline underline-offset-2">
                          {t("detail.comments.edit")}
                          {whose}
                        </summary>
                        <div className="mt-3">
                          <CommentForm intent="editComment" commentId={comment.id} defaultValue={comment.content} label={t("detail.comments.editLabel")} submitLabel={t("detail.comments.save")} />
                        </div>
                      </details>
                      {/* Deleting cannot be undone: like withdrawing, its button is one step away. */}
                      <details className="text-sm">
                        <summary className="cursor-pointer font-semibold text-accent-700 underline underline-offset-2">
                          {t("detail.comments.delete")}
                          {whose}
                        </summary>
                        <Form method="post" preventScrollReset className="mt-3 grid justify-items-start gap-2">
                          <p id={`delete-warning-${comment.id}`} className="text-ink-800">
                            {t("detail.comments.deleteWarning")}
                          </p>
                          <input type="hidden" name="intent" value="deleteComment" />
                          <input type="hidden" name="commentId" value={comment.id} />
                          <DeleteCommentButton commentId={comment.id} />
                        </Form>
                      </details>
                    </>
                  ) : null}
                  {!mine ? <ReportForm commentId={comment.id} whose={whose} /> : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {canWrite ? (
        <div className="mt-8">
          <CommentForm intent="comment" label={t("detail.comments.new")} submitLabel={t("detail.comments.submit")} />
        </div>
      ) : proposal.status !== "draft" && !proposal.commentsOpen ? (
        <p className="mt-6 text-ink-700">{t("detail.comments.closed")}</p>
      ) : null}
    </section>
  );
}

export default function ProposalPage() {
  const { proposal, viewer, reported } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("voting");
  const pageError = navigation.state === "idle" && answer?.error && !["comment", "editComment", "report"].includes(answer.intent) ? answer.error : null;

  return (
    <PageFrame title={t("detail.title")}>
      <article className="rounded-lg border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
        {pageError ? <FormNotice kind="error">{t(pageError)}</FormNotice> : null}
        {reported ? <FormNotice kind="success">{t("detail.report.sent")}</FormNotice> : null}
        <ProposalHeading
          proposal={proposal}
          heading={
            <h2 className="mt-4 text-3xl font-bold leading-snug tracking-tight text-ink-950" dir="auto">
              {proposal.title}
            </h2>
          }
        />
        {proposal.html ? (
          <Prose className="mt-6">
            <div dir="auto" dangerouslySetInnerHTML={{ __html: proposal.html }} />
          </Prose>
        ) : null}
        <div className="mt-6 border-t border-ink-200 pt-4">
          <ProposalCounts proposal={proposal} />
        </div>
        <div className="mt-6">
          <ProposalActions proposal={proposal} viewer={viewer} />
        </div>
        {viewer?.isMember && proposal.status !== "draft" && proposal.author_id !== viewer.id ? (
          <div className="mt-6">
            <ReportForm />
          </div>
        ) : null}
      </article>
      <Comments proposal={proposal} viewer={viewer} />
      <Link to="/voting" className="mt-10 inline-block font-semibold text-accent-700 underline underline-offset-2">
        {t("detail.back")}
      </Link>
    </PageFrame>
  );
}
