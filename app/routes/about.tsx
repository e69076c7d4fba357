import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Fragment } from "react";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

const OBJECTIVES = ["solidarity", "resources", "action", "voices"] as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "about.meta.title", description: "about.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function AboutPage() {
  const { t } = useRouteTranslation("pages");
  return (
    <PageFrame title={t("about.title")} subtitle={t("about.subtitle")}>
      <Prose>
        <h2>{t("about.whoWeAre.heading")}</h2>
        <p>{t("about.whoWeAre.p1")}</p>
        <p>{t("about.whoWeAre.p2")}</p>

        <h2>{t("about.origins.heading")}</h2>
        <p>{t("about.origins.p1")}</p>
        <p>{t("about.origins.p2")}</p>

        <h2>{t("about.principles.heading")}</h2>
        <p>
          <PageText i18nKey="about.principles.p1" />
        </p>

        <h2>{t("about.objectives.heading")}</h2>
        <p>{t("about.objectives.intro")}</p>
        {OBJECTIVES.map((objective) => (
          <Fragment key={objective}>
            <h3>{t(`about.objectives.${objective}.heading`)}</h3>
            <p>{t(`about.objectives.${objective}.text`)}</p>
          </Fragment>
        ))}

        <h2>{t("about.getInvolved.heading")}</h2>
        <p>
          <PageText i18nKey="about.getInvolved.p1" />
        </p>
      </Prose>
    </PageFrame>
  );
}
