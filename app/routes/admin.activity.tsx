import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { AdminTable, EmptyList, ListPager } from "~/components/admin/ListControls";
import { requireAdmin } from "~/lib/auth.server";
import { formatDayTime } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { listOrFailure, listParams } from "~/models/admin-records.server";
import { activityPage, type RecordNow } from "~/models/activity.server";

/**
 * /admin/activity: every admin write, newest first, as the database recorded it (who, when, what),
 * each record named and linked as it is now, or said to be gone.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const { page } = listParams(request);
  const t = await getFixedT(request, "admin");
  const { list, loadFailed } = await listOrFailure(request, headers, page, (page) => activityPage(supabase, page));
  return data({ title: t("sections.activity.meta"), list, loadFailed }, { status: loadFailed ? 503 : 200, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function ActivityLog() {
  const { list, loadFailed } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const actions = t("activity.actions", { returnObjects: true }) as Record<string, string>;
  const tables = t("activity.tables", { returnObjects: true }) as Record<string, string>;
  return (
    <AdminPage title={t("sections.activity.title")} description={t("sections.activity.description")} error={loadFailed ? t("failures.activity.fetch") : null}>
      {list.items.length === 0 ? (
        <EmptyList searching={false} failed={loadFailed} />
      ) : (
        <AdminTable caption={t("sections.activity.title")} headers={[t("activity.when"), t("activity.who"), t("activity.what"), t("activity.record")]}>
          {list.items.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-700">{formatDayTime(entry.created_at, i18n.language)}</td>
              <td dir="auto" className="px-4 py-3">
                {entry.actor_name || t("activity.unknownActor")}
              </td>
              <td className="px-4 py-3">
                {actions[entry.action] ?? entry.action} · {tables[entry.table_name] ?? entry.table_name}
              </td>
              <td className="px-4 py-3">
                <LoggedRecord id={entry.record_id} now={entry.now} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ListPager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}

/**
 * A logged record: a link under its current name, with its id beside it; its id as the link when
 * its name could not be read just now; its id alone when it is gone or its table has no pages.
 */
function LoggedRecord({ id, now }: { id: string; now: RecordNow }) {
  const { t } = useTranslation("admin");
  const recordId = (
    <span dir="ltr" className="font-mono text-xs text-ink-700">
      {id}
    </span>
  );
  if (now === null || now === "gone") {
    return (
      <>
        {recordId}
        {now === "gone" ? <span className="block text-sm text-ink-700">{t("activity.gone")}</span> : null}
      </>
    );
  }
  return (
    <>
      <Link to={now.path} dir="auto" className="block font-medium text-accent-700 underline underline-offset-2 wrap-anywhere">
        {now.name ?? id}
      </Link>
      {now.name !== null ? recordId : null}
    </>
  );
}
