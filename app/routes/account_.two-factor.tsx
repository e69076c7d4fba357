import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField } from "~/components/CodeField";
import { FormNotice } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { UnsentNotice } from "~/components/UnsentNotice";
import { formSubmittingScript, SubmitButton } from "~/components/SubmitButton";
import { requireViewer } from "~/lib/auth.server";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import { memberForm } from "~/lib/member-action.server";
import { ConfirmFactorSchema, RemoveFactorSchema } from "~/lib/member-schemas";
import { safeRedirect } from "~/lib/safe-redirect";
import { CODE_REFUSALS, verifiedFactor, verifyCode } from "~/lib/second-factor.server";
import { useMemberForm } from "~/lib/use-member-form";
import { logError } from "~/lib/log.server";
import type { PageHandle } from "~/lib/page-scripts";

/**
 * /account/two-factor: turning TOTP two-factor sign-in on (a QR code, the key as text, then a code
 * from the app) and off. Optional for members; admins are sent here before /admin until they have
 * it, and cannot turn it off (another admin removes a lost one from /admin/members). A GET changes
 * nothing: enrolment starts with a POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers, viewer } = await requireViewer(request, context);
  const url = new URL(request.url);
  const t = await getFixedT(request, "account");
  return data(
    {
      title: t("twoFactor.meta.title"),
      hasFactor: viewer.hasSecondFactor,
      isAdmin: viewer.hasAdminRole,
      redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
      notice: url.searchParams.has("enabled") ? "enabled" : url.searchParams.has("removed") ? "removed" : null,
      strings: await namespaceStrings(request, "account"),
    },
    { headers },
  );
}

type Enrolment = { factorId: string; secret: string; qrCode: string };
type TwoFactorAnswer = { enrolment: Enrolment | null; result: SubmissionResult<string[]> | null };

const ISSUER = "INAG";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const answer = (status: number, body: TwoFactorAnswer) => data<TwoFactorAnswer>(body, { status, headers });
  const refused = (status: number, key: string) => answer(status, { enrolment: null, result: { status: "error", error: { "": [key] } } });
  const intent = formData.get("intent");

  if (intent === "start") {
    if (viewer.hasSecondFactor) return refused(409, "errors.twoFactorAlreadyOn");
    const { data: factor, error } = await supabase.auth.mfa.enroll({ factorType: "totp", issuer: ISSUER });
    if (error || factor.type !== "totp") {
      logError("Enrolling a factor failed", error);
      return refused(503, "errors.accountFailed");
    }
    return answer(200, { enrolment: { factorId: factor.id, secret: factor.totp.secret, qrCode: factor.totp.qr_code }, result: null });
  }

  if (intent === "confirm") {
    const submission = parseForm(formData, ConfirmFactorSchema);
    const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => {
      const kept = submission.payload;
      const enrolment = submission.status === "success" || !errors?.formErrors ? keptEnrolment(kept) : null;
      return answer(status, { enrolment, result: submission.reply({ ...errors, hideFields: ["code"] }) });
    };
    if (submission.status !== "success") return reply(400);
    const { factorId, code, redirectTo } = submission.value;
    const outcome = await verifyCode(supabase, factorId, code);
    if (outcome === "verified") return redirect(safeRedirect(redirectTo, "/account/two-factor?enabled"), { headers });
    const refusal = CODE_REFUSALS[outcome];
    return outcome === "expired" || outcome === "failed"
      ? reply(refusal.status, { formErrors: [refusal.key] })
      : reply(refusal.status, { fieldErrors: { code: [refusal.key] } });
  }

  if (intent === "remove") {
    if (viewer.hasAdminRole) return refused(409, "twoFactor.adminKeeps");
    // A code, not one press: someone at a signed-in browser left open cannot take the second factor away.
    const submission = parseForm(formData, RemoveFactorSchema);
    const reply = (status: number, errors?: { fieldErrors: Record<string, string[]> }) =>
      answer(status, { enrolment: null, result: submission.reply({ ...errors, hideFields: ["code"] }) });
    if (submission.status !== "success") return reply(400);
    const factor = await verifiedFactor(supabase);
    if ("failed" in factor) return refused(503, "errors.accountFailed");
    if (factor.id) {
      const outcome = await verifyCode(supabase, factor.id, submission.value.code);
      if (outcome !== "verified") {
        const refusal = CODE_REFUSALS[outcome];
        return outcome === "wrong" ? reply(refusal.status, { fieldErrors: { code: [refusal.key] } }) : refused(refusal.status, refusal.key);
      }
    }
    const { error } = factor.id ? await supabase.auth.mfa.unenroll({ factorId: factor.id }) : { error: null };
    if (error) {
      logError("Removing a factor failed", error);
      return refused(503, "errors.accountFailed");
    }
    return redirect("/account/two-factor?removed", { headers });
  }
  throw new Response("Unknown action", { status: 400 });
}

/** The enrolment a refused confirmation showed, shown again: the same QR code and key, checked as the schema checks them. */
function keptEnrolment(payload: Record<string, unknown>): Enrolment | null {
  const parsed = ConfirmFactorSchema.pick({ factorId: true, secret: true, qrCode: true }).safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

/** No React: each step is a form the server answers (docs/decisions/040). */
export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function TwoFactorPage() {
  const { hasFactor, isAdmin, redirectTo, notice, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const enrolment = navigation.state === "idle" ? answer?.enrolment : null;
  const pageError = !enrolment && navigation.state === "idle" ? answer?.result?.error?.[""]?.[0] : undefined;

  return (
    <PageFrame title={t("twoFactor.title")} subtitle={t("twoFactor.subtitle")}>
      <div className="mx-auto grid max-w-2xl gap-6">
        {notice ? <FormNotice kind="success">{t(`twoFactor.${notice}`)}</FormNotice> : null}
        {pageError ? <FormNotice kind="error">{t(pageError)}</FormNotice> : null}
        <UnsentNotice message="twoFactor.unsent" />
        {isAdmin && !hasFactor ? <FormNotice kind="error">{t("twoFactor.adminRequired")}</FormNotice> : null}
        <section className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          {enrolment ? (
            <Enrol enrolment={enrolment} redirectTo={redirectTo} lastResult={answer?.result ?? null} />
          ) : hasFactor ? (
            <>
              <p className="mb-4 text-ink-800">{t("twoFactor.on")}</p>
              {isAdmin ? <p className="text-ink-700">{t("twoFactor.adminKeeps")}</p> : <RemoveFactor lastResult={answer?.result ?? null} />}
            </>
          ) : (
            <>
              <p className="mb-4 text-ink-800">{t("twoFactor.off")}</p>
              <IntentButton intent="start" label={t("twoFactor.start")} busyLabel={t("twoFactor.starting")} look="btn-primary" />
            </>
          )}
        </section>
        <Link to="/account" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("twoFactor.back")}
        </Link>
      </div>
    </PageFrame>
  );
}

/** Whether the page's form for `intent` is posting (React's navigation state; false where React does not run). */
function useIntentSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** A form of one button posting its intent, which shows `busyLabel` and cannot be sent twice while that intent is under way. */
function IntentButton({ intent, label, busyLabel, look }: { intent: string; label: string; busyLabel: string; look: "btn-primary" | "btn-secondary" }) {
  const busy = useIntentSubmitting(intent);
  return (
    <Form method="post">
      <SubmitButton name="intent" value={intent} busy={busy} label={label} busyLabel={busyLabel} className={look} />
    </Form>
  );
}

/** Turning it off, with a current code; a member who lost the app is told who can remove it. */
function RemoveFactor({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("account");
  const { form, fields, onFocus } = useMemberForm("two-factor-remove", "remove", lastResult);
  const submitting = useIntentSubmitting("remove");
  return (
    <Form method="post" action={`#${form.id}`} {...getFormProps(form)} onFocus={onFocus} className="grid gap-4">
      <p className="text-ink-800">{t("twoFactor.removeHint")}</p>
      <input type="hidden" name="intent" value="remove" />
      <CodeField field={fields.code} />
      <SubmitButton busy={submitting} label={t("twoFactor.remove")} busyLabel={t("twoFactor.removing")} className="btn-secondary justify-self-start" />
    </Form>
  );
}

function Enrol({ enrolment, redirectTo, lastResult }: { enrolment: Enrolment; redirectTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const { form, fields, onFocus } = useMemberForm("two-factor-confirm", "confirm", lastResult);
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} onFocus={onFocus} className="grid gap-4">
      {form.errors?.[0] ? <FormNotice kind="error">{t(form.errors[0])}</FormNotice> : null}
      <p className="text-ink-800">{t("twoFactor.scan")}</p>
      <img src={enrolment.qrCode} alt={t("twoFactor.qrAlt")} width={208} height={208} className="rounded-md border border-ink-200 bg-white" />
      <div>
        <p className="text-ink-800">{t("twoFactor.manual")}</p>
        <code dir="ltr" data-testid="totp-secret" className="mt-1 block break-all rounded-md bg-ink-100 px-3 py-2 font-mono text-lg tracking-wider text-ink-950">
          {enrolment.secret}
        </code>
      </div>
      <p className="text-ink-800">{t("twoFactor.enterCode")}</p>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="factorId" value={enrolment.factorId} />
      <input type="hidden" name="secret" value={enrolment.secret} />
      <input type="hidden" name="qrCode" value={enrolment.qrCode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <CodeField field={fields.code} />
      <SubmitButton busy={submitting} label={t("twoFactor.confirm")} busyLabel={t("twoFactor.confirming")} className="btn-primary justify-self-start" />
    </Form>
  );
}
