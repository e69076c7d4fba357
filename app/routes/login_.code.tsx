import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField } from "~/components/CodeField";
import { FormNotice } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { UnsentNotice } from "~/components/UnsentNotice";
import { SubmitButton, formSubmittingScript } from "~/components/SubmitButton";
import { getSession } from "~/lib/auth.server";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { memberForm } from "~/lib/member-action.server";
import { CodeSchema } from "~/lib/member-schemas";
import { safeRedirect } from "~/lib/safe-redirect";
import { CODE_REFUSALS, verifiedFactor, verifyCode } from "~/lib/second-factor.server";
import { useMemberForm } from "~/lib/use-member-form";

/**
 * /login/code: the second step of signing in to an account with a TOTP factor (every admin's, and
 * members' who enrolled one). The password made an aal1 session; the right code raises it to aal2
 * and goes on to `redirectTo`. Supabase Auth allows 5 wrong codes a minute (429).
 */
async function sessionOwingCode(request: Request, context: LoaderFunctionArgs["context"], redirectTo: string) {
  const session = await getSession(request, context);
  // A form that was not saved on its way here (`unsent`) is said so by the sign-in page if the session ended meanwhile.
  const unsent: Record<string, string> = new URL(request.url).searchParams.has("unsent") ? { unsent: "1" } : {};
  if (!session.viewer) throw redirect(`/login?${new URLSearchParams({ redirectTo, ...unsent })}`, { headers: session.headers });
  if (!session.viewer.needsCode) throw redirect(redirectTo, { headers: session.headers });
  return session;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/account");
  const { headers } = await sessionOwingCode(request, context, redirectTo);
  const t = await getFixedT(request, "account");
  return data({ title: t("code.meta.title"), redirectTo, strings: await namespaceStrings(request, "account") }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const submission = parseForm(formData, CodeSchema);
  const redirectTo = safeRedirect(submission.status === "success" ? submission.value.redirectTo : null, "/account");
  const { supabase, headers } = await sessionOwingCode(request, context, redirectTo);
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ result: submission.reply({ ...errors, hideFields: ["code"] }) }, { status, headers });
  if (submission.status !== "success") return reply(400);

  const factor = await verifiedFactor(supabase);
  const outcome = "id" in factor && factor.id ? await verifyCode(supabase, factor.id, submission.value.code) : "failed";
  if (outcome === "verified") return redirect(redirectTo, { headers });
  const refusal = CODE_REFUSALS[outcome];
  return outcome === "wrong"
    ? reply(refusal.status, { fieldErrors: { code: [refusal.key] } })
    : reply(refusal.status, { formErrors: [refusal.key] });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function CodePage() {
  const { redirectTo, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const { form, fields, onFocus } = useMemberForm("login-code", "code", actionData?.result);
  const submitting = navigation.state === "submitting" && navigation.formAction !== "/logout";
  const formError = form.errors?.[0];

  return (
    <PageFrame title={t("code.title")} subtitle={t("code.subtitle")}>
      <div className="mx-auto grid max-w-lg gap-6">
        <UnsentNotice message="code.unsent" />
        <Form method="post" {...getFormProps(form)} onFocus={onFocus} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          {formError ? (
            <FormNotice kind="error" id={form.errorId}>
              {t(formError)}
            </FormNotice>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <CodeField field={fields.code} />
          <SubmitButton busy={submitting} label={t("code.submit")} busyLabel={t("code.submitting")} className="btn-primary mt-2 w-full" />
        </Form>
        <Form method="post" action="/logout" className="text-ink-700">
          <p>{t("code.lostDevice")}</p>
          <button type="submit" className="mt-2 font-semibold text-accent-700 underline underline-offset-2">
            {t("code.signOut")}
          </button>
        </Form>
      </div>
    </PageFrame>
  );
}
