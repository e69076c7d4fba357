import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { adminPath, type AdminSectionName } from "~/lib/admin-texts";
import { AdminPage } from "~/components/admin/AdminPage";
import { requireAdmin } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18n.server";
import { dashboardFigures } from "~/models/admin-dashboard.server";

/** /admin: a card per section with a live figure; the five of the specification come first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const figures = await dashboardFigures(supabase);
  const t = await getFixedT(request, "admin");
  return data({ title: t("dashboard.meta.title"), figures }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

const CARDS: Array<{ section: Exclude<AdminSectionName, "dashboard">; figure: string }> = [
  { section: "news", figure: "news" },
  { section: "events", figure: "events" },
  { section: "resources", figure: "resources" },
  { section: "groups", figure: "groups" },
  { section: "contacts", figure: "contacts" },
  { section: "proposals", figure: "proposals" },
  { section: "members", figure: "members" },
  { section: "newsletter", figure: "newsletter" },
  { section: "activity", figure: "activity" },
];

export default function Dashboard() {
  const { figures } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("dashboard.title")} description={t("dashboard.description")}>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {CARDS.map(({ section, figure }) => {
          const value = figures[figure as keyof typeof figures];
          return (
            <li key={section}>
              <Link
                to={adminPath(section)}
                className="block h-full rounded-lg border border-ink-200 bg-white p-5 shadow-sm hover:border-ink-400 focus-visible:border-ink-900"
              >
                <h2 className="text-lg font-bold text-ink-950">{t(`dashboard.cards.${section}.title`)}</h2>
                <p className="mt-1 text-ink-700">{t(`dashboard.cards.${section}.description`)}</p>
                <p className="mt-4 text-ink-900">
                  {value === null ? (
                    <span className="text-accent-800">{t("dashboard.figureUnavailable")}</span>
                  ) : (
                    <>
                      <span className="text-3xl font-extrabold">{value}</span>{" "}
                      <span className="text-sm">{t(`dashboard.cards.${section}.figure`, { count: value })}</span>
                    </>
                  )}
                </p>
                {section === "proposals" && figures.reports ? (
                  <p className="mt-1 text-sm font-semibold text-accent-800">{t("dashboard.openReports", { count: figures.reports })}</p>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </AdminPage>
  );
}
