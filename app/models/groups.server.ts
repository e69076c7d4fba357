// Affiliated groups: all are public. /groups lists them a page at a time; the map shows every one
// that has coordinates, from a query of its own that reads only what a marker needs.
import type { GroupCard, MappedGroup } from "~/lib/cards";
import { pageOf, rangeOf, rowsOf, type Page, type Supabase } from "./query.server";

const CARD = "id, name, description, location, website, contact_email, is_verified";
const MARKER = "id, name, location, latitude, longitude, website";

/** Eight cards, four rows of two: a page stays light whatever the groups write about themselves. */
export const GROUPS_PAGE_SIZE = 8;

export async function groupsPage(supabase: Supabase, page: number): Promise<Page<GroupCard>> {
  const [from, to] = rangeOf(page, GROUPS_PAGE_SIZE);
  const result = await supabase
    .from("groups")
    .select(CARD, { count: "exact" })
    .order("name", { ascending: true })
    // Groups of the same name keep one order, so that none is on two pages and none on neither.
    .order("id")
    .range(from, to);
  return pageOf("groups", result, page, GROUPS_PAGE_SIZE);
}

/**
 * Every group that can be placed on the map (both coordinates known), by name, up to the API's
 * max_rows (supabase/config.toml: 1000).
 */
export async function mappedGroups(supabase: Supabase): Promise<MappedGroup[]> {
  const rows = rowsOf(
    "mapped groups",
    await supabase
      .from("groups")
      .select(MARKER)
      // The database keeps both coordinates or neither (groups_coordinates_together).
      .not("latitude", "is", null)
      .order("name", { ascending: true })
      .order("id"),
  );
  return rows.filter((group): group is MappedGroup => group.latitude !== null && group.longitude !== null);
}
