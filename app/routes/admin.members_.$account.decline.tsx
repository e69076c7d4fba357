import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmPage } from "~/components/admin/ConfirmPage";
import { DECLINE_TEXTS } from "~/components/admin/DeleteAction";
import { adminForm, backToList, redirectWithFlash } from "~/lib/admin-action.server";
import { decisionFlash } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18n.server";
import { logError } from "~/lib/log.server";
import { isRecordId } from "~/models/admin-records.server";
import { decideMembership, pendingAccount } from "~/models/members.server";
import { readOrUnavailable } from "~/models/query.server";

/**
 * /admin/members/:account/decline: declining deletes the account and what it wrote, so it is
 * confirmed first, like a delete: this page without JavaScript, the list's dialog with it (which
 * posts here directly).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const id = params.account ?? "";
  const account = isRecordId(id) ? await readOrUnavailable(pendingAccount(supabase, id), headers) : null;
  if (!account) throw data(null, { status: 404, headers });
  const t = await getFixedT(request, "admin");
  return data({ title: t(DECLINE_TEXTS.title), name: account.username }, { headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { supabase, headers } = await adminForm(request, context);
  const id = params.account ?? "";
  if (!isRecordId(id)) throw data(null, { status: 404, headers });
  const { error } = await decideMembership(supabase, "decline", id);
  if (error) logError("Membership decline refused", error);
  return redirectWithFlash(request, backToList(request, "/admin/members"), decisionFlash("decline", error), headers);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function ConfirmDeclinePage() {
  const { name } = useLoaderData<typeof loader>();
  return <ConfirmPage name={name} list="/admin/members" texts={DECLINE_TEXTS} />;
}
