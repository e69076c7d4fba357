/**
 * The writes and reads every back-office table shares: a searched, paged list; one record; an
 * insert whose slug is made free (and made free again when a concurrent insert took it first);
 * an update that refuses to overwrite a version the admin never saw; a delete; who last changed a
 * record (from the activity log). Row-level security decides, under the admin's own session.
 */
import type { PostgrestError, SupabaseClient } from "@supabase/supabase-js";
import { redirectToLastPage } from "~/lib/admin-action.server";
import { firstFreeSlug } from "~/lib/slug";
import { FAILED_READ, pageFromUrl, pageOf, rangeOf, rowsOf, tryRead, type Page, type Supabase } from "./query.server";

export type ManagedTable = "news_articles" | "events" | "resources" | "groups" | "contacts" | "newsletter_subscriptions";

/** Which table a page manages is chosen at run time; each caller names the row type it reads. */
const untyped = (supabase: Supabase) => supabase as unknown as SupabaseClient;

/** A write the database refused; the route turns it into a status with refusalOf(). */
export class WriteError extends Error {
  constructor(readonly cause: PostgrestError) {
    super(cause.message);
    this.name = "WriteError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRecordId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

const ADMIN_PAGE_SIZE = 20;

/** A list's `?q=` (what to search for) and `?page=`. */
export function listParams(request: Request) {
  const url = new URL(request.url);
  return { url, query: (url.searchParams.get("q") ?? "").trim().slice(0, 200), page: pageFromUrl(url) };
}

/** `query` as a literal ILIKE pattern: its own % and _ match themselves. */
const containing = (query: string) => `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export type ListOptions = {
  columns: string;
  order: { column: string; ascending: boolean };
  search?: { column: string; query: string };
  filters?: Record<string, string>;
  page: number;
};

export async function listRecords<Row>(supabase: Supabase, table: ManagedTable, options: ListOptions): Promise<Page<Row>> {
  const [from, to] = rangeOf(options.page, ADMIN_PAGE_SIZE);
  let query = untyped(supabase).from(table).select(options.columns, { count: "exact" });
  if (options.search?.query) query = query.ilike(options.search.column, containing(options.search.query));
  for (const [column, value] of Object.entries(options.filters ?? {})) query = query.eq(column, value);
  const result = await query
    .order(options.order.column, { ascending: options.order.ascending })
    .order("id")
    .range(from, to);
  return pageOf(table, result, options.page, ADMIN_PAGE_SIZE) as Page<Row>;
}

export async function recordById<Row>(supabase: Supabase, table: ManagedTable, columns: string, id: string): Promise<Row | null> {
  if (!isRecordId(id)) return null;
  return rowsOf(table, await untyped(supabase).from(table).select(columns).eq("id", id).maybeSingle()) as Row | null;
}

/** The slugs of `table` that start like `base`, but the record's own (it may keep its slug). */
async function takenSlugs(supabase: Supabase, table: ManagedTable, base: string, ownId?: string): Promise<Set<string>> {
  let query = untyped(supabase).from(table).select("id, slug").like("slug", `${base}%`);
  if (ownId) query = query.neq("id", ownId);
  const rows = rowsOf(`${table} slugs`, await query) as Array<{ slug: string }>;
  return new Set(rows.map((row) => row.slug));
}

const SLUG_ATTEMPTS = 5;
const isSlugTaken = (error: PostgrestError) => error.code === "23505" && /slug/.test(`${error.message} ${error.details}`);

type Row = Record<string, unknown>;

/**
 * Writes `row` with the first free slug from `slugBase` (none for tables without slugs). Two admins
 * saving the same title at once both see the slug free; the later insert hits the unique index
 * and tries the next one.
 */
async function withFreeSlug<T>(
  supabase: Supabase,
  table: ManagedTable,
  slugBase: string | null,
  ownId: string | undefined,
  write: (row: Row) => PromiseLike<{ data: T | null; error: PostgrestError | null }>,
): Promise<T | null> {
  for (let attempt = 0; ; attempt += 1) {
    const slug = slugBase ? { slug: firstFreeSlug(slugBase, await takenSlugs(supabase, table, slugBase, ownId)) } : {};
    const { data, error } = await write(slug);
    if (!error) return data;
    if (!(isSlugTaken(error) && attempt < SLUG_ATTEMPTS)) throw new WriteError(error);
  }
}

/** Inserts a record; the id it got. */
export async function insertRecord(supabase: Supabase, table: ManagedTable, row: Row, slugBase: string | null = null): Promise<string> {
  const inserted = await withFreeSlug(supabase, table, slugBase, undefined, (slug) =>
    untyped(supabase)
      .from(table)
      .insert({ ...row, ...slug })
      .select("id")
      .single<{ id: string }>(),
  );
  return inserted?.id ?? "";
}

export type UpdateOutcome = "saved" | "changed" | "missing";

/**
 * Updates the record if it is still at `version` (its updated_at when the form was opened): one
 * conditional UPDATE, so a save between the read and the write cannot slip through. "changed"
 * when someone saved it since, "missing" when it is gone.
 */
export async function updateRecord(
  supabase: Supabase,
  table: ManagedTable,
  id: string,
  version: string | undefined,
  row: Row,
  slugBase: string | null = null,
): Promise<UpdateOutcome> {
  if (!isRecordId(id)) return "missing";
  const updated = await withFreeSlug(supabase, table, slugBase, id, (slug) => {
    let query = untyped(supabase)
      .from(table)
      .update({ ...row, ...slug })
      .eq("id", id);
    if (version) query = query.eq("updated_at", version);
    return query.select("id").returns<Array<{ id: string }>>();
  });
  if (updated && updated.length > 0) return "saved";
  const current = await recordById(supabase, table, "id", id);
  return current ? "changed" : "missing";
}

/** Deletes a record; false when there was none to delete. */
export async function deleteRecord(supabase: Supabase, table: ManagedTable, id: string): Promise<boolean> {
  if (!isRecordId(id)) return false;
  const { data, error } = await untyped(supabase).from(table).delete().eq("id", id).select("id");
  if (error) throw new WriteError(error);
  return (data?.length ?? 0) > 0;
}

export type LastChange = { actor_name: string; created_at: string };

/** Who last changed a record and when, from the activity log (null when no admin ever did). */
export async function lastChange(supabase: Supabase, table: ManagedTable, id: string): Promise<LastChange | null> {
  return rowsOf(
    "last change",
    await supabase
      .from("admin_activity")
      .select("actor_name, created_at")
      .eq("table_name", table)
      .eq("record_id", id)
      .order("id", { ascending: false })
      .limit(1)
      .maybeSingle(),
  );
}

/**
 * A back-office list's page, or an empty one with `loadFailed` when the backend fails (the page
 * shows its red box, 503). A page past the last one redirects to the last: an action on a list
 * comes back to it with its search, filters and page, and may have emptied that page.
 */
export async function listOrFailure<T>(
  request: Request,
  headers: Headers,
  page: number,
  read: (page: number) => Promise<Page<T>>,
): Promise<{ list: Page<T>; loadFailed: boolean }> {
  const list = await tryRead("an admin list", read(page));
  if (list === FAILED_READ) return { list: { items: [], page, pageCount: 1, total: 0 }, loadFailed: true };
  if (page > list.pageCount) {
    // A page that starts past the last row comes back without the count: the first page has it.
    const first = list.total === 0 && page > 1 ? await tryRead("an admin list", read(1)) : list;
    await redirectToLastPage(request, first === FAILED_READ ? 1 : first.pageCount, headers);
  }
  return { list, loadFailed: false };
}
