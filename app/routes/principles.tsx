import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Fragment } from "react";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

/** Each principle and the keys of its "in practice" list, in reading order. */
const PRINCIPLES = [
  { id: "mutualAid", practice: ["share", "control", "reciprocity"] },
  { id: "directDemocracy", practice: ["assemblies", "consensus", "mandate", "rotation"] },
  { id: "directAction", practice: ["choice", "risk", "support"] },
  { id: "internationalSolidarity", practice: ["calls", "translation", "safety"] },
] as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "principles.meta.title", description: "principles.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function PrinciplesPage() {
  const { t } = useRouteTranslation("pages");
  return (
    <PageFrame title={t("principles.title")} subtitle={t("principles.subtitle")}>
      <Prose>
        <p>{t("principles.intro")}</p>

        {PRINCIPLES.map(({ id, practice }) => (
          <Fragment key={id}>
            <h2>{t(`principles.${id}.heading`)}</h2>
            <p>{t(`principles.${id}.text`)}</p>
            <h3>{t("principles.practiceHeading")}</h3>
            <ul>
              {practice.map((item) => (
                <li key={item}>{t(`principles.${id}.practice.${item}`)}</li>
              ))}
            </ul>
          </Fragment>
        ))}

        <h2>{t("principles.structure.heading")}</h2>
        <p>
          <PageText i18nKey="principles.structure.p1" />
        </p>
      </Prose>
    </PageFrame>
  );
}
