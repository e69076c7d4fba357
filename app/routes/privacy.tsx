import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { RETENTION_PERIODS, type RetentionItem, type RetentionPeriod } from "~/lib/retention";
import { site } from "~/lib/site";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

const NOT_COLLECTED = ["analytics", "thirdParty", "ipAddresses", "sharing"] as const;

/** Every kind of thing the site stores about people: one row each of the table "What we keep, and for how long". */
const STORED = [
  "account",
  "application",
  "contributions",
  "votes",
  "reports",
  "messages",
  "newsletter",
  "activity",
  "languageCookie",
  "sessionCookies",
  "shortCookies",
] as const;

/** The rows whose "how long" is a period the daily housekeeping applies (app/lib/retention.ts, the database's own). */
const PERIOD_OF: Partial<Record<(typeof STORED)[number], RetentionItem>> = {
  reports: "resolved_reports",
  messages: "messages",
  newsletter: "newsletter_unconfirmed",
  activity: "admin_activity",
};

const DURATION = { days: "privacy.stored.duration.days", months: "privacy.stored.duration.months" } as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "privacy.meta.title", description: "privacy.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function PrivacyPage() {
  const { t } = useRouteTranslation("pages");
  const email = site.email.general;
  const duration = ({ amount, unit }: RetentionPeriod) => t(DURATION[unit], { count: amount });
  return (
    <PageFrame title={t("privacy.title")} subtitle={t("privacy.subtitle")}>
      <Prose>
        <p>{t("privacy.intro")}</p>

        <h2 id="stored">{t("privacy.stored.heading")}</h2>
        <p>{t("privacy.stored.intro")}</p>
        {/* A wide table scrolls sideways on a narrow screen instead of widening the page. */}
        <div className="overflow-x-auto">
          <table>
            <caption className="sr-only">{t("privacy.stored.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("privacy.stored.columns.what")}</th>
                <th scope="col">{t("privacy.stored.columns.why")}</th>
                <th scope="col">{t("privacy.stored.columns.howLong")}</th>
                <th scope="col">{t("privacy.stored.columns.who")}</th>
              </tr>
            </thead>
            <tbody>
              {STORED.map((row) => {
                const item = PERIOD_OF[row];
                return (
                  <tr key={row} id={`stored-${row}`}>
                    <th scope="row" className="font-normal">
                      <PageText i18nKey={`privacy.stored.rows.${row}.what`} />
                    </th>
                    <td>{t(`privacy.stored.rows.${row}.why`)}</td>
                    <td>{t(`privacy.stored.rows.${row}.howLong`, item ? { period: duration(RETENTION_PERIODS[item]) } : {})}</td>
                    <td>{t(`privacy.stored.rows.${row}.who`)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        <h2>{t("privacy.notCollected.heading")}</h2>
        <ul>
          {NOT_COLLECTED.map((item) => (
            <li key={item}>
              <PageText i18nKey={`privacy.notCollected.${item}`} />
            </li>
          ))}
        </ul>

        <h2>{t("privacy.cookies.heading")}</h2>
        <p>{t("privacy.cookies.intro")}</p>

        <h2>{t("privacy.messages.heading")}</h2>
        <p>{t("privacy.messages.p1")}</p>
        <p>{t("privacy.messages.p2")}</p>
        <p>{t("privacy.messages.p3")}</p>

        <h2>{t("privacy.newsletter.heading")}</h2>
        <p>{t("privacy.newsletter.p1")}</p>

        <h2>{t("privacy.deletion.heading")}</h2>
        <p>
          <PageText i18nKey="privacy.deletion.p1" links={{ mail: `mailto:${email}` }} values={{ email }} />
        </p>

        <h2>{t("privacy.changes.heading")}</h2>
        <p>{t("privacy.changes.p1")}</p>
      </Prose>
    </PageFrame>
  );
}
