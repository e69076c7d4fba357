/**
 * The four tables the back-office edits through one form each (news, events, resources, groups):
 * what their lists show and in which order (specification.md §7), how a submitted form becomes a
 * row, and how a stored row fills the form again. The generic writes are admin-records.server.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-submission.server";
import type * as z from "zod";
import { EventSchema, GroupSchema, NewsSchema, ResourceSchema } from "~/lib/admin-schemas";
import { CONTENT_SECTIONS, type Conflict, type ContentSectionName, type FormValues } from "~/lib/admin-sections";
import { richTextFromForm } from "~/lib/rich-text.server";
import { currentTimeZone, localFromInstant } from "~/lib/zoned-time";
import type { Supabase } from "./query.server";
import { slugify } from "~/lib/slug";
import { v5 as uuidv5 } from "uuid";
import { insertRecord, lastChange, recordById, updateRecord, WriteError, type ManagedTable } from "./admin-records.server";

type Row = Record<string, unknown>;

/** A row of a section's table as its list shows it. */
export type ListItem = {
  id: string;
  title: string;
  status: "draft" | "published" | "verified" | "pending";
  /** The date the list is ordered by (an event's start, else when it was created). */
  date: string | null;
  timeZone: string | null;
  /** A public page to look at, for published records with one. */
  publicPath: string | null;
};

export type Parsed =
  | { ok: true; row: Row; title: string; version: string | undefined; newRecordId: string | undefined }
  | { ok: false; reply: SubmissionResult<string[]> };

export type ContentSection = {
  name: ContentSectionName;
  table: ManagedTable;
  /** The slug of a record whose title has no letter left after transliteration; null: no slugs. */
  slugFallback: string | null;
  /** The column a new record's author goes into. */
  authorColumn: string | null;
  listColumns: string;
  order: { column: string; ascending: boolean };
  searchColumn: string;
  recordColumns: string;
  parse(form: FormData): Parsed;
  formValues(record: Row): FormValues;
  listItem(row: Row): ListItem;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const numberText = (value: unknown) => (typeof value === "number" ? String(value) : "");

/** The schema's verdict, with the form's own values kept (never the password: there is none here). */
function parseWith<S extends z.ZodType>(
  form: FormData,
  schema: S,
  toRow: (value: z.output<S>) => Row | { fieldErrors: Record<string, string[]> },
  title: (value: z.output<S>) => string,
): Parsed {
  const submission = parseForm(form, schema);
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const row = toRow(submission.value);
  if ("fieldErrors" in row) return { ok: false, reply: submission.reply({ fieldErrors: row.fieldErrors as Record<string, string[]> }) };
  const { version, newRecordId } = submission.value as { version?: string; newRecordId?: string };
  return { ok: true, row, title: title(submission.value), version, newRecordId };
}

const publishedItem = (row: Row, path: string, date: unknown): ListItem => ({
  id: text(row.id),
  title: text(row.title),
  status: row.is_published ? "published" : "draft",
  date: text(date) || null,
  timeZone: text(row.time_zone) || null,
  publicPath: row.is_published ? `${path}/${text(row.slug)}` : null,
});

const news: ContentSection = {
  name: "news",
  table: "news_articles",
  slugFallback: "article",
  authorColumn: "author_id",
  listColumns: "id, title, slug, is_published, created_at",
  order: { column: "created_at", ascending: false },
  searchColumn: "title",
  recordColumns: "id, title, slug, excerpt, content, image_url, is_published, published_at, updated_at",
  parse: (form) =>
    parseWith(
      form,
      NewsSchema,
      (value) => {
        const content = richTextFromForm(form, "content");
        if (!content) return { fieldErrors: { content: ["errors.contentRequired"] } };
        return { title: value.title, excerpt: value.excerpt, image_url: value.imageUrl, content, is_published: value.isPublished };
      },
      (value) => value.title,
    ),
  formValues: (record) => ({
    title: text(record.title),
    excerpt: text(record.excerpt),
    imageUrl: text(record.image_url),
    content: text(record.content),
    isPublished: record.is_published === true,
    version: text(record.updated_at),
  }),
  listItem: (row) => publishedItem(row, "/news", row.created_at),
};

const events: ContentSection = {
  name: "events",
  table: "events",
  slugFallback: "event",
  authorColumn: "organizer_id",
  listColumns: "id, title, slug, is_published, start_date, time_zone",
  order: { column: "start_date", ascending: false },
  searchColumn: "title",
  recordColumns:
    "id, title, slug, description, start_date, end_date, time_zone, location, is_online, image_url, registration_url, " +
    "max_participants, is_published, published_at, updated_at",
  parse: (form) =>
    parseWith(
      form,
      EventSchema,
      (value) => ({
        title: value.title,
        description: value.description,
        start_date: value.startDate,
        end_date: value.endDate,
        time_zone: value.timeZone,
        location: value.location,
        is_online: value.isOnline,
        image_url: value.imageUrl,
        registration_url: value.registrationUrl,
        max_participants: value.maxParticipants,
        is_published: value.isPublished,
      }),
      (value) => value.title,
    ),
  formValues: (record) => {
    const zone = text(record.time_zone) || "UTC";
    return {
      title: text(record.title),
      description: text(record.description),
      startsAt: record.start_date ? localFromInstant(text(record.start_date), zone) : "",
      endsAt: record.end_date ? localFromInstant(text(record.end_date), zone) : "",
      startsAtStored: text(record.start_date),
      endsAtStored: text(record.end_date),
      // The select names zones by their current names; one stored under an older spelling opens as its current one.
      timeZone: currentTimeZone(zone) ?? zone,
      location: text(record.location),
      isOnline: record.is_online === true,
      imageUrl: text(record.image_url),
      registrationUrl: text(record.registration_url),
      maxParticipants: numberText(record.max_participants),
      isPublished: record.is_published === true,
      version: text(record.updated_at),
    };
  },
  listItem: (row) => publishedItem(row, "/events", row.start_date),
};

const resources: ContentSection = {
  name: "resources",
  table: "resources",
  slugFallback: "resource",
  authorColumn: "author_id",
  listColumns: "id, title, slug, is_published, created_at",
  order: { column: "created_at", ascending: false },
  searchColumn: "title",
  recordColumns: "id, title, slug, description, content, resource_type, file_url, is_published, published_at, download_count, updated_at",
  parse: (form) =>
    parseWith(
      form,
      ResourceSchema,
      (value) => ({
        title: value.title,
        description: value.description,
        content: richTextFromForm(form, "content"),
        resource_type: value.resourceType,
        file_url: value.fileUrl,
        is_published: value.isPublished,
      }),
      (value) => value.title,
    ),
  formValues: (record) => ({
    title: text(record.title),
    description: text(record.description),
    content: text(record.content),
    resourceType: text(record.resource_type) || "guide",
    fileUrl: text(record.file_url),
    isPublished: record.is_published === true,
    version: text(record.updated_at),
  }),
  listItem: (row) => publishedItem(row, "/resources", row.created_at),
};

const groups: ContentSection = {
  name: "groups",
  table: "groups",
  slugFallback: null,
  authorColumn: null,
  listColumns: "id, name, location, is_verified, created_at",
  order: { column: "created_at", ascending: false },
  searchColumn: "name",
  recordColumns: "id, name, description, location, latitude, longitude, website, contact_email, is_verified, updated_at",
  parse: (form) =>
    parseWith(
      form,
      GroupSchema,
      (value) => ({
        name: value.name,
        description: value.description,
        location: value.location,
        latitude: value.latitude,
        longitude: value.longitude,
        website: value.website,
        contact_email: value.contactEmail,
        is_verified: value.isVerified,
      }),
      (value) => value.name,
    ),
  formValues: (record) => ({
    name: text(record.name),
    description: text(record.description),
    location: text(record.location),
    latitude: numberText(record.latitude),
    longitude: numberText(record.longitude),
    website: text(record.website),
    contactEmail: text(record.contact_email),
    isVerified: record.is_verified === true,
    version: text(record.updated_at),
  }),
  listItem: (row) => ({
    id: text(row.id),
    title: text(row.name),
    status: row.is_verified ? "verified" : "pending",
    date: text(row.created_at) || null,
    timeZone: null,
    publicPath: null,
  }),
};

const sections: Record<ContentSectionName, ContentSection> = { news, events, resources, groups };

/** The section a URL names, or null (the route answers 404). */
export function contentSection(name: string | undefined): ContentSection | null {
  return (CONTENT_SECTIONS as readonly string[]).includes(name ?? "") ? sections[name as ContentSectionName] : null;
}

/** A new record's form: every field empty, the defaults the database would pick (UTC, guide, draft). */
export function emptyForm(name: ContentSectionName): FormValues {
  return sections[name].formValues({});
}

/** The form fields that hold a number: "52.50" is stored, and shown again, as 52.5. */
const NUMBER_FIELDS: ReadonlySet<string> = new Set(["latitude", "longitude", "maxParticipants"]);

/** A stored value and a submitted one are the same: equal once trimmed, or, in a number field, the same number. */
function sameValue(name: string, saved: string, submitted: string): boolean {
  const [a, b] = [saved.trim(), submitted.trim()];
  return a === b || (NUMBER_FIELDS.has(name) && a !== "" && b !== "" && Number(a) === Number(b));
}

/** Fields that say what the form was opened on (the version, an event's stored instants), not what the record holds. */
const FORM_STATE_FIELDS: ReadonlySet<string> = new Set(["version", "startsAtStored", "endsAtStored"]);

/** Which submitted fields differ from the record as saved now, with the saved values. */
function differences(saved: FormValues, form: FormData): Conflict["fields"] {
  const fields: Conflict["fields"] = [];
  for (const [name, value] of Object.entries(saved)) {
    if (FORM_STATE_FIELDS.has(name)) continue;
    const submitted = form.get(name);
    const same = typeof value === "boolean" ? value === (submitted === "on") : sameValue(name, value, typeof submitted === "string" ? submitted : "");
    if (!same) fields.push({ name, saved: typeof value === "boolean" ? (value ? "✓" : "✗") : value });
  }
  return fields;
}

/** Who saved the record last, when, and what differs from the submitted form; null when it is gone. */
async function conflictOf(supabase: Supabase, section: ContentSection, id: string, form: FormData): Promise<Conflict | null> {
  const [record, change] = await Promise.all([recordById<Row>(supabase, section.table, section.recordColumns, id), lastChange(supabase, section.table, id)]);
  if (!record) return null;
  const saved = section.formValues(record);
  // The log names the saver only if its newest row is this very save (one transaction, one now());
  // a change made with SQL or the service role leaves no row, and must not be pinned on the admin before.
  const madeThisVersion = change !== null && Date.parse(change.created_at) === Date.parse(String(record.updated_at));
  return {
    savedBy: madeThisVersion ? change.actor_name || null : null,
    savedAt: madeThisVersion ? change.created_at : null,
    fields: differences(saved, form),
    version: String(saved.version ?? ""),
  };
}

/** The slug an update sets: a new one only while the record was never published and its title changed. */
async function slugBaseForUpdate(supabase: Supabase, section: ContentSection, id: string, title: string): Promise<string | null> {
  if (!section.slugFallback) return null;
  const current = await recordById<{ title: string; published_at: string | null }>(supabase, section.table, "title, published_at", id);
  if (!current || current.published_at !== null || current.title === title) return null;
  return slugify(title, section.slugFallback);
}

/** Whether `record` is what this form would make: every field as submitted, the rich text as it was sanitized. */
function madeBy(section: ContentSection, record: Row, parsed: Extract<Parsed, { ok: true }>, form: FormData): boolean {
  const richTextSame = !("content" in parsed.row) || String(parsed.row.content ?? "") === String(record.content ?? "");
  // The stored rich text is the sanitized HTML, which the form's text (plain text without JavaScript) is not.
  return richTextSame && differences(section.formValues(record), form).every((field) => field.name === "content");
}

/**
 * Inserts a new record under the id its form was given. When that id is taken by a record with
 * other values, the form was used again (brought back by Back and filled with another record): the
 * record goes under an id derived from the form's id and its values, so that this use too is made
 * once however often it is sent. A taken id whose record holds what the form says is a resend, and
 * nothing is written (decision 057).
 */
async function insertNewRecord(supabase: Supabase, section: ContentSection, row: Row, parsed: Extract<Parsed, { ok: true }>, form: FormData): Promise<void> {
  const slugBase = section.slugFallback ? slugify(parsed.title, section.slugFallback) : null;
  const { newRecordId } = parsed;
  // Keys in code-unit order (not localeCompare, whose order an ICU update may change between deploys).
  const values = JSON.stringify(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const candidates = newRecordId ? [newRecordId, uuidv5(values, newRecordId)] : [];
  for (const candidate of candidates) {
    try {
      await insertRecord(supabase, section.table, { ...row, id: candidate }, slugBase);
      return;
    } catch (error) {
      if (!(error instanceof WriteError && error.cause.code === "23505")) throw error;
      const existing = await recordById<Row>(supabase, section.table, section.recordColumns, candidate);
      if (!existing) throw error;
      if (madeBy(section, existing, parsed, form)) return;
    }
  }
  // No id from the form, or both taken by records edited since: the database picks one.
  await insertRecord(supabase, section.table, row, slugBase);
}

export type SaveOutcome = { kind: "created" | "updated" | "missing" } | { kind: "changed"; conflict: Conflict };

/**
 * Writes a parsed form: a new record (id null) with its author and a free slug, or an update that
 * refuses to overwrite a version the admin never saw. Throws WriteError when the database refuses.
 * A new record takes the id its form was given: sent again, the form meets the record its first
 * sending made and is answered as that one was (decision 057).
 */
export async function saveRecord(
  supabase: Supabase,
  section: ContentSection,
  id: string | null,
  parsed: Extract<Parsed, { ok: true }>,
  form: FormData,
  authorId: string,
): Promise<SaveOutcome> {
  if (id === null) {
    const author = section.authorColumn ? { [section.authorColumn]: authorId } : {};
    await insertNewRecord(supabase, section, { ...parsed.row, ...author }, parsed, form);
    return { kind: "created" };
  }
  // An edit that does not say which version it was made on cannot show what it would overwrite:
  // it is answered like a conflict (the saved values and their version), never written blind.
  const outcome = parsed.version
    ? await updateRecord(supabase, section.table, id, parsed.version, parsed.row, await slugBaseForUpdate(supabase, section, id, parsed.title))
    : "changed";
  if (outcome === "saved") return { kind: "updated" };
  const conflict = outcome === "changed" ? await conflictOf(supabase, section, id, form) : null;
  return conflict ? { kind: "changed", conflict } : { kind: "missing" };
}
