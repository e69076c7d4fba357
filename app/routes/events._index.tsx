import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { EventCard } from "~/components/EventCard";
import { NotFoundScreen } from "~/components/NotFound";
import { PageFrame } from "~/components/PageFrame";
import { Pagination } from "~/components/Pagination";
import { translateFromPayload } from "~/lib/i18n";
import { getFixedT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { eventsPage } from "~/models/events.server";
import { FAILED_READ, pageFromUrl, tryRead } from "~/models/query.server";
import type { RootLoaderData } from "~/root";
import type { IsolationHandle } from "~/lib/opener-policy";

/**
 * /events: upcoming published events, soonest first. /events?past=1 is the
 * archive of published events that are over, newest first. ?page=N pages
 * both; a page past the last one is a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const past = url.searchParams.get("past") === "1";
  const page = pageFromUrl(url);
  const supabase = createAnonSupabaseClient(context.cloudflare.env);

  const events = await tryRead("the events", eventsPage(supabase, page, { past }));
  if (events === FAILED_READ) throw new Response("Failed to load events", { status: 503 });
  if (page > events.pageCount) throw new Response("Not Found", { status: 404 });

  const t = await getFixedT(request, "events");
  return data(
    {
      ...events,
      past,
      title: t(past ? "meta.archiveTitle" : "meta.title"),
      description: t(past ? "meta.archiveDescription" : "meta.description"),
    },
  );
}

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = ({ data: page, error, matches, location }) => {
  if (!page) {
    const root = matches.find((match) => match.id === "root")?.data as RootLoaderData | undefined;
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: translateFromPayload(root, notFound ? "notFound.title" : "events:meta.loadFailedTitle") },
      { name: "robots", content: "noindex" },
    ];
  }
  return seoMeta({ matches, location }, { title: page.title, description: page.description });
};

export default function EventsPage() {
  const { items, page, pageCount, past } = useLoaderData<typeof loader>();
  const { t } = useTranslation("events");

  return (
    <PageFrame
      title={t(past ? "list.archiveTitle" : "list.title")}
      subtitle={t(past ? "list.archiveSubtitle" : "list.subtitle")}
    >
      <div className="mb-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm font-semibold">
        {past ? (
          <Link to="/events" className="text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700">
            {t("list.toUpcoming")}
          </Link>
        ) : (
          <>
            <Link
              to="/events?past=1"
              className="text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700"
            >
              {t("list.toArchive")}
            </Link>
            <a
              href="/events.ics"
              className="text-ink-700 underline decoration-ink-400 underline-offset-4 hover:text-ink-950"
            >
              {t("list.subscribe")}
            </a>
          </>
        )}
      </div>

      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white px-6 py-12 text-center text-lg text-ink-600">
          {t(past ? "list.archiveEmpty" : "list.empty")}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((event) => (
            <li key={event.id}>
              <EventCard event={event} ended={past} />
            </li>
          ))}
        </ul>
      )}

      <Pagination
        page={page}
        pageCount={pageCount}
        href={(target) => eventsHref(past, target)}
        labels={{
          nav: t("list.pagination.label"),
          previous: t("list.pagination.previous"),
          next: t("list.pagination.next"),
          status: t("list.pagination.status", { page, pages: pageCount }),
        }}
      />
    </PageFrame>
  );
}

/** /events?page=N, or /events?past=1&page=N in the archive; page 1 has no page parameter. */
function eventsHref(past: boolean, page: number): string {
  const params = new URLSearchParams();
  if (past) params.set("past", "1");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/events?${query}` : "/events";
}

/** A 404 (a page past the last) shows the site's 404 screen; a backend failure says so, status 503. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("events");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (!isRouteErrorResponse(error)) throw error;
  return (
    <PageFrame title={t("list.title")}>
      <ErrorMessage>
        {t("list.loadFailed")}
      </ErrorMessage>
    </PageFrame>
  );
}
