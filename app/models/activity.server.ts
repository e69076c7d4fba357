// The admins' activity log (public.admin_activity): written only by the database's trigger, read by admins.
import type { SupabaseClient } from "@supabase/supabase-js";
import { isRecordId } from "./admin-records.server";
import { FAILED_READ, pageOf, rangeOf, rowsOf, tryRead, type Supabase } from "./query.server";

const ACTIVITY_PAGE_SIZE = 50;

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

/** A record's back-office page, with its current name (null when the names could not be read just now). */
type RecordLink = { name: string | null; path: string };

/** A logged record as it is now: its link, gone, or null for a table without pages. */
export type RecordNow = RecordLink | "gone" | null;

/**
 * A page of the log, each entry with its record as it is now: the log keeps only ids (never the
 * contents), so an admin asking "what happened to this?" needs the record's current name and a
 * link to it. One read per table on the page, by id; a read that fails leaves its records linked
 * but unnamed (neither said to be gone nor the whole log unread).
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
  const now = ({ table_name, record_id }: { table_name: string; record_id: string }): RecordNow => {
    if (!isNamedTable(table_name)) return null;
    const path = `${NAMED_RECORDS[table_name].path}/${record_id}`;
    if (!names.read.has(table_name)) return isRecordId(record_id) ? { name: null, path } : null;
    const name = names.byRecord.get(`${table_name}/${record_id}`);
    return name === undefined ? "gone" : { name, path };
  };
  return { ...entries, items: entries.items.map((entry) => ({ ...entry, now: now(entry) })) };
}

/** The current names of the entries' records (by "table/id"), and the tables they could be read from. */
async function currentNames(supabase: Supabase, entries: Array<{ table_name: string; record_id: string }>) {
  const idsByTable = new Map<NamedTable, Set<string>>();
  for (const { table_name, record_id } of entries) {
    if (isNamedTable(table_name) && isRecordId(record_id)) idsByTable.set(table_name, (idsByTable.get(table_name) ?? new Set()).add(record_id));
  }
  const byRecord = new Map<string, string>();
  const read = new Set<NamedTable>();
  await Promise.all(
    [...idsByTable].map(async ([table, ids]) => {
      const { column } = NAMED_RECORDS[table];
      // The table is chosen at run time, which the typed client cannot type.
      const query = (supabase as unknown as SupabaseClient).from(table).select(`id, ${column}`).in("id", [...ids]);
      const rows = await tryRead(`${table} names`, query.then((result) => rowsOf(`${table} names`, result) as Array<Record<string, string>>));
      if (rows === FAILED_READ) return;
      read.add(table);
      for (const row of rows) byRecord.set(`${table}/${row.id}`, row[column]);
    }),
  );
  return { byRecord, read };
}
