import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { ContactForm } from "~/components/ContactForm";
import { formSubmittingScript } from "~/components/SubmitButton";
import { EventCard } from "~/components/EventCard";
import { MapSection, groupsMapScript } from "~/components/GroupsMap";
import { NewsCard } from "~/components/NewsCard";
import { PageText } from "~/components/PageText";
import { ResourceCard } from "~/components/ResourceCard";
import { handleContactSubmission } from "~/models/contacts.server";
import { useNamespaceStrings } from "~/lib/i18n";
import { getFixedT, namespaceStrings } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { upcomingEvents } from "~/models/events.server";
import { mappedGroups } from "~/models/groups.server";
import { latestNews } from "~/models/news.server";
import { latestResources } from "~/models/resources.server";
import { logError } from "~/lib/log.server";
import type { PageHandle } from "~/lib/page-scripts";

/** The map's zoom: a small script of its own, without React (GroupsMap.tsx). */
export const handle = { scripts: [groupsMapScript, formSubmittingScript] } satisfies PageHandle;

const LANDING = { news: 3, events: 4, resources: 6 } as const;

/** A section's rows, or null when its query failed: each section fails on its own. */
async function section<T>(name: string, query: Promise<T>): Promise<T | null> {
  try {
    return await query;
  } catch (error) {
    logError(`landing: ${name} failed`, error);
    return null;
  }
}

/**
 * The landing page: the hero, the about section, and the network's latest content, every section's
 * query in parallel (one round of backend calls). A failed section shows its own error (the news
 * section, as specified, only logs and shows nothing) while the rest of the page renders with 200;
 * such a page is not cached, so the next visitor gets a fresh try.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const supabase = createAnonSupabaseClient(context.cloudflare.env);
  const [news, events, resources, groups] = await Promise.all([
    section("news", latestNews(supabase, LANDING.news)),
    section("events", upcomingEvents(supabase, LANDING.events)),
    section("resources", latestResources(supabase, LANDING.resources)),
    section("groups", mappedGroups(supabase)),
  ]);
  // A page with a failed section is not cached: the next visitor gets a fresh try.
  const headers = [news, events, resources, groups].includes(null) ? { "Cache-Control": "no-store" } : undefined;

  const t = await getFixedT(request, "common");
  return data(
    {
      news,
      events,
      resources,
      mapped: groups,
      title: t("meta.title"),
      description: t("meta.description"),
      // The about section's text (a route namespace, app/lib/i18n.ts).
      strings: await namespaceStrings(request, "pages"),
    },
    { headers },
  );
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleContactSubmission(request, context, "contact");
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) =>
  page ? seoMeta({ matches, location }, { title: page.title, description: page.description }) : [];

const figures = [
  { value: site.figures.groups, label: "home.figures.groups" },
  { value: site.figures.members, label: "home.figures.members" },
  { value: site.figures.countries, label: "home.figures.countries" },
  { value: site.figures.congress, label: "home.figures.congress" },
] as const;

const objectives = ["solidarity", "resources", "action", "voices"] as const;

export default function Index() {
  const { news, events, resources, mapped, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const { t } = useTranslation("landing");

  return (
    <>
      <Hero />
      <AboutSection />

      <ContentSection id="news" heading={t("news.heading")} allHref="/news" allLabel={t("news.all")}>
        {news === null ? null : news.length ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {news.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyMessage>{t("news.empty")}</EmptyMessage>
        )}
      </ContentSection>

      <ContentSection id="events" heading={t("events.heading")} allHref="/events" allLabel={t("events.all")} shaded>
        {events === null ? (
          <ErrorMessage>{t("events.failed")}</ErrorMessage>
        ) : events.length ? (
          <ul className="grid gap-6 md:grid-cols-2">
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyMessage>{t("events.empty")}</EmptyMessage>
        )}
      </ContentSection>

      <ContentSection id="resources" heading={t("resources.heading")} allHref="/resources" allLabel={t("resources.all")}>
        {resources === null ? (
          <ErrorMessage>{t("resources.failed")}</ErrorMessage>
        ) : resources.length ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {resources.map((resource) => (
              <li key={resource.id}>
                <ResourceCard resource={resource} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyMessage>{t("resources.empty")}</EmptyMessage>
        )}
      </ContentSection>

      <MapSection groups={mapped} />

      <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20 bg-ink-50">
        <div className="mx-auto grid w-full max-w-6xl gap-10 px-5 py-16 sm:px-8 sm:py-20 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <h2 id="contact-heading" className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
              {t("contact.heading")}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-ink-700">{t("contact.intro")}</p>
          </div>
          <div className="lg:col-span-3">
            <ContactForm />
          </div>
        </div>
      </section>
    </>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
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
            {t("home.hero.aboutNetwork")}
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
  );
}

/** Description, origins, principles and the four objectives: the about page's own text, in short. */
function AboutSection() {
  const { t } = useTranslation("pages");
  return (
    <section id="about" aria-labelledby="about-heading" className="render-when-visible scroll-mt-20 bg-white">
      <div className="mx-auto w-full max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <h2 id="about-heading" className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
              {t("about.title")}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-ink-800">{t("about.whoWeAre.p1")}</p>
          </div>
          <div className="space-y-6 text-ink-800">
            <div>
              <h3 className="text-lg font-bold text-ink-950">{t("about.origins.heading")}</h3>
              <p className="mt-2 leading-relaxed">{t("about.origins.p1")}</p>
            </div>
            <div>
              <h3 className="text-lg font-bold text-ink-950">{t("about.principles.heading")}</h3>
              <p className="mt-2 leading-relaxed [&_a]:font-semibold [&_a]:text-accent-700 [&_a]:underline">
                <PageText i18nKey="about.principles.p1" />
              </p>
            </div>
          </div>
        </div>
        <h3 className="mt-14 text-xl font-bold text-ink-950">{t("about.objectives.heading")}</h3>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {objectives.map((objective) => (
            <li key={objective} className="rounded-lg border border-ink-200 border-t-4 border-t-accent-600 bg-ink-50 p-5">
              <h4 className="font-bold text-ink-950">{t(`about.objectives.${objective}.heading`)}</h4>
              <p className="mt-2 text-sm leading-relaxed text-ink-700">{t(`about.objectives.${objective}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ContentSection({
  id,
  heading,
  allHref,
  allLabel,
  shaded = false,
  children,
}: {
  id: string;
  heading: string;
  allHref: string;
  allLabel: string;
  shaded?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`render-when-visible scroll-mt-20 ${shaded ? "bg-ink-50" : "bg-white"}`}>
      <div className="mx-auto w-full max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id={`${id}-heading`} className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
            {heading}
          </h2>
          <Link
            to={allHref}
            className="font-semibold text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700"
          >
            {allLabel}
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}

function EmptyMessage({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-ink-300 p-6 text-ink-700">{children}</p>;
}
