import { Link } from "@remix-run/react";

/**
 * A card's title (news, events, resources): an h2 in a list, an h3 under a section's heading, with
 * its link stretched over the whole card so that the card is one target. Links that must stay their
 * own targets sit above it (`relative z-10`). The title is its author's text, in any language, so it
 * gets dir="auto": an English title reads right on an Arabic page.
 */
export function CardTitle({ to, title, headingLevel, className }: { to: string; title: string; headingLevel: 2 | 3; className: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Heading className={`${className} text-xl font-bold leading-snug tracking-tight text-ink-950`}>
      <Link
        to={to}
        prefetch="intent"
        className="after:absolute after:inset-0 after:content-[''] group-hover:underline group-hover:decoration-accent-600 group-hover:decoration-2 group-hover:underline-offset-4"
      >
        <span dir="auto">{title}</span>
      </Link>
    </Heading>
  );
}
