import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateFromPayload } from "~/lib/i18n";
import { site } from "~/lib/site";
import type { RootLoaderData } from "~/root";

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootLoaderData | undefined;
  return [
    { title: translateFromPayload(root, "meta.title") },
    { name: "description", content: translateFromPayload(root, "meta.description") },
  ];
};

const figures = [
  { value: site.figures.groups, label: "home.figures.groups" },
  { value: site.figures.members, label: "home.figures.members" },
  { value: site.figures.countries, label: "home.figures.countries" },
  { value: site.figures.congress, label: "home.figures.congress" },
] as const;

export default function Index() {
  const { t } = useTranslation();
  return (
    <>
      <section className="page-band relative overflow-hidden" aria-labelledby="hero-title">
        <div className="mx-auto w-full max-w-6xl px-5 pb-16 pt-32 sm:px-8 sm:pb-24 sm:pt-40">
          <Link
            to="/congress"
            className="group inline-flex max-w-full items-center gap-2.5 rounded-full border border-white/20 bg-white/5 py-1.5 pe-4 ps-1.5 text-sm font-medium text-ink-100 hover:border-white/40 hover:bg-white/10"
          >
            <span className="rounded-full bg-accent-600 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-white">
              {site.figures.congress}
            </span>
            <span className="min-w-0">{t("home.hero.tagline")}</span>
            <span aria-hidden="true" className="transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5">
              →
            </span>
          </Link>
          <h1
            id="hero-title"
            className="mt-8 max-w-4xl text-balance text-4xl font-extrabold leading-[1.08] tracking-tight text-white sm:text-6xl"
          >
            {t("home.hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-pretty text-lg leading-relaxed text-ink-200 sm:text-xl">
            {t("home.hero.subtitle")}
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/about" className="btn-outline">
              {t("home.hero.learnMore")}
            </Link>
            <Link to="/contact" className="btn-primary">
              {t("home.hero.join")}
            </Link>
          </div>
        </div>

        <div className="border-t border-white/10 bg-black/30">
          <div className="mx-auto w-full max-w-6xl px-5 sm:px-8">
            <h2 className="sr-only">{t("home.figures.heading")}</h2>
            <dl className="grid grid-cols-2 md:grid-cols-4">
              {figures.map((figure, index) => (
                <div
                  key={figure.label}
                  className={`flex flex-col-reverse gap-1 py-7 ${index % 2 === 1 ? "border-s border-white/10 ps-6" : "pe-6"} md:border-s md:border-white/10 md:px-6 ${index === 0 ? "md:border-s-0 md:ps-0" : ""}`}
                >
                  <dt className="text-sm font-medium text-ink-300">{t(figure.label)}</dt>
                  <dd className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
                    <span className="text-accent-400">{figure.value.replace(/\+$/, "")}</span>
                    {figure.value.endsWith("+") ? <span className="text-ink-300">+</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>
    </>
  );
}
