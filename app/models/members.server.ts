// Accounts as admins see them on /admin/members (the one place email addresses are shown), and
// the membership decisions. Each is a database function that checks is_admin() itself.
import { pageOf, rangeOf, rowsOf, type Supabase } from "./query.server";

const MEMBERS_PAGE_SIZE = 20;

export async function memberAccountsPage(supabase: Supabase, options: { approved: boolean; query: string; page: number }) {
  let request = supabase.rpc("member_accounts", undefined, { count: "exact" });
  request = options.approved ? request.not("approved_at", "is", null) : request.is("approved_at", null);
  if (options.query) {
    const pattern = `%${options.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    // The name or the address; each pattern is a quoted value of PostgREST's `or` filter.
    const quoted = `"${pattern.replace(/["\\]/g, (char) => `\\${char}`)}"`;
    request = request.or(`username.ilike.${quoted},email.ilike.${quoted}`);
  }
  const [from, to] = rangeOf(options.page, MEMBERS_PAGE_SIZE);
  const result = await request.order(options.approved ? "approved_at" : "signed_up_at", { ascending: false }).order("id").range(from, to);
  return pageOf("member accounts", result, options.page, MEMBERS_PAGE_SIZE);
}

/** An account awaiting approval, by id (null when there is none): what declining it would delete. */
export async function pendingAccount(supabase: Supabase, id: string) {
  // approved_at is selected to be filtered on: PostgREST filters a function's rows only by the columns it returns.
  return rowsOf("pending account", await supabase.rpc("member_accounts").select("id, username, approved_at").eq("id", id).is("approved_at", null).maybeSingle());
}

/** What admins decide about an account; removing its second factor is for a member who lost their device. */
export type MembershipDecision = "approve" | "decline" | "revoke" | "removeFactor";

export function decideMembership(supabase: Supabase, decision: MembershipDecision, account: string) {
  const fn = { approve: "approve_member", decline: "decline_member", revoke: "revoke_member", removeFactor: "remove_second_factor" } as const;
  return supabase.rpc(fn[decision], { account });
}
