// What the public lists show of a row: the view types that components render (a card's props, the
// map's groups). The models' queries return these types, so the compiler holds each query's select
// to them; they live here, and not beside the queries, because components must not import a
// .server module.
import type { Tables } from "~/lib/database.types";
import { RESOURCE_TYPES } from "~/lib/form-fields";

type Username = Pick<Tables<"profiles">, "username">;

export type EventCard = Pick<
  Tables<"events">,
  | "id"
  | "title"
  | "slug"
  | "description"
  | "start_date"
  | "end_date"
  | "time_zone"
  | "location"
  | "is_online"
  | "image_url"
  | "registration_url"
> & { organizer: Username | null; group: Pick<Tables<"groups">, "name"> | null };

export type NewsCard = Pick<Tables<"news_articles">, "id" | "title" | "slug" | "excerpt" | "image_url" | "published_at" | "tags"> & {
  author: Username | null;
};

export type ResourceCard = Pick<
  Tables<"resources">,
  "id" | "title" | "slug" | "description" | "resource_type" | "file_url" | "download_count" | "created_at"
> & { author: Username | null };

/** A group in /groups' list (one page of it): what its card shows. */
export type GroupCard = Pick<Tables<"groups">, "id" | "name" | "description" | "location" | "website" | "contact_email" | "is_verified">;
/**
 * A group on the map, which shows every group with both coordinates: only what a marker needs (its
 * link, its label and tooltip, its place), so that the map stays small however many groups there are.
 */
export type MappedGroup = Pick<Tables<"groups">, "id" | "name" | "location" | "website"> & { latitude: number; longitude: number };

export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** The type of a resource as the site shows it: any value it does not know is a guide (specification §2). */
export function resourceTypeOf(value: string): ResourceType {
  return (RESOURCE_TYPES as readonly string[]).includes(value) ? (value as ResourceType) : "guide";
}
