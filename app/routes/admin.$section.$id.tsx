import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { ContentForm } from "~/components/admin/ContentForm";
import { adminForm, backToList, formFailure, redirectWithFlash } from "~/lib/admin-action.server";
import { NEW_RECORD, type Conflict, type SaveReply } from "~/lib/admin-sections";
import { CONFLICT_KEY, failureKey, recordFlashKey, REFUSAL_KEYS, sectionKey } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { EDITOR_FORM } from "~/lib/form-post.server";
import { getFixedT } from "~/lib/i18n.server";
import { refusalOf } from "~/lib/member-action.server";
import { timeZoneChoices } from "~/lib/zoned-time";
import { contentSection, emptyForm, saveRecord } from "~/models/admin-content.server";
import { recordById, WriteError } from "~/models/admin-records.server";
import { QueryError, readOrUnavailable } from "~/models/query.server";
import { logError } from "~/lib/log.server";

/**
 * /admin/news/new and /admin/news/:id (and events, resources, groups): the add or edit form on a
 * page of its own (without JavaScript, or opened by its address; the list opens the same form in
 * place and loads a record's values from this loader). The record's version (updated_at) travels
 * in a hidden field: a save by someone else since then is refused with 409, never overwritten.
 * Refusals keep the submitted values: 400 with field errors, 409 with who saved and what differs,
 * 503 (the red box) when the backend fails.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const section = contentSection(params.section);
  if (!section) throw data(null, { status: 404, headers });
  const isNew = params.id === NEW_RECORD;
  const record = isNew ? null : await readOrUnavailable(recordById<Record<string, unknown>>(supabase, section.table, section.recordColumns, params.id ?? ""), headers);
  // A record deleted meanwhile (in another tab, by another admin) is a 404 inside the back-office:
  // after a save, with the values the admin had typed still in the form.
  const gone = !isNew && !record;
  const t = await getFixedT(request, "admin");
  return data(
    {
      name: section.name,
      id: isNew ? null : (params.id ?? ""),
      newRecordId: isNew ? crypto.randomUUID() : null,
      gone,
      title: t(sectionKey(section.name, isNew ? "add" : "edit")),
      defaults: record ? section.formValues(record) : emptyForm(section.name),
      timeZones: section.name === "events" ? timeZoneChoices() : [],
    },
    { status: gone ? 404 : 200, headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { form, supabase, headers, viewer } = await adminForm(request, context, EDITOR_FORM);
  const section = contentSection(params.section);
  if (!section) throw data(null, { status: 404, headers });
  const parsed = section.parse(form);
  if (!parsed.ok) return data<SaveReply>({ result: parsed.reply, conflict: null }, { status: 400, headers });

  const failed = (status: number, key: string, conflict: Conflict | null = null) =>
    data<SaveReply>({ result: formFailure(form, key), conflict }, { status, headers });
  try {
    const id = params.id === NEW_RECORD ? null : (params.id ?? "");
    const outcome = await saveRecord(supabase, section, id, parsed, form, viewer.id);
    if (outcome.kind === "missing") return failed(404, REFUSAL_KEYS.notFound);
    if (outcome.kind === "changed") return failed(409, CONFLICT_KEY, outcome.conflict);
    // An edit goes back to the list as it was; a new record to the whole list's first page, where it shows.
    const list = outcome.kind === "created" ? `/admin/${section.name}` : backToList(request, `/admin/${section.name}`);
    return redirectWithFlash(request, list, { kind: "success", key: recordFlashKey(section.name, outcome.kind) }, headers);
  } catch (error) {
    if (error instanceof WriteError) {
      const refusal = refusalOf(error.cause);
      logError(`Saving ${section.table} failed`, error.cause);
      return failed(refusal.status, refusal.reason === "failed" ? failureKey(section.name, "save") : REFUSAL_KEYS[refusal.reason]);
    }
    if (!(error instanceof QueryError)) throw error;
    logError(`Saving ${section.table} failed`, error);
    return failed(503, failureKey(section.name, "save"));
  }
}

/**
 * Not read again after a post. The list keeps this loader's answer in a fetcher while a record is
 * open, so deleting that record turned the revalidation into a 404 screen; and a refused save must
 * keep the version the admin opened, not read the newer one someone else saved meanwhile.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  (formMethod === undefined || formMethod.toUpperCase() === "GET") && defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function RecordFormPage() {
  const { name, id, newRecordId, gone, title, defaults, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SaveReply | undefined;
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  // The list's search, filters and page, which the save goes back to.
  const { search } = useLocation();
  if (gone && !actionData) {
    return (
      <AdminPage title={title} error={t(REFUSAL_KEYS.notFound)}>
        <Link to={`/admin/${name}${search}`} className="font-semibold text-accent-700 underline underline-offset-2">
          {t(sectionKey(name, "title"))}
        </Link>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={title}>
      <ContentForm
        section={name}
        action={`/admin/${name}/${id ?? NEW_RECORD}${search}`}
        defaults={defaults}
        lastResult={navigation.state === "idle" ? actionData?.result : null}
        conflict={actionData?.conflict ?? null}
        submitting={navigation.state === "submitting"}
        newRecordId={newRecordId}
        timeZones={timeZones}
      />
    </AdminPage>
  );
}
