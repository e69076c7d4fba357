// The admins' activity log (public.admin_activity): written only by the database's trigger, read by admins.
import type { SupabaseClient } from "@supabase/supabase-js";
import { isRecordId } from "./admin-records.server";
import { pageOf, rangeOf, rowsOf, type Supabase } from "./query.server";

export const ACTIVITY_PAGE_SIZE = 50;

/** The tables whose records have a back-office page, with the column that names a record. */
const NAMED_RECORDS = {
  news_articles: { column: "title", path: "/admin/news" },
  events: { column: "title", path: "/admin/events" },
  resources: { column: "title", path: "/admin/resources" },
  groups: { column: "name", path: "/admin/groups" },
  proposals: { column: "title", path: "/admin/proposals" },
} as const;

type NamedTable = keyof typeof NAMED_RECORDS;
const isNamedTable = (table: string): table is NamedTable => table in NAMED_RECORDS;

/** A record that still exists: its current name and its back-office page. */
type RecordLink = { name: string; path: string };

/** A logged record as it is now: its link, gone, or null for a table without pages. */
export type RecordNow = RecordLink | "gone" | null;

/**
 * A page of the log, each entry with its record as it is now: the log keeps only ids (never the
 * contents), so an admin asking "what happened to this?" needs the record's current name and a
 * link to it. One read per table on the page, by id.
 */
export async function activityPage(supabase: Supabase, page: number) {
  const [from, to] = rangeOf(page, ACTIVITY_PAGE_SIZE);
  const result = await supabase
    .from("admin_activity")
    .select("id, actor_name, table_name, record_id, action, created_at", { count: "exact" })
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, to);
  const entries = pageOf("activity", result, page, ACTIVITY_PAGE_SIZE);
  const names = await currentNames(supabase, entries.items);
  const now = ({ table_name, record_id }: { table_name: string; record_id: string }): RecordNow =>
    isNamedTable(table_name) ? (names.get(`${table_name}/${record_id}`) ?? "gone") : null;
  return { ...entries, items: entries.items.map((entry) => ({ ...entry, now: now(entry) })) };
}

async function currentNames(supabase: Supabase, entries: Array<{ table_name: string; record_id: string }>): Promise<Map<string, RecordLink>> {
  const idsByTable = new Map<NamedTable, Set<string>>();
  for (const { table_name, record_id } of entries) {
    if (isNamedTable(table_name) && isRecordId(record_id)) idsByTable.set(table_name, (idsByTable.get(table_name) ?? new Set()).add(record_id));
  }
  const names = new Map<string, RecordLink>();
  await Promise.all(
    [...idsByTable].map(async ([table, ids]) => {
      const { column, path } = NAMED_RECORDS[table];
      // The table is chosen at run time, which the typed client cannot type.
      const read = (supabase as unknown as SupabaseClient).from(table).select(`id, ${column}`).in("id", [...ids]);
      const rows = rowsOf(`${table} names`, await read) as Array<Record<string, string>>;
      for (const row of rows) names.set(`${table}/${row.id}`, { name: row[column], path: `${path}/${row.id}` });
    }),
  );
  return names;
}
