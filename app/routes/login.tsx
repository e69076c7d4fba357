import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { formSubmittingScript } from "~/components/SubmitButton";
import { SignInForm } from "~/components/SignInForm";
import { UnsentNotice } from "~/components/UnsentNotice";
import { requireAnonymous } from "~/lib/auth.server";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { signInWithPassword } from "~/lib/sign-in.server";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * /login: email and password. Success goes to `redirectTo` (only a path on this site) or /voting.
 * At most 5 attempts per 60 s per email address and per client address (429); a wrong password
 * and an unknown address get the same translated answer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireAnonymous(request, context);
  const url = new URL(request.url);
  const t = await getFixedT(request, "account");
  return data(
    {
      title: t("login.meta.title"),
      redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
      deleted: url.searchParams.has("deleted"),
      signedOutEverywhere: url.searchParams.get("signedOut") === "everywhere",
      strings: await namespaceStrings(request, "account"),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signInWithPassword(request, context, "/voting");
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.title },
  { name: "robots", content: "noindex" },
];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function LoginPage() {
  const { redirectTo, deleted, signedOutEverywhere, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");

  return (
    <PageFrame title={t("login.title")} subtitle={t("login.subtitle")}>
      <div className="mx-auto max-w-lg">
        {deleted ? <FormNotice kind="success">{t("login.deleted")}</FormNotice> : null}
        {signedOutEverywhere ? <FormNotice kind="success">{t("login.signedOutEverywhere")}</FormNotice> : null}
        <UnsentNotice message="login.unsent" />
        <SignInForm id="login" redirectTo={redirectTo} lastResult={actionData?.result}>
          <p className="mt-6 text-ink-700">
            {t("login.noAccount")}{" "}
            <Link to="/signup" className="font-semibold text-accent-700 underline underline-offset-2">
              {t("login.signUpLink")}
            </Link>
          </p>
        </SignInForm>
      </div>
    </PageFrame>
  );
}
