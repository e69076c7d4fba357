// The signed-in member's own profile and data (RLS: a member reads and renames only their own).
import { QueryError, rowsOf, type Supabase } from "./query.server";

/** Changes the caller's public name. The database refuses a taken (23505) or reserved (23514) name. */
export async function renameProfile(supabase: Supabase, userId: string, username: string) {
  return supabase.from("profiles").update({ username }).eq("id", userId).select("username").single();
}

/** Everything the site keeps about the caller, as they may download it (profile, proposals, comments, votes). */
export async function ownData(supabase: Supabase, userId: string) {
  const [profile, proposals, comments, votes, application] = await Promise.all([
    supabase.from("profiles").select("username, created_at, updated_at").eq("id", userId).single(),
    supabase
      .from("proposals")
      .select("id, title, content, status, group_id, created_at, updated_at, published_at, voting_starts_at, voting_ends_at")
      .eq("author_id", userId)
      .order("created_at"),
    supabase.from("proposal_comments").select("id, proposal_id, content, created_at, updated_at").eq("author_id", userId).order("created_at"),
    supabase.from("proposal_votes").select("proposal_id, vote, created_at, updated_at").eq("user_id", userId).order("created_at"),
    supabase.rpc("is_member"),
  ]);
  if (application.error) throw new QueryError("membership", application.error);
  return {
    profile: rowsOf("profile", profile),
    approvedMember: application.data,
    proposals: rowsOf("proposals", proposals),
    comments: rowsOf("comments", comments),
    votes: rowsOf("votes", votes),
  };
}
