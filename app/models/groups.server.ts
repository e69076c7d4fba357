// Affiliated groups: all are public.
import type { GroupCard, MappedGroup } from "~/lib/cards";
import { rowsOf, type Supabase } from "./query.server";

const CARD = "id, name, description, location, latitude, longitude, website, contact_email, is_verified";

export async function groupsByName(supabase: Supabase): Promise<GroupCard[]> {
  return rowsOf("groups", await supabase.from("groups").select(CARD).order("name", { ascending: true }));
}

/** The groups that can be placed on the map: both coordinates known. */
export function mappedGroups(groups: GroupCard[]): MappedGroup[] {
  return groups.filter((group): group is MappedGroup => group.latitude !== null && group.longitude !== null);
}
