import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { DetailHeader } from "~/components/DetailHeader";
import { PageFrame } from "~/components/PageFrame";
import { DownloadIcon } from "~/components/ResourceCard";
import { ResourceTypeBadge } from "~/components/ResourceTypeIcon";
import { ShareLinks, shareLinksScript, TranslateLink } from "~/components/ShareLinks";
import type { IsolationHandle } from "~/lib/opener-policy";
import type { PageHandle } from "~/lib/page-scripts";
import { requirePost } from "~/lib/form-post.server";
import { getFixedT } from "~/lib/i18n.server";
import { sanitizeRichHtml } from "~/lib/sanitize.server";
import { canonicalUrl, seoMeta, summarize } from "~/lib/seo";
import { clientKey, withinLimit } from "~/lib/rate-limit.server";
import { createAnonSupabaseClient, createWorkerSupabaseClient } from "~/lib/supabase.server";
import { FAILED_READ, QueryError, tryRead } from "~/models/query.server";
import { publishedResource, recordDownload } from "~/models/resources.server";
import { logError } from "~/lib/log.server";

/**
 * /resources/:slug: one published resource. A missing or unpublished slug is
 * a 404 (the site's 404 screen); a backend failure renders 'Failed to load
 * resource' with status 503. The content is sanitized again here.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await getFixedT(request, "resources");
  const supabase = createAnonSupabaseClient(context.cloudflare.env);

  const resource = await tryRead("a resource", publishedResource(supabase, params.slug ?? ""));
  if (resource === FAILED_READ) return data({ title: t("meta.loadFailedTitle"), resource: null }, { status: 503 });
  if (!resource) throw new Response(t("resource.notFound"), { status: 404 });

  const { content, ...rest } = resource;
  return data(
    {
      title: t("meta.resourceTitle", { title: resource.title }),
      resource: { ...rest, html: sanitizeRichHtml(content) },
      // What Share hands out: the page's own address, without ?lng= (every language shares it).
      shareUrl: canonicalUrl(url.origin, { pathname: url.pathname, search: "" }),
    },
  );
}

/**
 * POST /resources/:slug: the Download button. The count goes up by one in the
 * database (atomically), then a 303 sends the new tab to /resources/:slug/file,
 * which opens the file (a redirect straight to another host would be blocked
 * by the CSP's form-action; see that route). If the count cannot be recorded
 * there is no redirect: the page says so (503). Not published, or no file:
 * 404. Another method than POST: 405. The Origin check happened in server.ts.
 * A client's downloads beyond DOWNLOAD_LIMITER's budget go to the file uncounted.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const t = await getFixedT(request, "resources");
  // The count is the Worker's to move (its secret); the resource is read as any visitor reads it.
  const supabase = createWorkerSupabaseClient(context.cloudflare.env);

  const slug = params.slug ?? "";
  let counted: string | null;
  try {
    // By slug, so the address names what is counted; the database checks again (published, has a file).
    const resource = await publishedResource(supabase, slug);
    counted = null;
    if (resource?.file_url) {
      // A visitor's downloads beyond the limit still get the file, they are just not counted.
      const counts = await withinLimit(context.cloudflare.env, "DOWNLOAD_LIMITER", [clientKey(request)]);
      counted = counts ? await recordDownload(supabase, resource.id) : resource.file_url;
    }
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    logError("Counting a download failed", error);
    return data({ downloadFailed: true }, { status: 503 });
  }
  if (!counted) throw new Response(t("resource.notFound"), { status: 404 });
  return redirect(`/resources/${encodeURIComponent(slug)}/file`, { status: 303 });
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) => {
  if (!page) return [];
  if (!page.resource) return [{ title: page.title }, { name: "robots", content: "noindex" }];
  const { resource } = page;
  return seoMeta({ matches, location }, { title: page.title, description: summarize(resource.description || resource.title) });
};

export const handle = { scripts: [shareLinksScript], isolate: false } satisfies PageHandle & IsolationHandle;

export default function ResourcePage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("resources");

  if (!page.resource) {
    return (
      <PageFrame title={t("list.title")}>
        <ErrorMessage>
          {t("resource.loadFailed")}
        </ErrorMessage>
      </PageFrame>
    );
  }

  const { resource, shareUrl } = page;
  const author = resource.author?.username;

  return (
    <article>
      <DetailHeader
        back={{ to: "/resources", label: t("resource.back") }}
        factsClassName="items-center gap-x-3 gap-y-2"
        facts={
          <>
            <span className="sr-only">{t("resource.type")}: </span>
            <ResourceTypeBadge type={resource.resource_type} className="gap-2 font-semibold text-accent-400" />
          </>
        }
        byline={author ? t("resource.by", { name: author }) : null}
        title={resource.title}
        summary={resource.description}
      />

      <div className="mx-auto w-full max-w-3xl px-5 py-8 sm:px-8 sm:py-10">
        <div className="relative flex flex-wrap items-center gap-3">
          {resource.file_url ? (
            // A plain form, not Remix's: the browser posts it into a new tab with or without JavaScript.
            <form method="post" action={`/resources/${resource.slug}`} target="_blank" className="me-2 flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden">
              <button type="submit" className="btn-primary cursor-pointer">
                <DownloadIcon className="h-5 w-5" />
                {t("resource.download")}
                <span className="sr-only"> {t("common:externalLink")}</span>
              </button>
              <span className="text-sm text-ink-600">
                {t("resource.downloads", { total: resource.download_count })}
              </span>
            </form>
          ) : null}
          <ShareLinks url={shareUrl} title={resource.title} />
          <TranslateLink url={shareUrl} />
        </div>

        {actionData?.downloadFailed ? (
          <ErrorMessage className="mt-6">
            {t("resource.downloadFailed")}
          </ErrorMessage>
        ) : null}

        <div dir="auto" className="prose mt-10" dangerouslySetInnerHTML={{ __html: resource.html }} />
      </div>
    </article>
  );
}
