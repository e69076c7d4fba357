import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

const FORM_RULES = ["purpose", "spam", "others", "abuse"] as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "terms.meta.title", description: "terms.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function TermsPage() {
  const { t } = useRouteTranslation("pages");
  return (
    <PageFrame title={t("terms.title")} subtitle={t("terms.subtitle")}>
      <Prose>
        <p>{t("terms.intro")}</p>

        <h2>{t("terms.licence.heading")}</h2>
        <p>
          <PageText i18nKey="terms.licence.p1" />
        </p>
        <p>{t("terms.licence.p2")}</p>

        <h2>{t("terms.warranty.heading")}</h2>
        <p>{t("terms.warranty.p1")}</p>
        <p>{t("terms.warranty.p2")}</p>

        <h2>{t("terms.forms.heading")}</h2>
        <p>{t("terms.forms.intro")}</p>
        <ul>
          {FORM_RULES.map((rule) => (
            <li key={rule}>{t(`terms.forms.${rule}`)}</li>
          ))}
        </ul>

        <h2>{t("terms.moderation.heading")}</h2>
        <p>{t("terms.moderation.p1")}</p>
        <p>
          <PageText i18nKey="terms.moderation.p2" />
        </p>

        <h2>{t("terms.changes.heading")}</h2>
        <p>{t("terms.changes.p1")}</p>
      </Prose>
    </PageFrame>
  );
}
