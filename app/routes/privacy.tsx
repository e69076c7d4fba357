import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { PageFrame } from "~/components/PageFrame";
import { PageText } from "~/components/PageText";
import { Prose } from "~/components/Prose";
import { getFixedT } from "~/lib/i18n.server";
import { site } from "~/lib/site";

const NOT_COLLECTED = ["analytics", "thirdParty", "ipAddresses", "sharing"] as const;
const COOKIES = ["language", "session"] as const;

export function loader({ request }: LoaderFunctionArgs) {
  const t = getFixedT(request, "pages");
  return { title: t("privacy.meta.title"), description: t("privacy.meta.description") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

export default function PrivacyPage() {
  const { t } = useTranslation("pages");
  const email = site.email.general;
  return (
    <PageFrame title={t("privacy.title")} subtitle={t("privacy.subtitle")}>
      <Prose>
        <p>{t("privacy.intro")}</p>

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
        <ul>
          {COOKIES.map((item) => (
            <li key={item}>
              <PageText i18nKey={`privacy.cookies.${item}`} />
            </li>
          ))}
        </ul>

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
