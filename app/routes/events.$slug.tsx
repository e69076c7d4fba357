import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { ContentImage } from "~/components/ContentImage";
import { NotFoundScreen } from "~/components/NotFound";
import { PageFrame } from "~/components/PageFrame";
import { ShareLinks, shareLinksScript } from "~/components/ShareLinks";
import type { IsolationHandle } from "~/lib/opener-policy";
import type { PageHandle } from "~/lib/page-scripts";
import { formatEventDates, isoDate } from "~/lib/dates";
import { translateFromPayload } from "~/lib/i18n";
import { getFixedT } from "~/lib/i18n.server";
import { pictureSrc } from "~/lib/images";
import { canonicalUrl, seoMeta, summarize } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { webLink } from "~/lib/web-link";
import { publishedEvent } from "~/models/events.server";
import { FAILED_READ, tryRead } from "~/models/query.server";
import type { RootLoaderData } from "~/root";

/**
 * /events/:slug: one published event, upcoming or past (a past one says it
 * has ended). A draft or unknown slug is the 404 screen, status 404; a
 * backend failure is a 503 saying the event could not be loaded.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const supabase = createAnonSupabaseClient(context.cloudflare.env);

  const event = await tryRead("an event", publishedEvent(supabase, params.slug ?? ""));
  if (event === FAILED_READ) throw new Response("Failed to load event", { status: 503 });
  if (!event) throw new Response("Not Found", { status: 404 });

  const url = new URL(request.url);
  const t = await getFixedT(request, "events");
  const ended = new Date(event.end_date ?? event.start_date).getTime() < Date.now();
  return data(
    {
      event,
      ended,
      title: t("meta.eventTitle", { title: event.title }),
      description: summarize(event.description),
      shareUrl: canonicalUrl(url.origin, { pathname: url.pathname, search: "" }),
    },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page, error, matches, location }) => {
  if (!page) {
    const root = matches.find((match) => match.id === "root")?.data as RootLoaderData | undefined;
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: translateFromPayload(root, notFound ? "notFound.title" : "events:meta.loadFailedTitle") },
      { name: "robots", content: "noindex" },
    ];
  }
  return seoMeta(
    { matches, location },
    { title: page.title, description: page.description, image: page.event.image_url ? pictureSrc(page.event.image_url) : null },
  );
};

export const handle = { scripts: [shareLinksScript], isolate: false } satisfies PageHandle & IsolationHandle;

export default function EventPage() {
  const { event, ended, shareUrl } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("events");
  const dates = formatEventDates(event.start_date, event.end_date, i18n.language, event.time_zone, { compact: false });
  const registration = webLink(event.registration_url);
  const groupWebsite = webLink(event.group?.website);
  // The description is plain text: blank lines separate paragraphs, single line breaks stay.
  const paragraphs = event.description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

  return (
    <PageFrame title={event.title} subtitle={dates}>
      <Link
        to="/events"
        className="inline-flex items-center gap-2 text-sm font-semibold text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700"
      >
        <span aria-hidden="true" className="rtl:-scale-x-100">←</span>
        {t("detail.back")}
      </Link>

      {ended ? (
        <p className="mt-6 rounded-md border border-ink-300 bg-ink-100 px-5 py-4 font-semibold text-ink-800">
          {t("detail.ended")}
        </p>
      ) : null}

      {/* The facts and the Register link come first (on a phone, before a long description). */}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <aside className="flex flex-col gap-6 self-start lg:col-start-2 lg:row-start-1 rounded-lg border border-ink-200 bg-white p-6 shadow-sm">
          <dl className="flex flex-col gap-4">
            <Fact label={t("detail.when")}>
              <time dateTime={isoDate(event.start_date)}>{dates}</time>
            </Fact>
            <Fact label={t("detail.where")}>
              {event.is_online ? (
                <span className="inline-flex rounded-full bg-accent-600 px-3 py-1 text-xs font-bold uppercase tracking-wider text-white">
                  {t("detail.online")}
                </span>
              ) : (
                <span dir="auto">{event.location}</span>
              )}
            </Fact>
            {event.max_participants !== null ? (
              <Fact label={t("detail.participants")}>{t("detail.limited", { count: event.max_participants })}</Fact>
            ) : null}
            {event.organizer?.username ? <Fact label={t("detail.organizer")}>{event.organizer.username}</Fact> : null}
            {event.group?.name ? (
              <Fact label={t("detail.group")}>
                {groupWebsite ? (
                  <a
                    href={groupWebsite}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-accent-700 underline decoration-accent-600/40 underline-offset-2 hover:decoration-accent-700"
                  >
                    {event.group.name}
                    <span className="sr-only"> {t("common:externalLink")}</span>
                  </a>
                ) : (
                  event.group.name
                )}
              </Fact>
            ) : null}
          </dl>

          <div className="relative flex flex-col gap-3">
            {registration && !ended ? (
              <a href={registration} target="_blank" rel="noopener noreferrer" className="btn-primary" data-print-href="">
                {t("detail.register")}
                <span className="sr-only"> {t("common:externalLink")}</span>
              </a>
            ) : null}
            {!ended ? (
              <a
                href={`/events/${event.slug}.ics`}
                download={`${event.slug}.ics`}
                className="btn border border-ink-300 text-ink-900 hover:border-ink-500 print:hidden"
              >
                {t("detail.calendar")}
              </a>
            ) : null}
            <ShareLinks url={shareUrl} title={event.title} />
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {event.image_url ? (
            <ContentImage url={event.image_url} width={1280} height={720} eager className="mb-10 rounded-lg" />
          ) : null}
          <h2 className="text-2xl font-bold tracking-tight text-ink-950">{t("detail.about")}</h2>
          <div className="prose mt-4">
            {paragraphs.map((paragraph, index) => (
              <p key={index} dir="auto" className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        </div>

      </div>
    </PageFrame>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-ink-500">{label}</dt>
      <dd className="mt-1 text-ink-900">{children}</dd>
    </div>
  );
}

/** Unknown or unpublished: the site's 404 screen. A backend failure: the message, status 503. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("events");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (!isRouteErrorResponse(error)) throw error;
  return (
    <PageFrame title={t("list.title")}>
      <ErrorMessage>
        {t("detail.loadFailed")}
      </ErrorMessage>
    </PageFrame>
  );
}
