import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Fragment } from "react";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { site } from "~/lib/site";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

/**
 * The sections of the guide and the keys of their items, in reading order.
 * Tools are named in plain text: the guide links to no third-party site.
 */
const SECTIONS = [
  { id: "practices", items: ["threatModel", "compartmentalisation", "deviceHygiene", "meetings"], intro: false },
  { id: "tools", items: ["tor", "tails", "signal", "email", "diskEncryption", "passwordManager", "twoFactor"], intro: true },
  { id: "privacy", items: ["metadata", "photos", "names", "votes"], intro: false },
  { id: "warnings", items: ["infiltration", "phishing", "anonymity", "seizure"], intro: false },
] as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "security.meta.title", description: "security.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function SecurityPage() {
  const { t } = useRouteTranslation("pages");
  return (
    <PageFrame title={t("security.title")} subtitle={t("security.subtitle")}>
      <Prose>
        <p>{t("security.intro")}</p>
        {SECTIONS.map(({ id, items, intro }) => (
          <Fragment key={id}>
            <h2>{t(`security.${id}.heading`)}</h2>
            {intro ? <p>{t(`security.${id}.intro`)}</p> : null}
            <ul>
              {items.map((item) => (
                <li key={item}>
                  <PageText i18nKey={`security.${id}.${item}`} />
                </li>
              ))}
            </ul>
          </Fragment>
        ))}
        <h2 id="disclosure">{t("security.disclosure.heading")}</h2>
        <p>
          <PageText i18nKey="security.disclosure.text" links={{ mail: `mailto:${site.email.security}` }} values={{ email: site.email.security }} />
        </p>
      </Prose>
    </PageFrame>
  );
}
