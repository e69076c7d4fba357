import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmPage } from "~/components/admin/ConfirmPage";
import { adminForm, backToList, redirectWithFlash } from "~/lib/admin-action.server";
import { recordFlashKey } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18n.server";
import { deleteRecord, recordById, WriteError, type ManagedTable } from "~/models/admin-records.server";
import { logError } from "~/lib/log.server";
import { readOrUnavailable } from "~/models/query.server";

/** What can be deleted from /admin, the column that names a record, and where its list is. */
const DELETABLE: Record<string, { table: ManagedTable; label: string }> = {
  news: { table: "news_articles", label: "title" },
  events: { table: "events", label: "title" },
  resources: { table: "resources", label: "title" },
  groups: { table: "groups", label: "name" },
  contacts: { table: "contacts", label: "name" },
  newsletter: { table: "newsletter_subscriptions", label: "email" },
};

const deletableOf = (section: string | undefined) => (section && Object.hasOwn(DELETABLE, section) ? DELETABLE[section] : null);

/**
 * /admin/:section/:id/delete: the confirmation page without JavaScript (with it, the list's dialog
 * posts here directly). The POST deletes and goes back to the list with a message.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const deletable = deletableOf(params.section);
  const record = deletable ? await readOrUnavailable(recordById<Record<string, string>>(supabase, deletable.table, deletable.label, params.id ?? ""), headers) : null;
  if (!deletable || !record) throw data(null, { status: 404, headers });
  const t = await getFixedT(request, "admin");
  return data({ title: t("delete.title"), section: params.section as string, name: record[deletable.label] }, { headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { supabase, headers } = await adminForm(request, context);
  const deletable = deletableOf(params.section);
  if (!deletable) throw data(null, { status: 404, headers });
  const section = params.section as string;
  const list = backToList(request, `/admin/${section}`);
  try {
    // Deleted meanwhile (another tab, another admin): back to the list, which says so.
    if (!(await deleteRecord(supabase, deletable.table, params.id ?? ""))) {
      return redirectWithFlash(request, list, { kind: "error", key: "flash.notFound" }, headers);
    }
  } catch (error) {
    if (!(error instanceof WriteError)) throw error;
    logError(`Deleting from ${deletable.table} failed`, error.cause);
    return redirectWithFlash(request, list, { kind: "error", key: recordFlashKey(section, "deleteFailed") }, headers);
  }
  return redirectWithFlash(request, list, { kind: "success", key: recordFlashKey(section, "deleted") }, headers);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function ConfirmDeletePage() {
  const { section, name } = useLoaderData<typeof loader>();
  return <ConfirmPage name={name} list={`/admin/${section}`} />;
}
