import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The dark band that opens a detail page (a news article, a resource): a
 * link back to the list, a line of facts with the author, the h1 title and
 * an optional summary. Text from the database gets dir="auto", so it reads
 * in its own script's direction whatever the interface's language.
 *
 * `facts` leads the facts line (the date, the type); `factsClassName` is
 * its spacing, which each page chooses for what it holds.
 */
export function DetailHeader({
  back,
  facts,
  factsClassName,
  byline,
  title,
  summary,
}: {
  back: { to: string; label: string };
  facts: ReactNode;
  factsClassName: string;
  /** "By …", already translated; nothing when the author is unknown. */
  byline: string | null;
  title: string;
  summary: string | null;
}) {
  return (
    <header className="page-band">
      <div className="mx-auto w-full max-w-3xl px-5 pb-10 pt-28 sm:px-8 sm:pb-12 sm:pt-32">
        <Link to={back.to} className="inline-flex items-center gap-2 text-sm font-semibold text-ink-300 hover:text-white">
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>
          {back.label}
        </Link>
        <p className={`mt-8 flex flex-wrap ${factsClassName} text-sm text-ink-300`}>
          {facts}
          {byline ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{byline}</span>
            </>
          ) : null}
        </p>
        <h1 className="mt-3 text-balance text-3xl font-extrabold leading-tight tracking-tight text-white sm:text-5xl">
          <span dir="auto">{title}</span>
        </h1>
        {summary ? (
          <p className="mt-5 text-pretty text-lg leading-relaxed text-ink-200 sm:text-xl">
            <span dir="auto">{summary}</span>
          </p>
        ) : null}
        <div aria-hidden="true" className="mt-8 h-1 w-16 bg-accent-500" />
      </div>
    </header>
  );
}
