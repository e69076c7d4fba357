import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { getFixedT } from "~/lib/i18n.server";
import { titledPageMeta } from "~/lib/seo";

const CAMPAIGNS = ["prisoners", "housing", "migrants", "climate"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request, "pages");
  return { title: t("campaigns.meta.title"), description: t("campaigns.meta.description") };
}

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export default function CampaignsPage() {
  const { t } = useTranslation("pages");
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
