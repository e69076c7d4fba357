// The admins' activity log (public.admin_activity): written only by the database's trigger, read by admins.
import { pageOf, rangeOf, type Supabase } from "./query.server";

export const ACTIVITY_PAGE_SIZE = 50;

export async function activityPage(supabase: Supabase, page: number) {
  const [from, to] = rangeOf(page, ACTIVITY_PAGE_SIZE);
  const result = await supabase
    .from("admin_activity")
    .select("id, actor_name, table_name, record_id, action, created_at", { count: "exact" })
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, to);
  return pageOf("activity", result, page, ACTIVITY_PAGE_SIZE);
}
