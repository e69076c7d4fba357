import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { PageFrame } from "~/components/PageFrame";
import { getFixedT } from "~/lib/i18n.server";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { webLink } from "~/lib/web-link";
import { FAILED_READ, tryRead } from "~/models/query.server";
import { publishedResource } from "~/models/resources.server";

/**
 * GET /resources/:slug/file: where the Download form's 303 lands, in the new
 * tab. It sends the browser on to the file with a refresh (and shows a link
 * in case refreshes are off). Counting happened in the POST; this page counts
 * nothing, so reloading it is harmless.
 *
 * Why not 303 straight to the file: the site's CSP has form-action 'self',
 * and browsers apply form-action to every redirect that follows a form
 * submission, so a redirect from the POST to another host is blocked. A
 * refresh from this page is a new navigation, outside form-action.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const t = await getFixedT(request, "resources");
  const supabase = createAnonSupabaseClient(context.cloudflare.env);

  const resource = await tryRead("a resource", publishedResource(supabase, params.slug ?? ""));
  if (resource === FAILED_READ) return data({ title: t("meta.loadFailedTitle"), file: null }, { status: 503 });
  // Only an http(s) address is sent on to (webLink): the refresh and the link below carry it as is.
  const fileUrl = webLink(resource?.file_url);
  if (!resource || !fileUrl) throw new Response(t("resource.notFound"), { status: 404 });

  return data(
    {
      title: t("file.meta.title", { title: resource.title }),
      file: { url: fileUrl, slug: resource.slug, title: resource.title },
    },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => {
  if (!page) return [];
  const tags = [{ title: page.title }, { name: "robots", content: "noindex" }];
  return page.file ? [...tags, { httpEquiv: "refresh", content: `0; url=${page.file.url}` }] : tags;
};

export default function ResourceFilePage() {
  const { file } = useLoaderData<typeof loader>();
  const { t } = useTranslation("resources");

  if (!file) {
    return (
      <PageFrame title={t("list.title")}>
        <ErrorMessage>
          {t("resource.loadFailed")}
        </ErrorMessage>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t("file.heading")} subtitle={file.title}>
      <p className="max-w-[60ch] text-lg text-ink-800">{t("file.text")}</p>
      <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
        <a href={file.url} rel="noopener noreferrer" className="btn-primary">
          {t("file.open")}
        </a>
        <Link
          to={`/resources/${file.slug}`}
          className="font-semibold text-accent-700 underline decoration-accent-600/40 underline-offset-4 hover:decoration-accent-700"
        >
          {t("file.back")}
        </Link>
      </div>
    </PageFrame>
  );
}
