import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "~/components/FormField";
import { AdminPage } from "~/components/admin/AdminPage";
import { ContentForm } from "~/components/admin/ContentForm";
import { DeleteAction } from "~/components/admin/DeleteAction";
import { AdminTable, EmptyList, ListPager, SearchForm } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { failureKey, REFUSAL_KEYS, sectionKey } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { formatDay, formatDayTime } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { NEW_RECORD, type ContentSectionName, type SaveReply } from "~/lib/admin-sections";
import { emptyForm, contentSection, type ListItem } from "~/models/admin-content.server";
import { listOrFailure, listParams, listRecords } from "~/models/admin-records.server";
import type { Page } from "~/models/query.server";
import { timeZoneChoices } from "~/lib/zoned-time";
import type { loader as recordLoader } from "./admin.$section.$id";

/**
 * /admin/news, /admin/events, /admin/resources, /admin/groups: the records, ordered as the
 * specification orders each, searched by title (name for groups) and paged. Add and Edit open
 * the form here with JavaScript, or on their own pages without it.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const section = contentSection(params.section);
  if (!section) throw data(null, { status: 404, headers });
  const { query, page } = listParams(request);
  const t = await getFixedT(request, "admin");
  const shared = {
    name: section.name,
    title: t(sectionKey(section.name, "meta")),
    query,
    emptyForm: emptyForm(section.name),
    // The id the next record added here will get (decision 057): a save that creates it redirects
    // back here, and this loader gives the next form a new one.
    newRecordId: crypto.randomUUID(),
    timeZones: section.name === "events" ? timeZoneChoices() : [],
  };
  const { list: rows, loadFailed } = await listOrFailure(request, headers, page, (page) =>
    listRecords<Record<string, unknown>>(supabase, section.table, {
      columns: section.listColumns,
      order: section.order,
      search: { column: section.searchColumn, query },
      page,
    }),
  );
  const list: Page<ListItem> = { ...rows, items: rows.items.map(section.listItem) };
  return data({ ...shared, list, loadFailed }, { status: loadFailed ? 503 : 200, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function ContentList() {
  const { name, query, list, loadFailed, emptyForm: blank, newRecordId, timeZones } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const location = useLocation();
  const [editing, setEditing] = useState<string | null>(null);
  // Each opening of the form saves through a fetcher of its own: the answer to one record's save
  // (its errors, a conflict and its version) must not come back with the next record, or after Cancel.
  const [opening, setOpening] = useState(0);
  const record = useFetcher<typeof recordLoader>();
  const saver = useFetcher<SaveReply>({ key: `${name}-save-${opening}` });

  // A save that succeeded redirected here: the form closes.
  useEffect(() => setEditing(null), [location.key]);

  const open = (target: string) => (event: MouseEvent) => {
    event.preventDefault();
    // Add is a toggle: pressed again, it closes the empty form it opened.
    if (target === NEW_RECORD && editing === NEW_RECORD) return setEditing(null);
    setEditing(target);
    setOpening((count) => count + 1);
    if (target !== NEW_RECORD) record.load(`/admin/${name}/${target}`);
  };
  const loaded = editing !== null && editing !== NEW_RECORD && record.state === "idle" ? record.data : undefined;

  return (
    <AdminPage
      title={t(sectionKey(name, "title"))}
      description={t(sectionKey(name, "description"))}
      error={loadFailed ? t(failureKey(name, "fetch")) : null}
      action={
        <Link to={`/admin/${name}/${NEW_RECORD}${location.search}`} onClick={open(NEW_RECORD)} aria-expanded={editing === NEW_RECORD} className="btn-primary">
          {t(sectionKey(name, "add"))}
        </Link>
      }
    >
      {loaded && "gone" in loaded && loaded.gone && loaded.id === editing ? (
        <FormNotice kind="error">{t(REFUSAL_KEYS.notFound)}</FormNotice>
      ) : editing === NEW_RECORD || (loaded && "defaults" in loaded && loaded.id === editing) ? (
        <div className="mb-8">
          <h2 className="mb-3 text-xl font-bold text-ink-950">{editing === NEW_RECORD ? t(sectionKey(name, "add")) : t(sectionKey(name, "edit"))}</h2>
          <ContentForm
            key={editing}
            section={name as ContentSectionName}
            action={`/admin/${name}/${editing}${location.search}`}
            defaults={editing === NEW_RECORD ? blank : (loaded?.defaults ?? blank)}
            lastResult={saver.data?.result}
            conflict={saver.data?.conflict ?? null}
            submitting={saver.state !== "idle"}
            FormElement={saver.Form}
            onCancel={() => setEditing(null)}
            newRecordId={editing === NEW_RECORD ? newRecordId : null}
            timeZones={timeZones}
          />
        </div>
      ) : editing !== null ? (
        <p role="status" className="mb-8 text-ink-700">
          {t("list.loading")}
        </p>
      ) : null}

      <SearchForm query={query} label={t(sectionKey(name, "search"))} />
      {list.items.length === 0 ? (
        <EmptyList searching={query !== ""} failed={loadFailed} />
      ) : (
        <AdminTable
          caption={t(sectionKey(name, "title"))}
          headers={[t(name === "groups" ? "fields.name" : "fields.title"), t("list.status"), t(sectionKey(name, "dateColumn")), t("list.actions")]}
        >
          {list.items.map((item) => (
            <ListRow key={item.id} item={item} section={name} listSearch={location.search} onEdit={open(item.id)} />
          ))}
        </AdminTable>
      )}
      <ListPager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}

function ListRow({ item, section, listSearch, onEdit }: { item: ListItem; section: string; listSearch: string; onEdit: (event: MouseEvent) => void }) {
  const { t, i18n } = useTranslation("admin");
  const date = item.date ? (item.timeZone ? formatDayTime(item.date, i18n.language, item.timeZone) : formatDay(item.date, i18n.language)) : "";
  return (
    <tr>
      <td dir="auto" className="px-4 py-3 font-medium">
        {item.title}
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={item.status} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-700">{date}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/${section}/${item.id}${listSearch}`} onClick={onEdit} className="btn-secondary btn-small">
            {t("list.edit")}
            <span className="sr-only"> {item.title}</span>
          </Link>
          {item.publicPath ? (
            <Link to={item.publicPath} className="btn-secondary btn-small">
              {t("list.view")}
              <span className="sr-only"> {item.title}</span>
            </Link>
          ) : null}
          <DeleteAction href={`/admin/${section}/${item.id}/delete`} name={item.title} />
        </div>
      </td>
    </tr>
  );
}
