// Proposals, their comments, votes and reports, under RLS as whoever asks: visitors see non-drafts,
// a member also their own drafts and their own votes, never anyone else's. Vote counts are
// computed columns (support_count, oppose_count: null while voting is open; vote_count: voters).
import type { Database } from "~/lib/database.types";
import { pageOf, rangeOf, rowsOf, type Supabase } from "./query.server";

type Tables = Database["public"]["Tables"];
type Functions = Database["public"]["Functions"];

const PROPOSALS_PAGE_SIZE = 10;

const LIST =
  "id, title, content, status, author_id, created_at, voting_starts_at, voting_ends_at, support_count, oppose_count, vote_count, author:profiles!author_id(username), group:groups!group_id(name), proposal_comments(count)";

/**
 * One row of LIST. Written out because the generated types describe the counts only as
 * functions of a proposal, and postgrest-js infers computed columns only when they are in the Row.
 */
type ProposalRow = Pick<
  Tables["proposals"]["Row"],
  "id" | "title" | "content" | "status" | "author_id" | "created_at" | "voting_starts_at" | "voting_ends_at"
> & {
  support_count: Functions["support_count"]["Returns"] | null;
  oppose_count: Functions["oppose_count"]["Returns"] | null;
  vote_count: Functions["vote_count"]["Returns"] | null;
  author: Pick<Tables["profiles"]["Row"], "username"> | null;
  group: Pick<Tables["groups"]["Row"], "name"> | null;
  proposal_comments: Array<{ count: number }>;
};

function withCommentCount<R extends ProposalRow>({ proposal_comments, ...proposal }: R) {
  return { ...proposal, comment_count: proposal_comments[0]?.count ?? 0 };
}

export const PROPOSAL_FILTERS = { all: null, open: ["discussion", "voting"], closed: ["passed", "rejected", "withdrawn"] } as const;
export type ProposalFilter = keyof typeof PROPOSAL_FILTERS;

/**
 * A page of proposals, newest first: every non-draft one plus the viewer's own drafts (their id
 * comes from Supabase Auth, never from the request). `open` adds drafts too: they are the
 * author's work in progress.
 */
export async function proposalsPage(supabase: Supabase, options: { page: number; filter: ProposalFilter; viewerId: string | null }) {
  const statuses = PROPOSAL_FILTERS[options.filter];
  let query = supabase.from("proposals").select(LIST, { count: "exact" });
  query = options.viewerId ? query.or(`status.neq.draft,author_id.eq.${options.viewerId}`) : query.neq("status", "draft");
  if (statuses) query = query.in("status", options.filter === "open" ? [...statuses, "draft"] : [...statuses]);
  const [from, to] = rangeOf(options.page, PROPOSALS_PAGE_SIZE);
  const result = await query
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, to)
    .overrideTypes<ProposalRow[], { merge: false }>();
  const page = pageOf("proposals", result, options.page, PROPOSALS_PAGE_SIZE);
  return { ...page, items: page.items.map(withCommentCount) };
}

/** Every non-draft proposal, newest first (the public list and the feed). */
export async function publishedProposals(supabase: Supabase, limit = 50) {
  const rows = rowsOf(
    "proposals",
    await supabase
      .from("proposals")
      .select(`${LIST}, updated_at, published_at`)
      .neq("status", "draft")
      .order("updated_at", { ascending: false })
      .limit(limit)
      .overrideTypes<Array<ProposalRow & { updated_at: string; published_at: string | null }>, { merge: false }>(),
  );
  return rows.map(withCommentCount);
}

type CommentRow = Pick<Tables["proposal_comments"]["Row"], "id" | "content" | "created_at" | "updated_at" | "is_hidden" | "author_id"> & {
  author: Pick<Tables["profiles"]["Row"], "username"> | null;
};

/** One proposal with its group id, comments (oldest first) and the viewer's own vote; null when the viewer may not see it. */
export async function proposalById(supabase: Supabase, id: string, viewerId: string | null) {
  const [proposal, comments, vote] = await Promise.all([
    supabase
      .from("proposals")
      .select(`${LIST}, group_id, published_at, updated_at`)
      .eq("id", id)
      .maybeSingle()
      .overrideTypes<ProposalRow & { group_id: string | null; published_at: string | null; updated_at: string }, { merge: false }>(),
    supabase
      .from("proposal_comments")
      .select("id, content, created_at, updated_at, is_hidden, author_id, author:profiles!author_id(username)")
      .eq("proposal_id", id)
      .order("created_at")
      .order("id")
      .overrideTypes<CommentRow[], { merge: false }>(),
    viewerId
      ? supabase.from("proposal_votes").select("vote").eq("proposal_id", id).eq("user_id", viewerId).maybeSingle()
      : Promise.resolve({ data: null, error: null }),
  ]);
  const row = rowsOf("proposal", proposal);
  if (!row) return null;
  return {
    ...withCommentCount(row),
    comments: rowsOf("comments", comments),
    ownVote: (rowsOf("vote", vote)?.vote ?? null) as "support" | "oppose" | null,
  };
}

export type ProposalDetail = NonNullable<Awaited<ReturnType<typeof proposalById>>>;

/** Verified and other groups by name, for the proposal form's select. */
export async function groupChoices(supabase: Supabase) {
  return rowsOf("groups", await supabase.from("groups").select("id, name, is_verified").order("name"));
}

export type ProposalFields = { title: string; content: string; group_id: string | null };

/**
 * A new draft by the caller (author_id and status are the database's defaults); `id`, when given, the
 * one its form was rendered with (a form sent twice makes one draft: decision 056).
 */
export function createProposal(supabase: Supabase, fields: ProposalFields, id?: string) {
  return supabase
    .from("proposals")
    .insert({ ...fields, id })
    .select("id")
    .single();
}

export function updateDraft(supabase: Supabase, id: string, fields: ProposalFields) {
  return supabase.from("proposals").update(fields).eq("id", id).eq("status", "draft").select("id").single();
}

/** A change of status; the database's guard decides whether the caller may make it. */
export function setProposalStatus(supabase: Supabase, id: string, status: "discussion" | "withdrawn") {
  return supabase.from("proposals").update({ status }).eq("id", id).select("id").single();
}

export function castVote(supabase: Supabase, proposalId: string, vote: "support" | "oppose") {
  return supabase.rpc("cast_vote", { proposal_id: proposalId, vote });
}

export function withdrawVote(supabase: Supabase, proposalId: string, viewerId: string) {
  return supabase.from("proposal_votes").delete().eq("proposal_id", proposalId).eq("user_id", viewerId).select("vote");
}

export function addComment(supabase: Supabase, proposalId: string, content: string) {
  return supabase.from("proposal_comments").insert({ proposal_id: proposalId, content }).select("id").single();
}

export function editComment(supabase: Supabase, commentId: string, content: string) {
  return supabase.from("proposal_comments").update({ content }).eq("id", commentId).select("id").single();
}

export function deleteComment(supabase: Supabase, commentId: string) {
  return supabase.from("proposal_comments").delete().eq("id", commentId).select("id").single();
}

export function reportToAdmins(supabase: Supabase, report: { proposal_id: string; comment_id: string | null; reason: string }) {
  return supabase.from("proposal_reports").insert(report);
}

// ---------------------------------------------------------------------------------------------
// The back-office (/admin/proposals): every proposal, drafts and hidden ones included; the admin
// transitions; hiding; the members' reports. The proposals guard decides what may change.
// ---------------------------------------------------------------------------------------------

const ADMIN_PROPOSALS_PAGE_SIZE = 20;

export async function adminProposalsPage(supabase: Supabase, options: { page: number; status: string | null }) {
  let query = supabase.from("proposals").select(`${LIST}, is_hidden`, { count: "exact" });
  if (options.status) query = query.eq("status", options.status);
  const [from, to] = rangeOf(options.page, ADMIN_PROPOSALS_PAGE_SIZE);
  const result = await query
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, to)
    .overrideTypes<Array<ProposalRow & { is_hidden: boolean }>, { merge: false }>();
  const page = pageOf("proposals", result, options.page, ADMIN_PROPOSALS_PAGE_SIZE);
  return { ...page, items: page.items.map(withCommentCount) };
}

/** Whether the proposal is hidden (proposalById leaves that out: only admins act on it). */
export async function isProposalHidden(supabase: Supabase, id: string) {
  return rowsOf("proposal", await supabase.from("proposals").select("is_hidden").eq("id", id).maybeSingle())?.is_hidden === true;
}

/**
 * discussion → voting, with its window. Only from discussion: when two admins open the same
 * proposal's voting, the second is refused (PT409) instead of silently replacing the first's window.
 */
export async function openVoting(supabase: Supabase, id: string, window: { startsAt: string; endsAt: string }) {
  const result = await supabase
    .from("proposals")
    .update({ status: "voting", voting_starts_at: window.startsAt, voting_ends_at: window.endsAt })
    .eq("id", id)
    .eq("status", "discussion")
    .select("id");
  if (result.error || result.data.length > 0) return { error: result.error };
  return { error: { code: "PT409", message: "The proposal is no longer in discussion" } };
}

/**
 * voting → passed or rejected, as the rule /voting states decides: passed when more members
 * support than oppose. The counts are readable once the window has closed; before that the guard
 * refuses (409) whichever status is asked for.
 */
export async function closeVoting(supabase: Supabase, id: string) {
  const counts = await supabase.from("proposals").select("support_count, oppose_count").eq("id", id).single()
    .overrideTypes<{ support_count: number | null; oppose_count: number | null }, { merge: false }>();
  if (counts.error) return counts;
  const passed = (counts.data.support_count ?? 0) > (counts.data.oppose_count ?? 0);
  return supabase.from("proposals").update({ status: passed ? "passed" : "rejected" }).eq("id", id).select("id").single();
}

export function withdrawProposal(supabase: Supabase, id: string) {
  return supabase.from("proposals").update({ status: "withdrawn" }).eq("id", id).select("id").single();
}

export function setProposalHidden(supabase: Supabase, id: string, hidden: boolean) {
  return supabase.from("proposals").update({ is_hidden: hidden }).eq("id", id).select("id").single();
}

export function setCommentHidden(supabase: Supabase, commentId: string, hidden: boolean) {
  return supabase.from("proposal_comments").update({ is_hidden: hidden }).eq("id", commentId).select("id").single();
}

/** How many open reports the back-office shows at once; resolving them brings the next. */
export const OPEN_REPORTS_SHOWN = 100;

/**
 * The reports no admin has resolved yet, the oldest first: what (a proposal or one of its
 * comments), why, when; and how many are open in all.
 */
export async function openReports(supabase: Supabase) {
  const result = await supabase
    .from("proposal_reports")
    .select("id, reason, created_at, proposal:proposals!proposal_id(id, title), comment:proposal_comments!comment_id(id, content, is_hidden)", { count: "exact" })
    .is("resolved_at", null)
    .order("created_at")
    .limit(OPEN_REPORTS_SHOWN);
  const items = rowsOf("reports", result);
  return { items, total: result.count ?? items.length };
}

export function resolveReport(supabase: Supabase, id: string) {
  return supabase.rpc("resolve_report", { report: id });
}
