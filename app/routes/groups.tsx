import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { GroupsMap, groupsMapScript } from "~/components/GroupsMap";
import { PageFrame } from "~/components/PageFrame";
import { Pagination, pageHref } from "~/components/Pagination";
import { SiteLink } from "~/components/SiteLink";
import { getFixedT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { webLink } from "~/lib/web-link";
import type { GroupCard } from "~/lib/cards";
import { groupsPage, mappedGroups } from "~/models/groups.server";
import { FAILED_READ, pageFromUrl, tryRead } from "~/models/query.server";
import type { IsolationHandle } from "~/lib/opener-policy";
import type { PageHandle } from "~/lib/page-scripts";

/** The map's zoom: a small script of its own, without React (GroupsMap.tsx). */
export const handle = { scripts: [groupsMapScript], isolate: false } satisfies PageHandle & IsolationHandle;

/** The list's own anchor: paging keeps the visitor at the list, below the map. */
const LIST_ID = "all-groups";

/**
 * /groups: the world map with every group that has coordinates, then the
 * groups by name, GROUPS_PAGE_SIZE to a page (?page=N); a page past the last
 * one is a 404. Both queries run at once. A failed query still answers 200
 * with the page, the map's countries and a 'Failed to load groups' message;
 * that answer is not cached, so the next visitor gets a fresh try.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageFromUrl(new URL(request.url));
  const supabase = createAnonSupabaseClient(context.cloudflare.env);
  const [listed, onTheMap] = await Promise.all([
    tryRead("the groups", groupsPage(supabase, page)),
    tryRead("the mapped groups", mappedGroups(supabase)),
  ]);
  const groups = listed === FAILED_READ ? null : listed;
  const mapped = onTheMap === FAILED_READ ? null : onTheMap;
  if (groups && page > groups.pageCount) throw new Response("Not Found", { status: 404 });
  const failed = !groups || !mapped;

  const t = await getFixedT(request, "groups");
  return data(
    {
      groups,
      mapped,
      title: page > 1 ? t("meta.pageTitle", { page }) : t("meta.title"),
      description: t("meta.description"),
    },
    // A failed page is not cached: the next visitor gets a fresh try.
    failed ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) =>
  page ? seoMeta({ matches, location }, { title: page.title, description: page.description }) : [];

export default function GroupsPage() {
  const { groups, mapped } = useLoaderData<typeof loader>();
  const { t } = useTranslation("groups");

  return (
    <PageFrame title={t("title")} subtitle={t("subtitle")}>
      <GroupsMap groups={mapped} />

      <section id={LIST_ID} aria-labelledby="groups-heading" className="mt-16 scroll-mt-20">
        <h2 id="groups-heading" className="text-2xl font-extrabold tracking-tight text-ink-950 sm:text-3xl">
          {t("list.heading")}
        </h2>
        {groups?.items.length ? (
          <ul className="mt-6 grid gap-5 md:grid-cols-2">
            {groups.items.map((group) => (
              <li key={group.id}>
                <GroupCardView group={group} />
              </li>
            ))}
          </ul>
        ) : groups ? (
          <p className="mt-6 text-ink-700">{t("list.empty")}</p>
        ) : (
          // The map above says on its own when its groups failed to load.
          <ErrorMessage className="mt-6">{t("loadFailed")}</ErrorMessage>
        )}
        {groups ? (
          <Pagination
            page={groups.page}
            pageCount={groups.pageCount}
            href={(target) => `${pageHref("/groups", target)}#${LIST_ID}`}
            labels={{
              nav: t("list.pagination.label"),
              previous: t("list.pagination.previous"),
              next: t("list.pagination.next"),
              status: t("list.pagination.status", { page: groups.page, pages: groups.pageCount }),
            }}
          />
        ) : null}
      </section>
    </PageFrame>
  );
}

/** https://foo.example/bar → foo.example/bar: the address as people say it. */
function withoutScheme(url: string): string {
  return url.replace(/^[a-z][a-z\d+.-]*:\/\//i, "").replace(/\/$/, "");
}

function GroupCardView({ group }: { group: GroupCard }) {
  const { t } = useTranslation("groups");
  const website = webLink(group.website);
  const link = "break-all font-medium text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700";

  return (
    <article className="flex h-full flex-col rounded-lg border border-ink-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        {/* Names and descriptions are in the group's own language: dir="auto" lays each out in its script's direction. */}
        <h3 dir="auto" className="min-w-0 text-xl font-bold leading-snug tracking-tight text-ink-950">
          {group.name}
        </h3>
        {group.is_verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-600 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-white">
            <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 fill-current">
              <path d="M6.2 11.4 2.8 8l1.1-1.1 2.3 2.3 5.9-5.9 1.1 1.1z" />
            </svg>
            {t("list.verified")}
          </span>
        ) : null}
      </div>
      <p dir="auto" className="mt-3 flex-1 text-pretty text-ink-700">
        {group.description}
      </p>
      {group.location || website || group.contact_email ? (
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 border-t border-ink-100 pt-4 text-sm">
          {group.location ? (
            <>
              <dt className="text-ink-500">{t("list.location")}</dt>
              <dd dir="auto" className="text-ink-800">
                {group.location}
              </dd>
            </>
          ) : null}
          {website && group.website ? (
            <>
              <dt className="text-ink-500">{t("list.website")}</dt>
              <dd>
                <SiteLink to={website} className={link}>
                  <bdi>{withoutScheme(group.website)}</bdi>
                </SiteLink>
              </dd>
            </>
          ) : null}
          {group.contact_email ? (
            <>
              <dt className="text-ink-500">{t("list.email")}</dt>
              <dd>
                <SiteLink to={`mailto:${group.contact_email}`} className={link}>
                  <bdi>{group.contact_email}</bdi>
                </SiteLink>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </article>
  );
}
