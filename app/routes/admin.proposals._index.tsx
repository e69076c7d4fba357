import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { ErrorMessage } from "~/components/ErrorMessage";
import { AdminTable, EmptyList, ListFilter, ListPager, SearchForm } from "~/components/admin/ListControls";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { VoteSummary } from "~/components/admin/VoteSummary";
import { adminForm, backToList, redirectWithFlash } from "~/lib/admin-action.server";
import { requireAdmin } from "~/lib/auth.server";
import { formatDay, formatDayTime } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { listOrFailure, listParams } from "~/models/admin-records.server";
import { PROPOSAL_STATUSES } from "~/lib/member-fields";
import { adminProposalsPage, openReports, resolveReport } from "~/models/proposals.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { logError } from "~/lib/log.server";

/**
 * /admin/proposals: every proposal, drafts and hidden ones included, newest first, filtered by
 * status; below, the members' open reports with Resolve. Each proposal's actions are on its page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const { url, page } = listParams(request);
  const asked = url.searchParams.get("status");
  const status = (PROPOSAL_STATUSES as readonly string[]).includes(asked ?? "") ? asked : null;
  const t = await getFixedT(request, "admin");
  const [{ list, loadFailed }, reports] = await Promise.all([
    listOrFailure(request, headers, page, (page) => adminProposalsPage(supabase, { page, status })),
    tryRead("the open reports", openReports(supabase)),
  ]);
  // Each part that failed says so in its place: the list is not shown as empty, nor the reports as none.
  return data({ title: t("sections.proposals.meta"), status: status ?? "", list, loadFailed, reports: reports === FAILED_READ ? null : reports }, { status: loadFailed || reports === FAILED_READ ? 503 : 200, headers });
}

/** Resolve a report; back to the list as it was (its status filter and page). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { form, supabase, headers } = await adminForm(request, context);
  const { error } = await resolveReport(supabase, String(form.get("report") ?? ""));
  if (error) logError("Resolving a report failed", error);
  const key = error ? (error.code === "PT409" ? "flash.proposals.alreadyResolved" : "flash.proposals.updateFailed") : "flash.proposals.resolved";
  return redirectWithFlash(request, backToList(request, "/admin/proposals"), { kind: error ? "error" : "success", key }, headers);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function AdminProposals() {
  const { status, list, reports, loadFailed } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  return (
    <AdminPage title={t("sections.proposals.title")} description={t("sections.proposals.description")} error={loadFailed ? t("failures.proposals.fetch") : null}>
      {reports ? <OpenReports reports={reports} /> : <ErrorMessage className="mb-10">{t("failures.reports.fetch")}</ErrorMessage>}

      <SearchForm>
        <ListFilter
          id="proposals-status"
          name="status"
          label={t("list.status")}
          value={status}
          options={PROPOSAL_STATUSES.map((value) => ({ value, label: t(`voting:status.${value}`) }))}
        />
      </SearchForm>
      {list.items.length === 0 ? (
        <EmptyList searching={status !== ""} failed={loadFailed} />
      ) : (
        <AdminTable
          caption={t("sections.proposals.title")}
          headers={[t("fields.title"), t("list.status"), t("proposals.votes"), t("proposals.comments"), t("proposals.created")]}
        >
          {list.items.map((proposal) => (
            <tr key={proposal.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/proposals/${proposal.id}`} dir="auto" className="font-medium text-accent-800 underline underline-offset-2">
                  {proposal.title}
                </Link>
                <span className="block text-sm text-ink-700">{proposal.author?.username ?? t("proposals.deletedAccount")}</span>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-1">
                  <StatusBadge status={proposal.status === "draft" ? "draft" : "other"} label={t(`voting:status.${proposal.status}`)} />
                  {proposal.is_hidden ? <StatusBadge status="read" label={t("proposals.hidden")} /> : null}
                </div>
              </td>
              <td className="px-4 py-3 text-sm">
                <VoteSummary proposal={proposal} />
              </td>
              <td className="px-4 py-3 text-sm">{proposal.comment_count}</td>
              <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-700">{formatDay(proposal.created_at, i18n.language)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ListPager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}

/** The members' open reports, each with what, why, when and a Resolve button. */
function OpenReports({ reports }: { reports: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["reports"]> }) {
  const { t, i18n } = useTranslation("admin");
  const navigation = useNavigation();
  return (
    <section aria-labelledby="reports-title" className="mb-10">
      <h2 id="reports-title" className="mb-3 text-xl font-bold text-ink-950">
        {t("proposals.reports.title", { count: reports.total })}
      </h2>
      {reports.total > reports.items.length ? <p className="mb-3 text-ink-700">{t("proposals.reports.oldestShown", { shown: reports.items.length })}</p> : null}
      {reports.items.length === 0 ? (
        <p className="text-ink-700">{t("proposals.reports.none")}</p>
      ) : (
        <ul className="grid gap-3">
          {reports.items.map((report) => (
            <li key={report.id} className="rounded-lg border border-ink-200 bg-white p-4 shadow-sm">
              <p className="text-sm text-ink-700">
                {report.comment ? t("proposals.reports.aboutComment") : t("proposals.reports.aboutProposal")} ·{" "}
                {formatDayTime(report.created_at, i18n.language)}
              </p>
              {report.proposal ? (
                <Link to={`/admin/proposals/${report.proposal.id}`} dir="auto" className="font-semibold text-accent-800 underline underline-offset-2">
                  {report.proposal.title}
                </Link>
              ) : null}
              {report.comment ? (
                <blockquote dir="auto" className="mt-2 border-s-4 border-ink-300 ps-3 text-ink-800">
                  {report.comment.is_hidden ? <em>{t("proposals.commentHidden")}</em> : report.comment.content}
                </blockquote>
              ) : null}
              <p dir="auto" className="mt-2 text-ink-900">
                <span className="font-semibold">{t("proposals.reports.reason")}</span> {report.reason}
              </p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="report" value={report.id} />
                <button type="submit" disabled={navigation.state !== "idle"} className="btn-secondary btn-small">
                  {t("proposals.reports.resolve")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
