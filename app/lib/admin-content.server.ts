/**
 * Saving a news article, event, resource or group from its form: validate, write (with a free slug,
 * and without overwriting a version the admin never saw), then redirect to the list with a flash.
 * Refusals keep the submitted values: 400 with field errors, 404 for a record that is gone, 409
 * with who saved last and what differs, 503 (the red box) when the backend fails.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { adminForm, redirectWithFlash } from "~/lib/admin-action.server";
import { CONFLICT_KEY, failureKey, recordFlashKey, REFUSAL_KEYS } from "~/lib/admin-texts";
import { refusalOf } from "~/lib/member-action.server";
import { slugify } from "~/lib/slug";
import type { Conflict } from "~/components/admin/ConflictNotice";
import { contentSection, type ContentSection, type FormValues } from "~/models/admin-content.server";
import { insertRecord, lastChange, recordById, updateRecord, WriteError } from "~/models/admin-records.server";
import { QueryError, type Supabase } from "~/models/query.server";

type Row = Record<string, unknown>;

/** Which submitted fields differ from the record as saved now, with the saved values. */
function differences(saved: FormValues, form: FormData): Conflict["fields"] {
  const fields: Conflict["fields"] = [];
  for (const [name, value] of Object.entries(saved)) {
    if (name === "version") continue;
    const submitted = form.get(name);
    const same = typeof value === "boolean" ? value === (submitted === "on") : value.trim() === (typeof submitted === "string" ? submitted.trim() : "");
    if (!same) fields.push({ name, saved: typeof value === "boolean" ? (value ? "✓" : "✗") : value });
  }
  return fields;
}

async function conflictOf(supabase: Supabase, section: ContentSection, id: string, form: FormData): Promise<Conflict | null> {
  const [record, change] = await Promise.all([
    recordById<Row>(supabase, section.table, section.recordColumns, id),
    lastChange(supabase, section.table, id),
  ]);
  if (!record) return null;
  const saved = section.formValues(record);
  return {
    savedBy: change?.actor_name || null,
    savedAt: change?.created_at ?? null,
    fields: differences(saved, form),
    version: String(saved.version ?? ""),
  };
}

/** The slug an update should set: a new one while the record was never published and its title changed. */
async function slugBaseForUpdate(supabase: Supabase, section: ContentSection, id: string, title: string): Promise<string | null> {
  if (!section.slugFallback) return null;
  const current = await recordById<{ title: string; published_at: string | null }>(supabase, section.table, "title, published_at", id);
  if (!current || current.published_at !== null || current.title === title) return null;
  return slugify(title, section.slugFallback);
}

/** A form-level error (the red box) with every submitted value kept. */
export function formFailure(form: FormData, key: string): SubmissionResult<string[]> {
  const initialValue: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") initialValue[name] = value;
  return { status: "error", initialValue, error: { "": [key] } };
}

/** Handles the POST of a section's form; `id` is null for a new record. */
export async function saveContent(request: Request, context: AppLoadContext, sectionName: string | undefined, id: string | null) {
  const { form, supabase, headers, viewer } = await adminForm(request, context);
  const section = contentSection(sectionName);
  if (!section) throw data(null, { status: 404, headers });
  const parsed = section.parse(form);
  if (!parsed.ok) return data({ result: parsed.reply, conflict: null }, { status: 400, headers });

  const failed = (status: number, key: string, conflict: Conflict | null = null) =>
    data({ result: formFailure(form, key), conflict }, { status, headers });
  try {
    if (id === null) {
      const author = section.authorColumn ? { [section.authorColumn]: viewer.id } : {};
      const slugBase = section.slugFallback ? slugify(parsed.title, section.slugFallback) : null;
      await insertRecord(supabase, section.table, { ...parsed.row, ...author }, slugBase);
      return redirectWithFlash(request, `/admin/${section.name}`, { kind: "success", key: recordFlashKey(section.name, "created") }, headers);
    }
    const slugBase = await slugBaseForUpdate(supabase, section, id, parsed.title);
    const outcome = await updateRecord(supabase, section.table, id, parsed.version, parsed.row, slugBase);
    if (outcome === "missing") throw data(null, { status: 404, headers });
    if (outcome === "changed") {
      const conflict = await conflictOf(supabase, section, id, form);
      if (!conflict) throw data(null, { status: 404, headers });
      return failed(409, CONFLICT_KEY, conflict);
    }
    return redirectWithFlash(request, `/admin/${section.name}`, { kind: "success", key: recordFlashKey(section.name, "updated") }, headers);
  } catch (error) {
    if (error instanceof WriteError) {
      const refusal = refusalOf(error.cause);
      console.error(`Saving ${section.table} failed:`, error.cause.code, error.cause.message);
      return failed(refusal.status, refusal.reason === "failed" ? failureKey(section.name, "save") : REFUSAL_KEYS[refusal.reason]);
    }
    if (error instanceof QueryError) {
      console.error(error);
      return failed(503, failureKey(section.name, "save"));
    }
    throw error;
  }
}
