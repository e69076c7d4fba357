import { parseForm } from "~/lib/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { SubmitButton, formSubmittingScript } from "~/components/SubmitButton";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { memberForm } from "~/lib/member-action.server";
import { ConfirmEmailSchema } from "~/lib/member-schemas";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { createSupabaseServerClient } from "~/lib/supabase.server";
import { logError } from "~/lib/log.server";

/**
 * /auth/confirm?token_hash=…&type=email: the link of the sign-up confirmation mail, sent when
 * Supabase Auth has confirmations on (production). A GET only shows a button, so that mail scanners
 * following the link confirm nothing; its POST spends the token (verifyOtp), which confirms the
 * address and signs the member in, then goes to /account.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const submission = parseForm(url.searchParams, ConfirmEmailSchema);
  const t = await getFixedT(request, "account");
  const tokenHash = submission.status === "success" ? submission.value.token_hash : null;
  return data({ title: t("confirm.meta.title"), tokenHash, strings: await namespaceStrings(request, "account") }, { status: tokenHash ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const submission = parseForm(formData, ConfirmEmailSchema);
  const env = context.cloudflare.env;
  const { supabase, headers } = createSupabaseServerClient(request, env);
  const refused = (status: number, error: string) => data({ error }, { status, headers });
  if (submission.status !== "success") return refused(400, "errors.confirmLinkExpired");
  if (!(await withinLimit(env, "LOGIN_LIMITER", [clientKey(request)]))) return refused(429, "errors.rateLimited");
  const { error } = await supabase.auth.verifyOtp({ token_hash: submission.value.token_hash, type: "email" });
  if (error) {
    if (error.status === 403 || error.code === "otp_expired") return refused(400, "errors.confirmLinkExpired");
    logError("Confirming an address failed", error);
    return refused(503, "errors.accountFailed");
  }
  return redirect("/account?email=confirmed", { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function ConfirmEmailPage() {
  const { tokenHash, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const submitting = navigation.state === "submitting";
  const error = tokenHash ? (navigation.state === "idle" ? answer?.error : undefined) : "errors.confirmLinkExpired";

  return (
    <PageFrame title={t("confirm.title")} subtitle={t("confirm.subtitle")}>
      <div className="mx-auto grid max-w-lg gap-6">
        {error ? <FormNotice kind="error">{t(error)}</FormNotice> : null}
        {tokenHash ? (
          <Form method="post" className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
            <input type="hidden" name="token_hash" value={tokenHash} />
            <input type="hidden" name="type" value="email" />
            <SubmitButton busy={submitting} label={t("confirm.submit")} busyLabel={t("confirm.submitting")} className="btn-primary w-full" />
          </Form>
        ) : null}
        <Link to="/login" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("forgot.back")}
        </Link>
      </div>
    </PageFrame>
  );
}
