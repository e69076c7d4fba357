/**
 * /newsletter: the footer's subscription form posts here, from any page. With
 * JavaScript the form is a fetcher and gets data back (the page stays as it
 * is). Without, a subscription gets a 303 back to the page it came from, with
 * `?newsletter=subscribed#newsletter` for the footer to show (no personal data
 * in the address, no cookie); anything else (an invalid address, the rate
 * limit, a failure) is answered by this page, with its status, the message and
 * the form with the address kept, and a link back to that page. A GET shows
 * the form alone.
 *
 * A subscription counts once the link in the mail sent here is followed
 * (/newsletter/confirm). The answer is the same, and as quick, whether or
 * not the address was already on the list and whether or not a mail was due.
 */
import { parseForm } from "~/lib/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewsletterForm } from "~/components/NewsletterForm";
import { PageFrame } from "~/components/PageFrame";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { SubmissionResult } from "@conform-to/react";
import {
  NEWSLETTER_ENHANCED_FIELD,
  NEWSLETTER_FLASH,
  NEWSLETTER_RETURN_FIELD,
  type NewsletterActionData,
  type NewsletterFormHandle,
  type NewsletterPageData,
  type NewsletterState,
} from "~/lib/newsletter-form";
import { postedForm } from "~/lib/form-post.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { NewsletterSchema } from "~/lib/schemas";
import { forbiddenCrossOrigin, isSameOriginRequest } from "~/lib/security.server";
import { sendMail } from "~/lib/mail.server";
import { confirmationMail } from "~/lib/newsletter-mail.server";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { createWorkerSupabaseClient } from "~/lib/supabase.server";
import { subscribeToNewsletter, withdrawUnmailedSubscription } from "~/models/newsletter.server";
import type { Supabase } from "~/models/query.server";
import { logError } from "~/lib/log.server";

const STATUS: Record<NewsletterState, number> = { subscribed: 200, invalid: 400, limited: 429, failed: 503 };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request, "newsletter");
  return { title: t("subscribe.meta"), strings: await namespaceStrings(request, "newsletter") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // server.ts already refuses cross-site posts; this also covers `remix vite:dev`, which bypasses it.
  if (!isSameOriginRequest(request)) throw forbiddenCrossOrigin();

  const formData = await postedForm(request);
  const enhanced = formData.get(NEWSLETTER_ENHANCED_FIELD) === "1";
  const back = returnPath(formData.get(NEWSLETTER_RETURN_FIELD), request);

  const answer = (state: NewsletterState, result: SubmissionResult<string[]>) =>
    enhanced
      ? data<NewsletterActionData>({ state, result }, { status: STATUS[state] })
      : state === "subscribed"
        ? redirect(withOutcome(back, state), { status: 303 })
        : data<NewsletterPageData>({ state, result, back }, { status: STATUS[state] });

  const submission = parseForm(formData, NewsletterSchema);
  if (submission.status !== "success") return answer("invalid", submission.reply());

  const env = context.cloudflare.env;
  if (!(await withinLimit(env, "NEWSLETTER_LIMITER", [clientKey(request)]))) {
    return answer("limited", submission.reply({ formErrors: ["newsletter.limited"] }));
  }
  const { email } = submission.value;
  const worker = createWorkerSupabaseClient(env);
  let token: string | null;
  try {
    token = await subscribeToNewsletter(worker, email);
  } catch (error) {
    logError("Newsletter subscription failed", error);
    return answer("failed", submission.reply({ formErrors: ["newsletter.failed"] }));
  }
  // The mail goes after the answer: a reply that waited for it would take longer exactly when the
  // address is not yet on the list, and so tell who is.
  if (token) context.cloudflare.ctx.waitUntil(mailConfirmation(request, env, worker, email, token));
  return answer("subscribed", submission.reply({ resetForm: true }));
}

/** Mails the confirmation link; if the mail cannot go, the pending subscription goes too (the visitor may subscribe again). */
async function mailConfirmation(request: Request, env: Env, worker: Supabase, email: string, token: string) {
  try {
    await sendMail(env, await confirmationMail(request, email, token));
  } catch (error) {
    logError("Newsletter confirmation mail failed", error);
    try {
      await withdrawUnmailedSubscription(worker, token);
    } catch (withdrawal) {
      logError("…and withdrawing the unmailed subscription failed", withdrawal);
    }
  }
}

/**
 * The page to go back to: the form's own hidden field first (the site sends
 * `Referrer-Policy: no-referrer`, so browsers usually omit Referer), then the
 * Referer's path when it is ours, then the home page.
 */
function returnPath(field: FormDataEntryValue | null, request: Request): string {
  if (typeof field === "string" && field) return safeRedirect(field);
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return "/";
    return safeRedirect(`${url.pathname}${url.search}`);
  } catch {
    return "/";
  }
}

function withOutcome(path: string, state: NewsletterState): string {
  const url = new URL(path, "http://localhost");
  url.searchParams.set(NEWSLETTER_FLASH, state);
  return `${url.pathname}${url.search}#newsletter`;
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export const handle: NewsletterFormHandle = { newsletterForm: "in-page" };

export default function NewsletterPage() {
  const { strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const { t } = useTranslation("newsletter");
  const answer = useActionData<typeof action>();
  // A post without JavaScript that did not subscribe renders here with its answer and its way back; so
  // does one that sent the fetcher's field without being a fetcher (a script's POST), its answer shown.
  const page = answer ? { ...answer, back: "back" in answer && typeof answer.back === "string" ? answer.back : "/" } : undefined;
  return (
    <PageFrame title={t("subscribe.title")}>
      <div className="mx-auto grid max-w-3xl gap-6">
        <NewsletterForm answer={page} />
        <Link to={page?.back ?? "/"} className="font-semibold text-accent-700 underline underline-offset-2">
          {page ? t("subscribe.back") : t("home")}
        </Link>
      </div>
    </PageFrame>
  );
}
