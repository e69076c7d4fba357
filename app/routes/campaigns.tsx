import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Fragment } from "react";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { staticPageData } from "~/lib/static-page.server";
import { useRouteTranslation } from "~/lib/i18n";
import { titledPageMeta } from "~/lib/seo";
import type { IsolationHandle } from "~/lib/opener-policy";

const CAMPAIGNS = ["prisoners", "housing", "migrants", "climate"] as const;

export const loader = ({ request }: LoaderFunctionArgs) => staticPageData(request, { title: "campaigns.meta.title", description: "campaigns.meta.description" });

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function CampaignsPage() {
  const { t } = useRouteTranslation("pages");
  return (
    <PageFrame title={t("campaigns.title")} subtitle={t("campaigns.subtitle")}>
      <Prose>
        <p>{t("campaigns.intro")}</p>

        {CAMPAIGNS.map((campaign) => (
          <Fragment key={campaign}>
            <h2>{t(`campaigns.${campaign}.heading`)}</h2>
            <p>{t(`campaigns.${campaign}.text`)}</p>
            <p>
              <PageText i18nKey={`campaigns.${campaign}.howTo`} />
            </p>
          </Fragment>
        ))}

        <h2>{t("campaigns.takePart.heading")}</h2>
        <p>
          <PageText i18nKey="campaigns.takePart.p1" />
        </p>
      </Prose>
    </PageFrame>
  );
}
