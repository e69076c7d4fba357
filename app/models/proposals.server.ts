// Published proposals, as anon or member under RLS: drafts are invisible to visitors (and to
// members, except their own). Vote counts are computed columns (docs/decisions/003): named here.
import type { Database } from "~/lib/database.types";
import { rowsOf, type Supabase } from "./query.server";

type Tables = Database["public"]["Tables"];
type Functions = Database["public"]["Functions"];

const LIST =
  "id, title, content, status, created_at, voting_starts_at, voting_ends_at, support_count, oppose_count, author:profiles!author_id(username), group:groups!group_id(name), proposal_comments(count)";

/**
 * One row of LIST. Written out because the generated types describe
 * support_count and oppose_count only as functions of a proposal, and
 * postgrest-js infers computed columns only when they are in the table's Row.
 */
type ProposalRow = Pick<
  Tables["proposals"]["Row"],
  "id" | "title" | "content" | "status" | "created_at" | "voting_starts_at" | "voting_ends_at"
> & {
  support_count: Functions["support_count"]["Returns"];
  oppose_count: Functions["oppose_count"]["Returns"];
  author: Pick<Tables["profiles"]["Row"], "username"> | null;
  group: Pick<Tables["groups"]["Row"], "name"> | null;
  proposal_comments: Array<{ count: number }>;
};

/**
 * Every non-draft proposal, newest first, with its author's username, its
 * group's name, support and oppose counts and the number of comments.
 * The content is the stored HTML: sanitize it before rendering.
 */
export async function publishedProposals(supabase: Supabase) {
  const rows = rowsOf(
    "proposals",
    await supabase
      .from("proposals")
      .select(LIST)
      .neq("status", "draft")
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .overrideTypes<ProposalRow[], { merge: false }>(),
  );
  return rows.map(({ proposal_comments, ...proposal }) => ({
    ...proposal,
    comment_count: proposal_comments[0]?.count ?? 0,
  }));
}

export type Proposal = Awaited<ReturnType<typeof publishedProposals>>[number];
