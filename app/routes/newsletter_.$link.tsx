import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "~/components/FormField";
import { PageFrame } from "~/components/PageFrame";
import { SubmitButton, formSubmittingScript } from "~/components/SubmitButton";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";
import { memberForm } from "~/lib/member-action.server";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { NewsletterLinkSchema } from "~/lib/schemas";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { confirmNewsletterSubscription, unsubscribeFromNewsletter } from "~/models/newsletter.server";
import { logError } from "~/lib/log.server";

/**
 * /newsletter/confirm?token=… and /newsletter/unsubscribe?token=…: the links of the newsletter's
 * mail (the confirmation mail; the unsubscribe link the admins' export gives every subscriber).
 * Both work without signing in and without JavaScript. A GET only shows a button, so that mail
 * scanners following links change nothing; the POST confirms, or removes the address.
 */
const LINKS = ["confirm", "unsubscribe"] as const;
type LinkKind = (typeof LINKS)[number];

type Outcome = { done: true; unsubscribeToken: string | null } | { done: false; error: "expired" | "limited" | "failed" };
const STATUS = { expired: 404, limited: 429, failed: 503 } as const;

function linkOf(params: LoaderFunctionArgs["params"]): LinkKind {
  const kind = LINKS.find((link) => link === params.link);
  if (!kind) throw data(null, { status: 404 });
  return kind;
}

function tokenOf(source: URLSearchParams | FormData): string | null {
  const parsed = NewsletterLinkSchema.safeParse({ token: source.get("token") });
  return parsed.success ? parsed.data.token : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = linkOf(params);
  const token = tokenOf(new URL(request.url).searchParams);
  const t = await getFixedT(request, "newsletter");
  return data(
    { kind, token, title: t(`${kind}.meta`), strings: await namespaceStrings(request, "newsletter") },
    // A malformed link finds nothing: the page says so, with the status a missing page has.
    { status: token ? 200 : 404, headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const kind = linkOf(params);
  const token = tokenOf(await memberForm(request));
  const refused = (error: keyof typeof STATUS) => data<Outcome>({ done: false, error }, { status: STATUS[error] });
  if (!token) return refused("expired");
  const env = context.cloudflare.env;
  // A budget of its own beside the subscriptions' (another key): subscribing, confirming, then unsubscribing is one visitor's minute.
  if (!(await withinLimit(env, "NEWSLETTER_LIMITER", [`link:${clientKey(request)}`]))) return refused("limited");
  const supabase = createAnonSupabaseClient(env);
  try {
    if (kind === "confirm") {
      const unsubscribeToken = await confirmNewsletterSubscription(supabase, token);
      return unsubscribeToken ? data<Outcome>({ done: true, unsubscribeToken }) : refused("expired");
    }
    return (await unsubscribeFromNewsletter(supabase, token)) ? data<Outcome>({ done: true, unsubscribeToken: null }) : refused("expired");
  } catch (error) {
    logError(`Newsletter ${kind} failed`, error);
    return refused("failed");
  }
}

// The page carries a token in its address: never kept by a shared cache.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function NewsletterLinkPage() {
  const { kind, token, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const outcome = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("newsletter");
  const submitting = navigation.state === "submitting";
  const answer = navigation.state === "idle" ? outcome : undefined;
  const error = token ? (answer && !answer.done ? answer.error : null) : "expired";

  return (
    <PageFrame title={t(`${kind}.title`)} subtitle={answer?.done ? undefined : t(`${kind}.subtitle`)}>
      <div className="mx-auto grid max-w-lg gap-6">
        {error ? <FormNotice kind="error">{t(`errors.${error}`)}</FormNotice> : null}
        {answer?.done ? (
          <>
            <FormNotice kind="success">{t(`${kind}.done`)}</FormNotice>
            {answer.unsubscribeToken ? (
              <p>
                {t("confirm.changedMind")}{" "}
                <Link
                  to={`/newsletter/unsubscribe?token=${answer.unsubscribeToken}`}
                  className="font-semibold text-accent-700 underline underline-offset-2"
                >
                  {t("confirm.unsubscribe")}
                </Link>
              </p>
            ) : null}
          </>
        ) : token && error !== "expired" ? (
          <Form method="post" className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
            <input type="hidden" name="token" value={token} />
            <SubmitButton busy={submitting} label={t(`${kind}.submit`)} busyLabel={t(`${kind}.submitting`)} className="btn-primary w-full" />
          </Form>
        ) : null}
        <Link to="/" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("home")}
        </Link>
      </div>
    </PageFrame>
  );
}
