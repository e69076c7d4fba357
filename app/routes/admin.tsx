import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminNav } from "~/components/admin/AdminNav";
import { FormNotice } from "~/components/FormField";
import { NotFoundScreen } from "~/components/NotFound";
import { ADMIN_NAMESPACE } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { errorPageMessage } from "~/lib/error-page";
import { takeFlash } from "~/lib/flash.server";
import { site } from "~/lib/site";
import { useNamespaceStrings } from "~/lib/i18n";
import { namespaceStrings } from "~/lib/i18n.server";
import type { PageHandle } from "~/lib/page-scripts";

/**
 * The back-office's frame: the sidebar and the message a redirect left (flash). Every page below
 * checks the admin again in its own loader and action (they run in parallel with this one).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, headers } = await requireAdmin(request, context);
  const flash = await takeFlash(request, headers);
  return data({ username: viewer.username, flash, strings: await namespaceStrings(request, "admin") }, { headers });
}

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * The flash is taken by this loader, which Remix would not run again when a click moves between
 * sections: "Article deleted." would follow the admin to the next page. Every new page reads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/** React runs here (the back-office's forms, editor and dialogs, on every admin page; docs/decisions/040). */
export const handle: PageHandle = { hydrate: true };

export default function AdminLayout() {
  const { username, flash, strings } = useLoaderData<typeof loader>();
  useNamespaceStrings(strings);
  const { t } = useTranslation("admin");
  return (
    <div className="bg-ink-50">
      {/* The dark band every public page opens with: the site's header is drawn over it, light on dark. */}
      <div className="page-band h-16" />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-16 pt-12 sm:px-6 lg:grid-cols-[15rem_1fr]">
        <aside>
          <AdminNav username={username} />
        </aside>
        <div className="min-w-0">
          {flash ? <FormNotice kind={flash.kind}>{t(flash.key, { ns: ADMIN_NAMESPACE })}</FormNotice> : null}
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/**
 * A signed-in account that is not an admin (403), an unknown record (404), or the backend failing.
 * Only `common` strings here: the back-office's own namespace came with the loader that failed.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const page = errorPageMessage(error);
  return (
    <div className="page-band flex min-h-[70vh] items-center">
      <div className="mx-auto w-full max-w-3xl px-5 pb-20 pt-32 sm:px-8">
        <p lang="en" className="font-mono text-sm font-semibold uppercase tracking-[0.2em] text-accent-400">{forbidden ? "403" : site.shortName}</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white">{forbidden ? t("adminForbidden.title") : t(page.title)}</h1>
        <p className="mt-5 max-w-xl text-lg text-ink-200">{forbidden ? t("adminForbidden.text") : t(page.text)}</p>
        <div className="mt-9 flex flex-wrap gap-3">
          <Link to="/" className="btn-primary">
            {t("errors.home")}
          </Link>
          {forbidden ? (
            <Form method="post" action="/logout" reloadDocument>
              <button type="submit" className="btn-outline">
                {t("header.account.signOut")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </div>
  );
}
