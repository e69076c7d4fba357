import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "~/components/PageFrame";
import { formSubmittingScript } from "~/components/SubmitButton";
import { SignInForm } from "~/components/SignInForm";
import { UnsentNotice } from "~/components/UnsentNotice";
import { getSession } from "~/lib/auth.server";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { safeRedirect } from "~/lib/safe-redirect";
import { signInWithPassword } from "~/lib/sign-in.server";

/**
 * /admin/login: the back-office's sign-in (the footer's "Admin" link). The same accounts, limits
 * and answers as /login; success goes to `redirectTo` or /admin, where a non-admin gets the 403
 * screen. Someone already signed in goes straight to /admin.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, headers } = await getSession(request, context);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  if (viewer) throw redirect(redirectTo.startsWith("/admin") ? redirectTo : "/admin", { headers });
  const t = await getFixedT(request, "admin");
  return data(
    { title: t("login.meta.title"), redirectTo, strings: await namespaceStrings(request, "admin", "account") },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signInWithPassword(request, context, "/admin");
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.title },
  { name: "robots", content: "noindex" },
];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function AdminLoginPage() {
  const { redirectTo, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <PageFrame title={t("login.title")} subtitle={t("login.subtitle")}>
      <div className="mx-auto max-w-lg">
        <UnsentNotice message="login.unsent" />
        <SignInForm id="admin-login" redirectTo={redirectTo} lastResult={actionData?.result} fallbackError="admin:common.error" />
      </div>
    </PageFrame>
  );
}
