import { useTranslation } from "react-i18next";
import { CardTitle } from "~/components/CardTitle";
import { ContentImage } from "~/components/ContentImage";
import { formatEventDates, isoDate } from "~/lib/dates";
import { webLink } from "~/lib/web-link";
import type { EventCard as EventCardData } from "~/lib/cards";

/**
 * One event in a list (/events, its archive, the landing page): image, the
 * Online badge, date or range, location (only when not online), title,
 * description clamped to two lines, organiser, group and an external
 * Register link when the event has a registration URL and is not over
 * (`ended`: the archive's cards, like an ended event's page, offer none).
 *
 * The title link is stretched over the whole card so the card is one
 * target; the Register link sits above it so it stays its own target.
 * The picture comes through the site's /images route (ContentImage).
 * Text from the database is in any language, whatever the interface's: it
 * gets dir="auto" so an English title reads right on an Arabic page.
 */
export function EventCard({
  event,
  headingLevel = 2,
  ended = false,
}: {
  event: EventCardData;
  headingLevel?: 2 | 3;
  ended?: boolean;
}) {
  const { t, i18n } = useTranslation("events");
  const organizer = event.organizer?.username;
  const group = event.group?.name;
  const registration = ended ? null : webLink(event.registration_url);

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-ink-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="relative">
        <ContentImage url={event.image_url} width={640} height={360} />
        {event.is_online ? (
          <span className="absolute start-3 top-3 rounded-full bg-accent-600 px-3 py-1 text-xs font-bold uppercase tracking-wider text-white">
            {t("card.online")}
          </span>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm font-semibold text-accent-700">
          <span className="sr-only">{t("card.date")}: </span>
          <time dateTime={isoDate(event.start_date)}>
            {formatEventDates(event.start_date, event.end_date, i18n.language, event.time_zone)}
          </time>
        </p>
        {!event.is_online && event.location ? (
          <p className="mt-1 text-sm text-ink-600">
            <span className="sr-only">{t("card.location")}: </span>
            <span dir="auto">{event.location}</span>
          </p>
        ) : null}

        <CardTitle to={`/events/${event.slug}`} title={event.title} headingLevel={headingLevel} className="mt-3" />
        <p dir="auto" className="mt-2 line-clamp-2 text-ink-700">
          {event.description}
        </p>

        {organizer || group ? (
          <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-600">
            {organizer ? (
              <div className="flex gap-1.5">
                <dt>{t("card.organizer")}:</dt>
                <dd className="font-medium text-ink-800">{organizer}</dd>
              </div>
            ) : null}
            {group ? (
              <div className="flex gap-1.5">
                <dt>{t("card.group")}:</dt>
                <dd className="font-medium text-ink-800">{group}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}

        {registration ? (
          <div className="mt-auto pt-5">
            <a
              href={registration}
              target="_blank"
              rel="noopener noreferrer"
              // Every card has a "Register": the label says for which event, and that a tab opens.
              aria-label={t("card.registerLabel", { title: event.title })}
              className="btn-primary relative z-10 min-h-10 px-4 py-2 text-sm"
            >
              {t("card.register")}
            </a>
          </div>
        ) : null}
      </div>
    </article>
  );
}
