import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/ContactForm";
import { formSubmittingScript } from "~/components/SubmitButton";
import { PageFrame } from "~/components/PageFrame";
import { Prose } from "~/components/Prose";
import { handleContactSubmission } from "~/models/contacts.server";
import { getFixedT } from "~/lib/i18n.server";
import { titledPageMeta } from "~/lib/seo";
import type { PageHandle } from "~/lib/page-scripts";

const AFFILIATION = [
  "joinPage.affiliation.principles",
  "joinPage.affiliation.autonomy",
  "joinPage.affiliation.assembly",
  "joinPage.affiliation.solidarity",
  "joinPage.affiliation.leave",
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request, "contact");
  return { title: t("joinPage.meta.title"), description: t("joinPage.meta.description") };
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleContactSubmission(request, context, "join");
}

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function JoinPage() {
  const { t } = useTranslation("contact");
  return (
    <PageFrame title={t("joinPage.title")} subtitle={t("joinPage.subtitle")}>
      <Prose>
        <h2>{t("joinPage.why.heading")}</h2>
        <p>{t("joinPage.why.p1")}</p>
        <p>{t("joinPage.why.p2")}</p>

        <h2>{t("joinPage.affiliation.heading")}</h2>
        <p>{t("joinPage.affiliation.intro")}</p>
        <ul>
          {AFFILIATION.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>

        <h2>{t("joinPage.process.heading")}</h2>
        <p>{t("joinPage.process.p1")}</p>
      </Prose>
      <div className="mt-12 max-w-3xl">
        <ContactForm title={t("joinPage.formTitle")} />
      </div>
    </PageFrame>
  );
}
