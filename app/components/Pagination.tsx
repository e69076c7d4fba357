import { Link } from "@remix-run/react";

/**
 * Previous / next links and "page x of y" for a paged list. Plain links, so
 * paging works without JavaScript and every page has its own address.
 * The route translates the labels (each list words them its own way).
 */
export function Pagination({
  page,
  pageCount,
  href,
  labels,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  labels: { nav: string; previous: string; next: string; status: string };
}) {
  if (pageCount <= 1) return null;
  const linkClass = "btn-secondary";
  return (
    <nav aria-label={labels.nav} className="mt-12 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={linkClass}>
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-600">{labels.status}</p>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={linkClass}>
          {labels.next}
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            →
          </span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `/news`, `/news?page=2`, …: page 1 has no parameter, so it keeps one address. */
export function pageHref(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
