import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Fragment } from "react";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { SiteLink } from "~/components/SiteLink";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

const DETAILS = ["when", "where", "who", "format"] as const;
const OBJECTIVES = ["movementBuilding", "strategicPlanning", "resourceSharing", "directAction"] as const;
/** The three ways to take part, each with the page it leads to. */
const PARTICIPATION = [
  { id: "delegate", to: "/join" },
  { id: "online", to: "/contact" },
  { id: "proposals", to: "/voting" },
] as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "congress.meta.title", description: "congress.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function CongressPage() {
  const { t } = useRouteTranslation("pages");
  return (
    <PageFrame title={t("congress.title")} subtitle={t("congress.subtitle")}>
      <Prose>
        <p>{t("congress.intro")}</p>

        <h2>{t("congress.details.heading")}</h2>
        <ul>
          {DETAILS.map((detail) => (
            <li key={detail}>
              <PageText i18nKey={`congress.details.${detail}`} />
            </li>
          ))}
        </ul>

        <h2>{t("congress.objectives.heading")}</h2>
        {OBJECTIVES.map((objective) => (
          <Fragment key={objective}>
            <h3>{t(`congress.objectives.${objective}.heading`)}</h3>
            <p>{t(`congress.objectives.${objective}.text`)}</p>
          </Fragment>
        ))}

        <h2>{t("congress.hybrid.heading")}</h2>
        <p>{t("congress.hybrid.p1")}</p>
        <p>{t("congress.hybrid.p2")}</p>

        <h2>{t("congress.participate.heading")}</h2>
        {PARTICIPATION.map(({ id, to }) => (
          <Fragment key={id}>
            <h3>{t(`congress.participate.${id}.heading`)}</h3>
            <p>{t(`congress.participate.${id}.text`)}</p>
            <p>
              <SiteLink to={to}>{t(`congress.participate.${id}.link`)}</SiteLink>
            </p>
          </Fragment>
        ))}
      </Prose>
    </PageFrame>
  );
}
