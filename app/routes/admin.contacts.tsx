import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { DeleteAction } from "~/components/admin/DeleteAction";
import { EmptyList, ListFilter, ListPager, SearchForm } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { adminForm, backToList, redirectWithFlash } from "~/lib/admin-action.server";
import { requireAdmin } from "~/lib/auth.server";
import { formatDayTime } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { listOrFailure, listParams, listRecords, updateRecord, WriteError } from "~/models/admin-records.server";
import { logError } from "~/lib/log.server";

type ContactRow = { id: string; name: string; email: string; region: string | null; message: string; source: string; status: string; created_at: string };

const STATUSES = ["new", "read"] as const;
const SOURCES = ["contact", "join"] as const;
const choice = <T extends string>(value: string | null, choices: readonly T[]) => (choices as readonly string[]).includes(value ?? "") ? (value as T) : "";

/** /admin/contacts: the contact and join messages, newest first, filtered by status and source. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const { url, query, page } = listParams(request);
  const status = choice(url.searchParams.get("status"), STATUSES);
  const source = choice(url.searchParams.get("source"), SOURCES);
  const t = await getFixedT(request, "admin");
  const shared = { title: t("sections.contacts.meta"), query, status, source };
  const { list, loadFailed } = await listOrFailure(request, headers, page, (page) =>
    listRecords<ContactRow>(supabase, "contacts", {
      columns: "id, name, email, region, message, source, status, created_at",
      order: { column: "created_at", ascending: false },
      search: { column: "name", query },
      filters: { ...(status ? { status } : {}), ...(source ? { source } : {}) },
      page,
    }),
  );
  return data({ ...shared, list, loadFailed }, { status: loadFailed ? 503 : 200, headers });
}

/** Mark as read (the one status change the specification shows). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { form, supabase, headers } = await adminForm(request, context);
  const back = backToList(request, "/admin/contacts");
  try {
    const outcome = await updateRecord(supabase, "contacts", String(form.get("id") ?? ""), undefined, { status: "read" });
    // Deleted meanwhile: back to the list, which says so.
    if (outcome === "missing") return redirectWithFlash(request, back, { kind: "error", key: "flash.notFound" }, headers);
  } catch (error) {
    if (!(error instanceof WriteError)) throw error;
    logError("Marking a contact read failed", error.cause);
    return redirectWithFlash(request, back, { kind: "error", key: "flash.contacts.updateFailed" }, headers);
  }
  return redirectWithFlash(request, back, { kind: "success", key: "flash.contacts.markedRead" }, headers);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function ContactsPage() {
  const { query, status, source, list, loadFailed } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const navigation = useNavigation();
  return (
    <AdminPage title={t("sections.contacts.title")} description={t("sections.contacts.description")} error={loadFailed ? t("failures.contacts.fetch") : null}>
      <SearchForm query={query} label={t("sections.contacts.search")}>
        <ListFilter
          id="contacts-status"
          name="status"
          label={t("list.status")}
          value={status}
          options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        />
        <ListFilter
          id="contacts-source"
          name="source"
          label={t("fields.source")}
          value={source}
          options={SOURCES.map((value) => ({ value, label: t(`sources.${value}`) }))}
        />
      </SearchForm>
      {list.items.length === 0 ? (
        <EmptyList searching={Boolean(query || status || source)} failed={loadFailed} />
      ) : (
        <ul className="grid gap-4">
          {list.items.map((contact) => (
            <li key={contact.id} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-3">
                {/* A name is what a visitor typed: a word of any length wraps instead of widening the page. */}
                <h2 dir="auto" className="min-w-0 text-lg font-bold text-ink-950 wrap-anywhere">
                  {contact.name}
                </h2>
                <StatusBadge status={contact.status} />
                <span className="text-sm text-ink-700">{t(`sources.${contact.source}`)}</span>
                {contact.region ? <span className="text-sm text-ink-700">{t(`contact:form.regions.${contact.region}`)}</span> : null}
                <span className="text-sm text-ink-700">{formatDayTime(contact.created_at, i18n.language)}</span>
              </div>
              <p className="mt-1 text-sm">
                <a href={`mailto:${contact.email}`} dir="ltr" className="text-accent-800 underline underline-offset-2 wrap-anywhere">
                  {contact.email}
                </a>
              </p>
              <p dir="auto" className="mt-3 whitespace-pre-wrap text-ink-900 wrap-anywhere">
                {contact.message}
              </p>
              <div className="mt-4 flex flex-wrap gap-2">
                {contact.status === "new" ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={contact.id} />
                    <button type="submit" disabled={navigation.state !== "idle"} className="btn-secondary btn-small">
                      {t("contacts.markRead")}
                      <span className="sr-only"> {contact.name}</span>
                    </button>
                  </Form>
                ) : null}
                <DeleteAction href={`/admin/contacts/${contact.id}/delete`} name={contact.name} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListPager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}
