import { logError } from "~/lib/log.server";
import { QueryError } from "~/models/query.server";

/**
 * A read a page cannot do without: when the backend fails it, the visitor gets the error page's
 * "unavailable, try again" (503, decision 043), not a 500 "unexpected error". Logged with what was read.
 */
export async function readOrUnavailable<T>(read: Promise<T>, headers?: HeadersInit): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    logError("A page's read failed", error);
    throw new Response("Service Unavailable", { status: 503, headers });
  }
}
