import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { DeleteAction } from "~/components/admin/DeleteAction";
import { AdminTable, EmptyList, ListPager, SearchForm } from "~/components/admin/ListControls";
import { requireAdmin } from "~/lib/auth.server";
import { formatDayTime } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { listOrFailure, listParams, listRecords } from "~/models/admin-records.server";

// Confirmed subscriptions only: the database shows admins no other (double opt-in, decision 030).
type Subscriber = { id: string; email: string; confirmed_at: string };

/** /admin/newsletter: the subscribers, newest confirmation first, searched by address; remove one; export all as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const { query, page } = listParams(request);
  const t = await getFixedT(request, "admin");
  const { list, loadFailed } = await listOrFailure(request, headers, page, (page) =>
    listRecords<Subscriber>(supabase, "newsletter_subscriptions", {
      columns: "id, email, confirmed_at",
      order: { column: "confirmed_at", ascending: false },
      search: { column: "email", query },
      page,
    }),
  );
  return data({ title: t("sections.newsletter.meta"), query, list, loadFailed }, { status: loadFailed ? 503 : 200, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function NewsletterAdmin() {
  const { query, list, loadFailed } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  return (
    <AdminPage
      title={t("sections.newsletter.title")}
      description={t("sections.newsletter.description")}
      error={loadFailed ? t("failures.newsletter.fetch") : null}
      action={
        <a href="/admin/newsletter.csv" download className="btn-primary">
          {t("newsletter.export")}
        </a>
      }
    >
      <SearchForm query={query} label={t("sections.newsletter.search")} />
      {list.items.length === 0 ? (
        <EmptyList searching={query !== ""} failed={loadFailed} />
      ) : (
        <AdminTable caption={t("sections.newsletter.title")} headers={[t("fields.email"), t("newsletter.subscribed"), t("list.actions")]}>
          {list.items.map((subscriber) => (
            <tr key={subscriber.id}>
              <td dir="ltr" className="px-4 py-3 text-start">
                {subscriber.email}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-700">{formatDayTime(subscriber.confirmed_at, i18n.language)}</td>
              <td className="px-4 py-3">
                <DeleteAction href={`/admin/newsletter/${subscriber.id}/delete`} name={subscriber.email} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ListPager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}
