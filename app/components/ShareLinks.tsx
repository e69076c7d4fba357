import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LineIcon } from "~/components/LineIcon";

/** The script that enhances ShareLinks, for the handle of a route that shows them (app/lib/page-scripts.ts). */
export { default as shareLinksScript } from "./share-links.js?url&no-inline";

const BUTTON =
  "btn min-h-10 cursor-pointer border border-ink-300 bg-white px-4 py-2 text-sm text-ink-900 hover:border-ink-500";

/**
 * Sharing a page (news, resources, events) with nobody's widget: nothing
 * loads from a third party and nothing is sent anywhere until the visitor
 * acts.
 *
 * The HTML is all there is without scripts: a "Share" disclosure holding the
 * page's absolute address in a read-only field and a mailto: link (subject =
 * title, body = address). The page's small script (share-links.js, loaded
 * through the route's handle: `shareLinksScript`) adds a "Copy link" button,
 * or turns the whole thing into one Share button that opens the system's
 * share sheet where the browser has the Web Share API.
 *
 * The disclosure's panel opens under the button and spans the row it is in,
 * at most 26rem: the caller makes that row `relative`. Anchored to the button
 * instead, it ran past the screen's edge wherever the button was not near
 * the row's start (an event's side panel, a wrapped row of buttons).
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("share");
  const fieldId = useId();
  const mailto = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;

  return (
    <div data-share data-title={title} data-url={url} className="print:hidden">
      <button type="button" data-share-native hidden className={BUTTON}>
        <ShareIcon />
        {t("share")}
      </button>
      <details className="group">
        <summary className={`${BUTTON} list-none [&::-webkit-details-marker]:hidden`}>
          <ShareIcon />
          {t("share")}
          <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4 text-ink-500 transition-transform group-open:rotate-180">
            <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </summary>
        <div
          role="group"
          aria-label={t("panelLabel")}
          className="absolute start-0 z-20 mt-2 w-full max-w-[26rem] rounded-md border border-ink-200 bg-white p-4 shadow-lg"
        >
          <label htmlFor={fieldId} className="block text-sm font-semibold text-ink-800">
            {t("link")}
          </label>
          <div className="mt-2 flex flex-wrap gap-2">
            <input
              id={fieldId}
              type="text"
              readOnly
              value={url}
              dir="ltr"
              className="min-w-40 flex-1 rounded-md border border-ink-300 bg-ink-50 px-3 py-2 font-mono text-sm text-ink-800"
            />
            <button type="button" data-share-copy hidden className={`${BUTTON} shrink-0`}>
              {t("copy")}
            </button>
          </div>
          <a
            href={mailto}
            className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700"
          >
            <MailIcon />
            {t("email")}
          </a>
          <p
            role="status"
            data-share-status
            data-copied={t("copied")}
            data-copy-failed={t("copyFailed")}
            className="mt-2 text-sm text-ink-700 empty:mt-0"
          />
        </div>
      </details>
    </div>
  );
}

/**
 * Google Translate's language codes where they differ from ours. Only the
 * visitor's click on the link sends anything to Google: nothing is loaded
 * from there while the page is read.
 */
const TRANSLATOR_LANGUAGES: Record<string, string> = { zh: "zh-CN" };

/**
 * The page in the visitor's language through Google Translate. A URL
 * template of a third party, kept here beside its one use rather than in
 * site.ts, which holds the network's own addresses.
 */
function translateHref(url: string, language: string): string {
  const target = TRANSLATOR_LANGUAGES[language] ?? language;
  return `https://translate.google.com/translate?sl=auto&tl=${encodeURIComponent(target)}&u=${encodeURIComponent(url)}`;
}

/** An external link (new tab, no opener, no referrer) to the machine translation of `url`. */
export function TranslateLink({ url }: { url: string }) {
  const { t, i18n } = useTranslation("share");
  return (
    <a
      href={translateHref(url, i18n.language)}
      target="_blank"
      rel="noopener noreferrer"
      title={t("translateTitle")}
      className={`${BUTTON} print:hidden`}
    >
      <TranslateIcon />
      {t("translate")}
      <span className="sr-only">
        {" "}
        ({t("translateTitle")}) {t("common:externalLink")}
      </span>
    </a>
  );
}

function ShareIcon() {
  return (
    <LineIcon className="h-4 w-4 shrink-0">
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </LineIcon>
  );
}

function MailIcon() {
  return (
    <LineIcon className="h-4 w-4 shrink-0">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5 12 13l8.5-6.5" />
    </LineIcon>
  );
}

function TranslateIcon() {
  return (
    <LineIcon className="h-4 w-4 shrink-0">
      <path d="M4 5h8M8 3v2M10.5 5c-.8 3.6-3 6.6-6.5 8.5M6 8.5c1 2 2.6 3.6 4.5 4.5" />
      <path d="M12.5 21l4-9 4 9M14 17.5h5" />
    </LineIcon>
  );
}
