import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LogoMark } from "~/components/Logo";
import { NewsletterForm } from "~/components/NewsletterForm";
import { SiteLink } from "~/components/SiteLink";
import type { NewsletterFormHandle } from "~/lib/newsletter-form";
import { handleOf } from "~/lib/page-scripts";
import { site, type RegionalContact } from "~/lib/site";

const networkLinks = [
  { to: "/about", label: "footer.links.about" },
  { to: "/principles", label: "footer.links.principles" },
  { to: "/structure", label: "footer.links.structure" },
  { to: "/congress", label: "footer.links.congress" },
  { to: "/campaigns", label: "footer.links.campaigns" },
] as const;

const participateLinks = [
  { to: "/news", label: "footer.links.news" },
  { to: "/events", label: "footer.links.events" },
  { to: "/contact", label: "footer.links.contact" },
  { to: "/security", label: "footer.links.security" },
] as const;

const contacts: ReadonlyArray<{ key: RegionalContact; label: string }> = [
  { key: "general", label: "footer.regions.general" },
  { key: "europe", label: "footer.regions.europe" },
  { key: "americas", label: "footer.regions.americas" },
  { key: "asiapacific", label: "footer.regions.asiapacific" },
  { key: "africaMideast", label: "footer.regions.africaMideast" },
];

const headingClass = "text-xs font-semibold uppercase tracking-[0.14em] text-ink-400";
const linkClass = "rounded text-ink-200 underline-offset-4 hover:text-white hover:underline";

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const formInPage = useMatches().some((match) => handleOf<NewsletterFormHandle>(match).newsletterForm === "in-page");

  return (
    <footer className="border-t-4 border-accent-600 bg-ink-950 text-ink-200">
      <div className="mx-auto grid w-full max-w-6xl gap-12 px-5 py-14 sm:px-8 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <div className="flex items-center gap-3 text-white">
            <LogoMark className="h-10 w-10" />
            <p className="text-base font-bold leading-tight">{site.name}</p>
          </div>
          <p className="mt-4 max-w-sm text-[0.95rem] leading-relaxed text-ink-300">{t("footer.about")}</p>
          <ul className="mt-5 flex flex-col gap-2 text-[0.95rem] print:hidden">
            <li>
              <SiteLink to={site.links.microblog} className={linkClass}>
                {t("footer.links.microblog")}
              </SiteLink>
            </li>
            <li>
              <SiteLink to={site.links.code} className={linkClass}>
                {t("footer.links.code")}
              </SiteLink>
            </li>
          </ul>
        </div>

        <nav aria-labelledby="footer-network" className="lg:col-span-2 print:hidden">
          <h2 id="footer-network" className={headingClass}>
            {t("footer.networkHeading")}
          </h2>
          <ul className="mt-4 flex flex-col gap-2.5 text-[0.95rem]">
            {networkLinks.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className={linkClass}>
                  {t(link.label)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-participate" className="lg:col-span-2 print:hidden">
          <h2 id="footer-participate" className={headingClass}>
            {t("footer.participateHeading")}
          </h2>
          <ul className="mt-4 flex flex-col gap-2.5 text-[0.95rem]">
            {participateLinks.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className={linkClass}>
                  {t(link.label)}
                </SiteLink>
              </li>
            ))}
            <li>
              <SiteLink to="/rss" reloadDocument className={linkClass}>
                {t("footer.links.rss")}
              </SiteLink>
            </li>
          </ul>
        </nav>

        <div className="lg:col-span-4">
          <h2 className={headingClass}>{t("footer.contactHeading")}</h2>
          <ul className="mt-4 flex flex-col gap-2.5 text-[0.95rem]">
            {contacts.map((contact) => (
              <li key={contact.key} className="flex flex-col">
                <span className="text-sm text-ink-400">{t(contact.label)}</span>
                <SiteLink to={`mailto:${site.email[contact.key]}`} className={`${linkClass} break-all`}>
                  {site.email[contact.key]}
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>

        {/* One subscription form per page: /newsletter shows its own. */}
        {formInPage ? null : <NewsletterForm />}
      </div>

      <div className="border-t border-ink-800">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-5 py-6 text-sm text-ink-400 sm:px-8 md:flex-row md:items-center md:justify-between">
          <p>{t("footer.copyright", { year, name: site.name })}</p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 print:hidden">
            <li>
              <SiteLink to="/privacy" className={linkClass}>
                {t("footer.links.privacy")}
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/terms" className={linkClass}>
                {t("footer.links.terms")}
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/admin/login" className={linkClass}>
                {t("footer.links.admin")}
              </SiteLink>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
