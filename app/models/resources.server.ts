// Published resources and their download counter.
import type { ResourceCard } from "~/lib/cards";
import { isSlug, pageOf, QueryError, rangeOf, rowsOf, type Page, type Supabase } from "./query.server";

const CARD = "id, title, slug, description, resource_type, file_url, download_count, created_at, author:profiles!author_id(username)";
const DETAIL =
  "id, title, slug, description, content, resource_type, file_url, download_count, created_at, updated_at, author:profiles!author_id(username, avatar_url)";

const RESOURCES_PAGE_SIZE = 12;

export async function latestResources(supabase: Supabase, limit = 6): Promise<ResourceCard[]> {
  return rowsOf(
    "resources",
    await supabase
      .from("resources")
      .select(CARD)
      .eq("is_published", true)
      .order("created_at", { ascending: false })
      .limit(limit),
  );
}

export async function resourcesPage(supabase: Supabase, page: number): Promise<Page<ResourceCard>> {
  const [from, to] = rangeOf(page, RESOURCES_PAGE_SIZE);
  const result = await supabase
    .from("resources")
    .select(CARD, { count: "exact" })
    .eq("is_published", true)
    .order("created_at", { ascending: false })
    .range(from, to);
  return pageOf("resources", result, page, RESOURCES_PAGE_SIZE);
}

/** The published resource with that slug, or null. */
export async function publishedResource(supabase: Supabase, slug: string) {
  if (!isSlug(slug)) return null;
  return rowsOf(
    "resource",
    await supabase.from("resources").select(DETAIL).eq("slug", slug).eq("is_published", true).maybeSingle(),
  );
}

/**
 * Counts one download (atomically, in the database) and returns the file's URL.
 * Null when the resource is not published or has no file; throws when the backend fails.
 */
export async function recordDownload(supabase: Supabase, resourceId: string): Promise<string | null> {
  const { data, error } = await supabase.rpc("increment_download_count", { resource_id: resourceId });
  if (error) {
    if (error.code === "PT404" || error.code === "22P02") return null;
    throw new QueryError("download count", error);
  }
  return data;
}
