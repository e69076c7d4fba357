// Published events. "Upcoming" means not over yet: ends_at (end_date, or start_date when there is
// none) is not before now. The archive holds the published events that are over.
import type { EventCard } from "~/lib/cards";
import { isSlug, pageOf, rangeOf, rowsOf, type Page, type Supabase } from "./query.server";

const CARD =
  "id, title, slug, description, start_date, end_date, time_zone, location, is_online, image_url, registration_url, organizer:profiles!organizer_id(username), group:groups!group_id(name)";
const DETAIL =
  "id, title, slug, description, start_date, end_date, time_zone, location, is_online, image_url, registration_url, max_participants, updated_at, organizer:profiles!organizer_id(username, avatar_url), group:groups!group_id(name, logo_url, website)";

const EVENTS_PAGE_SIZE = 12;

export async function upcomingEvents(supabase: Supabase, limit: number, now = new Date()): Promise<EventCard[]> {
  return rowsOf(
    "events",
    await supabase
      .from("events")
      .select(CARD)
      .eq("is_published", true)
      .gte("ends_at", now.toISOString())
      .order("start_date", { ascending: true })
      .order("id")
      .limit(limit),
  );
}

export async function eventsPage(
  supabase: Supabase,
  page: number,
  { past = false, now = new Date() } = {},
): Promise<Page<EventCard>> {
  const [from, to] = rangeOf(page, EVENTS_PAGE_SIZE);
  let query = supabase.from("events").select(CARD, { count: "exact" }).eq("is_published", true);
  query = past
    ? query.lt("ends_at", now.toISOString()).order("start_date", { ascending: false })
    : query.gte("ends_at", now.toISOString()).order("start_date", { ascending: true });
  // Events that start together keep one order, so that none is on two pages and none on neither.
  const result = await query.order("id").range(from, to);
  return pageOf("events", result, page, EVENTS_PAGE_SIZE);
}

/** The published event with that slug (past or upcoming), or null. */
export async function publishedEvent(supabase: Supabase, slug: string) {
  if (!isSlug(slug)) return null;
  return rowsOf(
    "event",
    await supabase.from("events").select(DETAIL).eq("slug", slug).eq("is_published", true).maybeSingle(),
  );
}
