import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { inputClass } from "~/components/FormField";
import { Pagination } from "~/components/Pagination";

/** A GET form over a list: the search box and any filters (`children`), kept in the address. */
export function SearchForm({ query, label, children }: { query?: string; label?: string; children?: ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
      {label !== undefined ? (
        <div className="min-w-56 flex-1">
          <label htmlFor="admin-search" className="mb-1 block text-sm font-medium text-ink-900">
            {label}
          </label>
          <input id="admin-search" type="search" name="q" defaultValue={query} maxLength={200} dir="auto" className={inputClass} />
        </div>
      ) : null}
      {children}
      <button type="submit" className="btn-secondary">
        {label !== undefined ? t("list.search") : t("list.filter")}
      </button>
    </Form>
  );
}

/** A filter over a list: its values as `options`, after "All", which sends nothing (no filter). */
export function ListFilter({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation("admin");
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClass}>
        <option value="">{t("list.all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous / next over a paged list, keeping its search and filters. */
export function ListPager({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const search = params.toString();
    return search ? `${location.pathname}?${search}` : location.pathname;
  };
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      href={href}
      labels={{
        nav: t("list.pages"),
        previous: t("list.previous"),
        next: t("list.next"),
        status: t("list.pageStatus", { page, pageCount, count: total }),
      }}
    />
  );
}

/**
 * The table every list uses: a caption for screen readers, then the header row and the rows. On a
 * phone only the table scrolls sideways: `relative` keeps the rows' screen-reader-only texts
 * (absolutely placed) inside its scroll box instead of widening the page.
 */
export function AdminTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-ink-200 bg-white shadow-sm">
      <table className="w-full text-start text-ink-900">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink-200 bg-ink-100 text-sm text-ink-800">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 text-start font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200">{children}</tbody>
      </table>
    </div>
  );
}

/** A list with nothing in it (or nothing matching the search). */
export function EmptyList({ searching, failed }: { searching: boolean; failed: boolean }) {
  const { t } = useTranslation("admin");
  // A list that failed to load is not empty: the page's error says what happened.
  if (failed) return null;
  return <p className="rounded-lg border border-dashed border-ink-300 bg-white p-6 text-ink-700">{searching ? t("list.noMatch") : t("list.empty")}</p>;
}
