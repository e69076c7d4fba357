import { useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EMAIL_MAX } from "~/lib/form-fields";
import {
  NEWSLETTER_ENHANCED_FIELD,
  NEWSLETTER_FLASH,
  NEWSLETTER_RETURN_FIELD,
  NEWSLETTER_STATES,
  type NewsletterActionData,
  type NewsletterPageData,
  type NewsletterState,
} from "~/lib/newsletter-form";

const MESSAGES: Record<NewsletterState, string> = {
  subscribed: "newsletter.subscribed",
  invalid: "newsletter.invalid",
  limited: "newsletter.limited",
  failed: "newsletter.failed",
};

function isNewsletterState(value: unknown): value is NewsletterState {
  return typeof value === "string" && (NEWSLETTER_STATES as readonly string[]).includes(value);
}

/**
 * The footer's subscription form. One component, two behaviours: a fetcher
 * form (the page stays put, the answer appears inline, a wrong address keeps
 * its value) once JavaScript runs, a plain POST to /newsletter when it does
 * not: a subscription comes back to this page with
 * `?newsletter=subscribed#newsletter`; anything else is answered by
 * /newsletter itself, which shows this form with `answer` (the error, the
 * address kept) and the page to go back to.
 */
export function NewsletterForm({ answer }: { answer?: NewsletterPageData }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation("contact");
  const fetcher = useFetcher<NewsletterActionData>({ key: "newsletter" });
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const submitting = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // A confirmed subscription empties the field, as the page without JavaScript comes back empty.
  const subscribedData = fetcher.state === "idle" && fetcher.data?.state === "subscribed" ? fetcher.data : null;
  useEffect(() => {
    if (subscribedData) formRef.current?.reset();
  }, [subscribedData]);

  // A fetcher's answer is newer than the flash of an earlier post without JavaScript.
  const flash = searchParams.get(NEWSLETTER_FLASH);
  const reply: NewsletterActionData | undefined = fetcher.data ?? answer;
  const state: NewsletterState | undefined = submitting
    ? undefined
    : (reply?.state ?? (isNewsletterState(flash) ? flash : undefined));
  // One field, validated by the action with NewsletterSchema and answered in the site's language:
  // no schema library in every page's JavaScript for it.
  const fieldError = submitting ? undefined : reply?.result.error?.email?.[0];
  const invalid = Boolean(fieldError) || state === "invalid";
  const error = fieldError ? tc(fieldError) : state && state !== "subscribed" ? tc(MESSAGES[state]) : null;
  const success = !error && state === "subscribed" ? tc(MESSAGES.subscribed) : null;
  const errorId = "newsletter-error";

  const back = new URLSearchParams(location.search);
  back.delete(NEWSLETTER_FLASH);
  const returnTo = answer?.back ?? `${location.pathname}${back.size ? `?${back}` : ""}`;
  const typed = answer?.result.initialValue?.email;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      // Also the #newsletter anchor that a post without JavaScript returns to.
      id="newsletter"
      // The server's answer is translated into the site's language; the browser's own bubble is not.
      noValidate
      aria-labelledby="newsletter-heading"
      className="scroll-mt-24 rounded-lg border border-ink-800 bg-ink-900 p-6 print:hidden lg:col-span-12 lg:flex lg:items-start lg:gap-8"
    >
      <div className="lg:flex-1">
        <h2 id="newsletter-heading" className="text-lg font-bold text-white">
          {t("footer.newsletter.heading")}
        </h2>
        <p id="newsletter-description" className="mt-1 text-[0.95rem] text-ink-300">
          {t("footer.newsletter.description")}
        </p>
      </div>
      <div className="mt-4 lg:mt-0 lg:w-[28rem]">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="newsletter-email" className="mb-1 block text-sm font-medium text-ink-200">
              {t("footer.newsletter.emailLabel")}
            </label>
            <input
              id="newsletter-email"
              name="email"
              type="email"
              required
              maxLength={EMAIL_MAX}
              autoComplete="email"
              defaultValue={typeof typed === "string" ? typed : undefined}
              dir="ltr"
              aria-invalid={invalid || undefined}
              aria-describedby={error ? `${errorId} newsletter-description` : "newsletter-description"}
              className="block min-h-11 w-full rounded-md border border-ink-600 bg-ink-950 px-3 text-white focus:border-accent-500 aria-[invalid=true]:border-accent-400 rtl:text-right"
            />
          </div>
          <button type="submit" disabled={submitting} className="btn-primary disabled:cursor-wait disabled:opacity-70">
            {submitting ? tc("newsletter.submitting") : t("footer.newsletter.submit")}
          </button>
        </div>
        <input type="hidden" name={NEWSLETTER_RETURN_FIELD} value={returnTo} />
        {hydrated ? <input type="hidden" name={NEWSLETTER_ENHANCED_FIELD} value="1" /> : null}
        {/* Both live regions are always there, so that what appears in them is announced. */}
        <p id={errorId} role="alert" className="text-sm font-medium text-accent-300 not-empty:mt-2">
          {error}
        </p>
        <p role="status" className="text-sm font-medium text-emerald-300 not-empty:mt-2">
          {success}
        </p>
      </div>
    </fetcher.Form>
  );
}
