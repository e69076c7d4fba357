import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { DECLINE_TEXTS, DeleteAction } from "~/components/admin/DeleteAction";
import { StatusBadge } from "~/components/admin/StatusBadge";
import { AdminTable, EmptyList, ListPager, SearchForm } from "~/components/admin/ListControls";
import { adminForm, backToList, intentOf, redirectWithFlash } from "~/lib/admin-action.server";
import { decisionFlash } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { formatDayTime } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { isRecordId, listOrFailure, listParams } from "~/models/admin-records.server";
import { decideMembership, memberAccountsPage, type MembershipDecision } from "~/models/members.server";
import { logError } from "~/lib/log.server";

// Declining has a door of its own, after a confirmation (admin.members_.$account.decline.tsx).
const DECISIONS: readonly MembershipDecision[] = ["approve", "revoke", "removeFactor"];

/**
 * /admin/members: accounts awaiting approval (with what they wrote when they signed up), approve
 * or decline; approved members, revoke; any account's second factor, remove (a lost device). The
 * database records each decision in the activity log.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers, viewer } = await requireAdmin(request, context);
  const { url, query, page } = listParams(request);
  const approved = url.searchParams.get("show") === "approved";
  const t = await getFixedT(request, "admin");
  const { list, loadFailed } = await listOrFailure(request, headers, page, (page) => memberAccountsPage(supabase, { approved, query, page }));
  return data(
    { title: t("sections.members.meta"), approved, query, list, loadFailed, viewerId: viewer.id },
    { status: loadFailed ? 503 : 200, headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, supabase, headers } = await adminForm(request, context);
  const decision = intentOf(form) as MembershipDecision;
  const account = String(form.get("account") ?? "");
  if (!DECISIONS.includes(decision) || !isRecordId(account)) return data({ ok: false }, { status: 400, headers });
  const { error } = await decideMembership(supabase, decision, account);
  if (error) logError(`Membership ${decision} refused`, error);
  return redirectWithFlash(request, backToList(request, "/admin/members"), decisionFlash(decision, error), headers);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function MembersAdmin() {
  const { approved, query, list, loadFailed, viewerId } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const tab = (show: "pending" | "approved") => (
    <Link
      to={show === "approved" ? "/admin/members?show=approved" : "/admin/members"}
      aria-current={approved === (show === "approved") ? "page" : undefined}
      className="rounded-md px-4 py-2 font-semibold text-ink-800 hover:bg-ink-100 aria-[current=page]:bg-ink-900 aria-[current=page]:text-white"
    >
      {t(`members.${show}`)}
    </Link>
  );
  return (
    <AdminPage title={t("sections.members.title")} description={t("sections.members.description")} error={loadFailed ? t("failures.members.fetch") : null}>
      <nav aria-label={t("members.tabs")} className="mb-4 flex gap-2">
        {tab("pending")}
        {tab("approved")}
      </nav>
      <SearchForm query={query} label={t("sections.members.search")}>
        {approved ? <input type="hidden" name="show" value="approved" /> : null}
      </SearchForm>
      {list.items.length === 0 ? (
        <EmptyList searching={query !== ""} failed={loadFailed} />
      ) : (
        <AdminTable
          caption={approved ? t("members.approved") : t("members.pending")}
          headers={[t("fields.publicName"), t("fields.email"), approved ? t("members.approvedAt") : t("members.signedUpAt"), t("list.actions")]}
        >
          {list.items.map((account) => (
            <tr key={account.id}>
              <td className="px-4 py-3">
                <span dir="auto" className="font-medium">
                  {account.username}
                </span>
                {account.has_second_factor ? (
                  <span className="ms-2">
                    <StatusBadge status="verified" label={t("members.secondFactor")} />
                  </span>
                ) : null}
                {!approved && account.reason ? (
                  <p dir="auto" className="mt-1 whitespace-pre-wrap text-sm text-ink-800">
                    <span className="font-semibold">{t("members.reason")}</span> {account.reason}
                  </p>
                ) : null}
              </td>
              <td dir="ltr" className="px-4 py-3 text-start text-sm">
                {account.email}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-700">
                {formatDayTime((approved ? account.approved_at : account.signed_up_at) ?? account.signed_up_at, i18n.language)}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-2">
                  <Form method="post" className="contents">
                    <input type="hidden" name="account" value={account.id} />
                    <DecisionButton decision={approved ? "revoke" : "approve"} name={account.username} busy={busy} />
                    {account.has_second_factor && account.id !== viewerId ? (
                      <DecisionButton decision="removeFactor" name={account.username} busy={busy} />
                    ) : null}
                  </Form>
                  {/* Declining deletes the account: confirmed first, outside the form above (its dialog has a form of its own). */}
                  {approved ? null : <DeleteAction href={`/admin/members/${account.id}/decline`} name={account.username} texts={DECLINE_TEXTS} />}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ListPager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}

function DecisionButton({ decision, name, busy }: { decision: MembershipDecision; name: string; busy: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <button type="submit" name="intent" value={decision} disabled={busy} className={decision === "approve" ? "btn-primary btn-small" : "btn-secondary btn-small"}>
      {t(`members.${decision}`)}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
