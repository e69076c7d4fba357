import type { ReactNode } from "react";

/**
 * The shared frame of content pages: a dark band carrying the page's h1 and an
 * optional subtitle, then a readable content column. Header and footer come
 * from the root layout, not from here.
 */
export function PageFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="page-band">
        <div className="mx-auto w-full max-w-5xl px-5 pb-12 pt-32 sm:px-8 sm:pb-16 sm:pt-36">
          <h1 className="text-balance text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{title}</h1>
          {subtitle ? <p className="mt-4 max-w-2xl text-pretty text-lg text-ink-200 sm:text-xl">{subtitle}</p> : null}
          <div aria-hidden="true" className="mt-8 h-1 w-16 bg-accent-500" />
        </div>
      </div>
      <div className="mx-auto w-full max-w-5xl px-5 py-12 sm:px-8 sm:py-16">{children}</div>
    </>
  );
}
