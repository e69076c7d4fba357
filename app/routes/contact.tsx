import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/ContactForm";
import { formSubmittingScript } from "~/components/SubmitButton";
import { PageFrame } from "~/components/PageFrame";
import { SiteLink } from "~/components/SiteLink";
import { handleContactSubmission } from "~/models/contacts.server";
import { getFixedT } from "~/lib/i18n.server";
import { site, type RegionalContact } from "~/lib/site";
import { titledPageMeta } from "~/lib/seo";
import type { PageHandle } from "~/lib/page-scripts";

/** Labels come from the footer's list (common namespace): one wording for the same addresses. */
const ADDRESSES: ReadonlyArray<{ key: RegionalContact; label: string }> = [
  { key: "general", label: "common:footer.regions.general" },
  { key: "europe", label: "common:footer.regions.europe" },
  { key: "americas", label: "common:footer.regions.americas" },
  { key: "asiapacific", label: "common:footer.regions.asiapacific" },
  { key: "africaMideast", label: "common:footer.regions.africaMideast" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request, "contact");
  return { title: t("contactPage.meta.title"), description: t("contactPage.meta.description") };
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleContactSubmission(request, context, "contact");
}

export const meta: MetaFunction<typeof loader> = titledPageMeta;

export const handle: PageHandle = { scripts: [formSubmittingScript] };

export default function ContactPage() {
  const { t } = useTranslation("contact");
  return (
    <PageFrame title={t("contactPage.title")} subtitle={t("contactPage.subtitle")}>
      <div className="grid gap-10 lg:grid-cols-3 lg:gap-12">
        <div className="lg:col-span-2">
          <p className="mb-8 max-w-[68ch] text-lg leading-relaxed text-ink-800">{t("contactPage.intro")}</p>
          <ContactForm title={t("contactPage.formTitle")} />
        </div>
        <aside aria-labelledby="contact-addresses">
          <h2 id="contact-addresses" className="text-xl font-bold tracking-tight text-ink-950">
            {t("contactPage.addresses.heading")}
          </h2>
          <p className="mt-2 text-ink-700">{t("contactPage.addresses.intro")}</p>
          <ul className="mt-5 flex flex-col gap-4">
            {ADDRESSES.map(({ key, label }) => (
              <li key={key} className="flex flex-col">
                <span className="text-sm text-ink-600">{t(label)}</span>
                <SiteLink
                  to={`mailto:${site.email[key]}`}
                  className="break-all font-medium text-accent-700 underline decoration-accent-600/40 underline-offset-2 hover:decoration-accent-700"
                >
                  {site.email[key]}
                </SiteLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </PageFrame>
  );
}
