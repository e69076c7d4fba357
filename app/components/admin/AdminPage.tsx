import type { ReactNode } from "react";
import { FormNotice } from "~/components/FormField";

/**
 * A back-office page: its h1, an optional description and action (the Add button), the red box
 * of a failed read or write (specification.md §8), then the page's content.
 */
export function AdminPage({
  title,
  description,
  action,
  error,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="admin-title">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="admin-title" className="text-3xl font-extrabold tracking-tight text-ink-950">
            {title}
          </h1>
          {description ? <p className="mt-2 max-w-2xl text-ink-700">{description}</p> : null}
        </div>
        {action}
      </header>
      {error ? <FormNotice kind="error">{error}</FormNotice> : null}
      {children}
    </section>
  );
}
