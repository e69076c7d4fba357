import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useMemberForm } from "~/lib/use-member-form";
import { parseForm } from "~/lib/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isAuthWeakPasswordError, type SupabaseClient } from "@supabase/supabase-js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Field, FormNotice, TextInput } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { formSubmittingScript, SubmitButton } from "~/components/SubmitButton";
import { requireViewer } from "~/lib/auth.server";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import { memberForm } from "~/lib/member-action.server";
import { PASSWORD_MAX } from "~/lib/member-fields";
import { DeleteAccountSchema, PasswordChangeSchema, PublicNameSchema } from "~/lib/member-schemas";
import { PUBLIC_NAME_MAX } from "~/lib/public-name";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from "~/lib/password-policy.server";
import { clientKey, emailKey, withinLimit } from "~/lib/rate-limit.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { renameProfile } from "~/models/profiles.server";
import { logError } from "~/lib/log.server";
import type { PageHandle } from "~/lib/page-scripts";

/**
 * /account: the member's public name, password, data and account. Every change that could hurt
 * (a new password, deleting the account) asks for the current password first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers, viewer } = await requireViewer(request, context);
  const t = await getFixedT(request, "account");
  const url = new URL(request.url);
  const notice = url.searchParams.get("password") === "reset" ? "passwordReset" : url.searchParams.get("email") === "confirmed" ? "emailConfirmed" : null;
  const saved = url.searchParams.get("saved");
  return data(
    { title: t("account.meta.title"), viewer, notice, saved: isIntent(saved) ? saved : null, strings: await namespaceStrings(request, "account") },
    { headers },
  );
}

type Intent = "rename" | "password" | "delete";

type AccountAnswer = { intent: Intent; result: SubmissionResult<string[]> };

const SCHEMAS = { rename: PublicNameSchema, password: PasswordChangeSchema, delete: DeleteAccountSchema } as const;
const isIntent = (value: unknown): value is Intent => value === "rename" || value === "password" || value === "delete";

/** Whether `password` is the account's password: a sign-in on a client without cookies, signed out again at once. */
async function passwordIsRight(env: Env, email: string, password: string): Promise<boolean | "failed"> {
  const check: SupabaseClient = createAnonSupabaseClient(env);
  const { error } = await check.auth.signInWithPassword({ email, password });
  if (error) return error.code === "invalid_credentials" ? false : "failed";
  await check.auth.signOut({ scope: "local" });
  return true;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await memberForm(request);
  const { supabase, headers, viewer } = await requireViewer(request, context);
  const intent = formData.get("intent");
  if (intent === "signOutEverywhere") {
    // Every session of the account ends, this one too: other browsers are signed out at their next request.
    const { error } = await supabase.auth.signOut({ scope: "global" });
    if (error) {
      logError("Signing out everywhere failed", error);
      throw new Response("Signing out everywhere failed", { status: 503, headers });
    }
    return redirect("/login?signedOut=everywhere", { headers });
  }
  if (!isIntent(intent)) throw new Response("Unknown action", { status: 400 });
  const submission = parseForm(formData, SCHEMAS[intent]);
  const reply = (status: number, errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data<AccountAnswer>({ intent, result: submission.reply({ ...errors, hideFields: ["password", "currentPassword", "newPassword"] }) }, { status, headers });
  // A change made is answered with a redirect, back at its form: reloading the page sends nothing again.
  const saved = () => redirect(`/account?saved=${intent}#account-${intent}`, { headers });
  if (submission.status !== "success") return reply(400);
  const env = context.cloudflare.env;

  if (submission.value.intent === "rename") {
    const { error } = await renameProfile(supabase, viewer.id, submission.value.publicName);
    if (!error) {
      // The name is the author's on news, events and resources: the edge cache is emptied (decision 041).
      context.purgeEdgeCache?.();
      return saved();
    }
    if (error.code === "23505") return reply(409, { fieldErrors: { publicName: ["errors.publicName.taken"] } });
    if (error.code === "23514") {
      const reserved = /reserved/.test(error.message);
      return reply(400, { fieldErrors: { publicName: [reserved ? "errors.publicName.reserved" : "errors.publicName.characters"] } });
    }
    logError("Renaming failed", error);
    return reply(503, { formErrors: ["errors.accountFailed"] });
  }

  // Password checks count as sign-in attempts: the same limit as /login.
  if (!(await withinLimit(env, "LOGIN_LIMITER", [clientKey(request), emailKey(viewer.email)]))) {
    return reply(429, { formErrors: ["errors.rateLimited"] });
  }
  const current = submission.value.intent === "password" ? submission.value.currentPassword : submission.value.password;
  const right = await passwordIsRight(env, viewer.email, current);
  if (right === "failed") return reply(503, { formErrors: ["errors.accountFailed"] });
  if (!right) {
    return reply(400, { fieldErrors: { [submission.value.intent === "password" ? "currentPassword" : "password"]: ["errors.wrongPassword"] } });
  }

  if (submission.value.intent === "password") {
    const problem = passwordProblem(submission.value.newPassword, { email: viewer.email, publicName: viewer.username });
    if (problem) return reply(400, { fieldErrors: { newPassword: [PASSWORD_PROBLEM_MESSAGES[problem]] } });
    const { error } = await supabase.auth.updateUser({ password: submission.value.newPassword });
    if (!error) return saved();
    if (isAuthWeakPasswordError(error)) return reply(400, { fieldErrors: { newPassword: ["errors.weakPassword.length"] } });
    if (error.code === "same_password") return reply(400, { fieldErrors: { newPassword: ["errors.samePassword"] } });
    logError("Changing a password failed", error);
    return reply(503, { formErrors: ["errors.accountFailed"] });
  }

  const { error } = await supabase.rpc("delete_own_account");
  if (error) {
    logError("Deleting an account failed", error);
    return reply(503, { formErrors: ["errors.accountFailed"] });
  }
  // The author's name leaves news, events and resources: the edge cache is emptied (decision 041).
  context.purgeEdgeCache?.();
  // The session is gone with the account: this forgets it (Supabase Auth's 403 counts as signed out).
  await supabase.auth.signOut({ scope: "local" });
  return redirect("/login?deleted", { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

/** No React: the forms post as HTML and the server answers with the messages (docs/decisions/040). */
export const handle: PageHandle = { scripts: [formSubmittingScript] };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 className="mb-4 text-2xl font-bold tracking-tight text-ink-950">{title}</h2>
      {children}
    </section>
  );
}

/** Whether the page's form for `intent` is posting (React's navigation state; false where React does not run). */
function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * One of the page's forms, with its own conform state; only the answer to its own intent shows in it.
 * Each posts to `#<its id>` and a change made comes back there: the page opens at the form's message.
 */
function useAccountForm(intent: Intent) {
  const answer = useActionData<typeof action>();
  const { saved } = useLoaderData<typeof loader>();
  const mine = answer?.intent === intent ? answer : undefined;
  const { form, fields, onFocus } = useMemberForm(`account-${intent}`, intent, mine?.result);
  return { form, fields, onFocus, submitting: useSubmitting(intent), done: !mine && saved === intent };
}

export default function AccountPage() {
  const { viewer, notice, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const { t } = useTranslation("account");
  const rename = useAccountForm("rename");
  const password = useAccountForm("password");
  const remove = useAccountForm("delete");
  const signingOut = useSubmitting("signOutEverywhere");
  const formClass = "grid gap-1";

  return (
    <PageFrame title={t("account.title")} subtitle={t("account.subtitle", { name: viewer.username })}>
      <div className="mx-auto grid max-w-2xl gap-8">
        {notice ? <FormNotice kind="success">{t(`account.${notice}`)}</FormNotice> : null}
        {viewer.isMember ? null : <FormNotice kind="success">{t("account.pending")}</FormNotice>}

        <Section title={t("account.rename.title")}>
          <Form method="post" action={`#${rename.form.id}`} {...getFormProps(rename.form)} onFocus={rename.onFocus} className={formClass}>
            {rename.done ? <FormNotice kind="success">{t("account.rename.done")}</FormNotice> : null}
            {rename.form.errors?.[0] ? <FormNotice kind="error">{t(rename.form.errors[0])}</FormNotice> : null}
            <input type="hidden" name="intent" value="rename" />
            <Field ns="account" field={rename.fields.publicName} label={t("fields.publicName")} required hint={t("signup.publicNameHint")}>
              <TextInput
                field={rename.fields.publicName}
                type="text"
                required
                maxLength={PUBLIC_NAME_MAX}
                defaultValue={viewer.username}
                dir="auto"
                autoComplete="off"
              />
            </Field>
            <SubmitButton busy={rename.submitting} label={t("account.rename.submit")} busyLabel={t("account.saving")} className="btn-primary justify-self-start" />
          </Form>
        </Section>

        <Section title={t("account.password.title")}>
          <Form method="post" action={`#${password.form.id}`} {...getFormProps(password.form)} onFocus={password.onFocus} className={formClass}>
            {password.done ? <FormNotice kind="success">{t("account.password.done")}</FormNotice> : null}
            {password.form.errors?.[0] ? <FormNotice kind="error">{t(password.form.errors[0])}</FormNotice> : null}
            <input type="hidden" name="intent" value="password" />
            <Field ns="account" field={password.fields.currentPassword} label={t("fields.currentPassword")} required>
              <TextInput field={password.fields.currentPassword} type="password" required autoComplete="current-password" maxLength={PASSWORD_MAX} />
            </Field>
            <Field ns="account" field={password.fields.newPassword} label={t("fields.newPassword")} required hint={t("signup.passwordHint")}>
              <TextInput field={password.fields.newPassword} type="password" required autoComplete="new-password" maxLength={PASSWORD_MAX} />
            </Field>
            <SubmitButton busy={password.submitting} label={t("account.password.submit")} busyLabel={t("account.saving")} className="btn-primary justify-self-start" />
          </Form>
        </Section>

        <Section title={t("account.twoFactor.title")}>
          <p className="mb-4 text-ink-700">{viewer.hasSecondFactor ? t("account.twoFactor.on") : t("account.twoFactor.off")}</p>
          <Link to="/account/two-factor" className="btn-secondary">
            {t("account.twoFactor.manage")}
          </Link>
        </Section>

        <Section title={t("account.sessions.title")}>
          <p className="mb-4 text-ink-700">{t("account.sessions.text")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="signOutEverywhere" />
            <SubmitButton
              busy={signingOut}
              label={t("account.sessions.submit")}
              busyLabel={t("account.sessions.submitting")}
              className="btn-secondary"
            />
          </Form>
        </Section>

        <Section title={t("account.data.title")}>
          <p className="mb-4 text-ink-700">{t("account.data.text")}</p>
          <a href="/account/data.json" download className="btn-secondary">
            {t("account.data.download")}
          </a>
        </Section>

        <Section title={t("account.delete.title")}>
          <p className="mb-4 text-ink-700">{t("account.delete.text")}</p>
          <Form method="post" action={`#${remove.form.id}`} {...getFormProps(remove.form)} onFocus={remove.onFocus} className={formClass}>
            {remove.form.errors?.[0] ? <FormNotice kind="error">{t(remove.form.errors[0])}</FormNotice> : null}
            <input type="hidden" name="intent" value="delete" />
            <Field ns="account" field={remove.fields.password} label={t("fields.password")} required>
              <TextInput field={remove.fields.password} type="password" required autoComplete="current-password" maxLength={PASSWORD_MAX} />
            </Field>
            <SubmitButton
              busy={remove.submitting}
              label={t("account.delete.submit")}
              busyLabel={t("account.delete.submitting")}
              className="btn justify-self-start border border-accent-700 bg-white text-accent-800 hover:bg-accent-300/20"
            />
          </Form>
        </Section>
      </div>
    </PageFrame>
  );
}
