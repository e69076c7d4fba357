import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

const CONSENSUS_STEPS = ["write", "discuss", "present", "amend", "decide"] as const;
const AFFILIATION_STEPS = ["apply", "meet", "decide"] as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "structure.meta.title", description: "structure.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function StructurePage() {
  const { t } = useRouteTranslation("pages");
  return (
    <PageFrame title={t("structure.title")} subtitle={t("structure.subtitle")}>
      <Prose>
        <p>{t("structure.intro")}</p>

        <h2>{t("structure.regionalAssemblies.heading")}</h2>
        <p>{t("structure.regionalAssemblies.p1")}</p>
        <p>{t("structure.regionalAssemblies.p2")}</p>

        <h2>{t("structure.workingGroups.heading")}</h2>
        <p>{t("structure.workingGroups.p1")}</p>
        <p>{t("structure.workingGroups.p2")}</p>

        <h2>{t("structure.congress.heading")}</h2>
        <p>
          <PageText i18nKey="structure.congress.p1" />
        </p>

        <h2>{t("structure.consensus.heading")}</h2>
        <p>{t("structure.consensus.intro")}</p>
        <h3>{t("structure.consensus.stepsHeading")}</h3>
        <ol>
          {CONSENSUS_STEPS.map((step) => (
            <li key={step}>{t(`structure.consensus.steps.${step}`)}</li>
          ))}
        </ol>
        <p>
          <PageText i18nKey="structure.consensus.responses" />
        </p>
        <h3>{t("structure.consensus.blockingHeading")}</h3>
        <p>{t("structure.consensus.blocking")}</p>
        <h3>{t("structure.consensus.modifiedHeading")}</h3>
        <p>
          <PageText i18nKey="structure.consensus.modified" />
        </p>

        <h2>{t("structure.affiliation.heading")}</h2>
        <p>{t("structure.affiliation.intro")}</p>
        <ol>
          {AFFILIATION_STEPS.map((step) => (
            <li key={step}>
              <PageText i18nKey={`structure.affiliation.steps.${step}`} />
            </li>
          ))}
        </ol>
        <p>{t("structure.affiliation.leave")}</p>
      </Prose>
    </PageFrame>
  );
}
