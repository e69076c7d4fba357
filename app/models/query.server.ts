// What every model shares: the typed client it is given, and how a failed query surfaces.
import type { PostgrestError, SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "~/lib/database.types";
import { logError } from "~/lib/log.server";

export type Supabase = SupabaseClient<Database>;

/** A query the backend refused or could not answer. Loaders decide what the visitor sees. */
export class QueryError extends Error {
  constructor(
    readonly what: string,
    readonly cause: PostgrestError,
  ) {
    super(`${what}: ${cause.message}`);
    this.name = "QueryError";
  }
}

/** What tryRead gives for a read the backend failed: distinct from every answer, `null` ("not found") included. */
export const FAILED_READ = Symbol("failed read");

/**
 * A read whose failure the page reports in its own place ("could not load", 503, decision 043):
 * its result, or FAILED_READ when the backend failed it, logged as "Reading <what> failed".
 * Anything but a QueryError is a bug and is thrown on.
 */
export async function tryRead<T>(what: string, read: PromiseLike<T>): Promise<T | typeof FAILED_READ> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    logError(`Reading ${what} failed`, error);
    return FAILED_READ;
  }
}

/**
 * A read a page cannot do without: when the backend fails it, the visitor gets the error page's
 * "unavailable, try again" (503, decision 043), not a 500 "unexpected error". Logged with what was read.
 */
export async function readOrUnavailable<T>(read: Promise<T>, headers?: HeadersInit): Promise<T> {
  const result = await tryRead("a page's data", read);
  if (result === FAILED_READ) throw new Response("Service Unavailable", { status: 503, headers });
  return result;
}

/** What a query resolves to: success (error null) or failure, as postgrest-js types them. */
type QueryResult = { data: unknown; error: PostgrestError | null };
/** The data of the success case: T[] for lists, T for single(), T | null for maybeSingle(). */
type DataOf<R extends QueryResult> = Extract<R, { error: null }>["data"];

/**
 * The rows of a query, or a QueryError naming what was being read.
 * (Typed from the success case: inferring T from `data: T | null` made
 * maybeSingle() results `null` or dropped their null.)
 */
export function rowsOf<R extends QueryResult>(what: string, result: R): DataOf<R> {
  if (result.error) throw new QueryError(what, result.error);
  return result.data as DataOf<R>;
}

/** The shape the database's CHECK constraint gives every slug (news_articles, events, resources). */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Far longer than a slug made from a title (at most 300 characters), far shorter than a URL the backend refuses. */
const SLUG_MAX = 1000;

/**
 * Whether a path segment can be a slug at all. Anything else is "not found"
 * without asking the backend: a very long one would make the query's URL too
 * long for it, and the visitor would get "failed to load" (503) for a mangled link.
 */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX && SLUG.test(value);
}

export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };

/** Past every list this site will hold, and small enough that its row range stays a number PostgREST reads. */
const PAGE_BEYOND_ANY_LIST = 1_000_000;

/**
 * The 1-based page number from `?page=`; anything that is not a positive integer is page 1. A huge
 * one stays past the end (a 404), where its row range would have made the backend fail (a 503).
 */
export function pageFromUrl(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page > 0 ? Math.min(page, PAGE_BEYOND_ANY_LIST) : 1;
}

/** The inclusive row range of a page, as PostgREST's range() wants it. */
export function rangeOf(page: number, pageSize: number): [number, number] {
  const from = (page - 1) * pageSize;
  return [from, from + pageSize - 1];
}

const RANGE_NOT_SATISFIABLE = "PGRST103";

/**
 * One page of a `count: "exact"` query. A page that starts past the last row (PostgREST answers
 * 416, PGRST103, without the count) is an empty page of one, so the route's `page > pageCount`
 * check turns it into a 404 (or, in the back-office, a redirect to the last page).
 */
export function pageOf<R extends QueryResult & { count: number | null }>(
  what: string,
  result: R,
  page: number,
  pageSize: number,
): Page<DataOf<R> extends Array<infer T> ? T : never> {
  if (result.error?.code === RANGE_NOT_SATISFIABLE) return { items: [], page, pageCount: 1, total: 0 };
  const items = rowsOf(what, result) as Array<DataOf<R> extends Array<infer T> ? T : never>;
  const count = result.count ?? items.length;
  return { items, page, pageCount: Math.max(1, Math.ceil(count / pageSize)), total: count };
}
