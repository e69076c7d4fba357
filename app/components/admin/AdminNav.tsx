import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ADMIN_SECTIONS, adminPath, navKey } from "~/lib/admin-texts";

/** The sidebar: every section, the current one marked (aria-current), and sign-out (a POST). */
export function AdminNav({ username }: { username: string }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("nav.label")} className="rounded-lg border border-ink-200 bg-white p-3 shadow-sm">
      <p className="px-3 pb-2 pt-1 text-sm text-ink-700">{t("nav.signedInAs", { name: username })}</p>
      {/* Two or three columns above the page on a phone, where one would fill its first screen. */}
      <ul className="grid grid-cols-2 gap-0.5 sm:grid-cols-3 lg:grid-cols-1">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section}>
            <NavLink
              to={adminPath(section)}
              end={section === "dashboard"}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 font-medium ${
                  isActive ? "bg-ink-900 text-white" : "text-ink-800 hover:bg-ink-100 hover:text-ink-950"
                }`
              }
            >
              {t(navKey(section))}
            </NavLink>
          </li>
        ))}
      </ul>
      <Form method="post" action="/logout" reloadDocument className="mt-3 border-t border-ink-200 pt-3">
        <button type="submit" className="btn-secondary btn-small w-full">
          {t("nav.signOut")}
        </button>
      </Form>
    </nav>
  );
}
