import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { PageFrame } from "~/components/PageFrame";
import { Pagination, pageHref } from "~/components/Pagination";
import { ResourceCard } from "~/components/ResourceCard";
import { getFixedT } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { FAILED_READ, pageFromUrl, tryRead } from "~/models/query.server";
import { resourcesPage } from "~/models/resources.server";
import type { IsolationHandle } from "~/lib/opener-policy";

/**
 * /resources: published resources, newest first, RESOURCES_PAGE_SIZE to a
 * page (?page=N). A page past the last one is a 404. When the backend fails
 * the page says so in its body, with status 503 so that no cache keeps it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageFromUrl(new URL(request.url));
  const t = await getFixedT(request, "resources");
  const supabase = createAnonSupabaseClient(context.cloudflare.env);
  const title = page > 1 ? t("meta.pageTitle", { page }) : t("meta.title");
  const description = t("meta.description");

  const resources = await tryRead("the resources", resourcesPage(supabase, page));
  if (resources === FAILED_READ) return data({ title, description, resources: null }, { status: 503 });
  if (page > resources.pageCount) throw new Response("Not Found", { status: 404 });
  return data({ title, description, resources });
}

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) => {
  if (!page) return [];
  const tags = seoMeta({ matches, location }, { title: page.title, description: page.description });
  return page.resources ? tags : [...tags, { name: "robots", content: "noindex" }];
};

export default function ResourcesIndexPage() {
  const { resources } = useLoaderData<typeof loader>();
  const { t } = useTranslation("resources");

  return (
    <PageFrame title={t("list.title")} subtitle={t("list.subtitle")}>
      {!resources ? (
        <ErrorMessage>
          {t("list.loadFailed")}
        </ErrorMessage>
      ) : resources.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white px-6 py-12 text-center text-lg text-ink-600">
          {t("list.empty")}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {resources.items.map((resource) => (
            <li key={resource.id}>
              <ResourceCard resource={resource} />
            </li>
          ))}
        </ul>
      )}

      {resources ? (
        <Pagination
          page={resources.page}
          pageCount={resources.pageCount}
          href={(target) => pageHref("/resources", target)}
          labels={{
            nav: t("list.pagination.label"),
            previous: t("list.pagination.previous"),
            next: t("list.pagination.next"),
            status: t("list.pagination.status", { page: resources.page, pages: resources.pageCount }),
          }}
        />
      ) : null}
    </PageFrame>
  );
}
