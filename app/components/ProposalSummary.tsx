import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Prose } from "~/components/Prose";
import { formatDay, formatNumber, isoDate } from "~/lib/dates";
import { PROPOSAL_STATUSES } from "~/lib/member-fields";

/** What the list and a proposal's own page show of a proposal (content already sanitized). */
export type ProposalView = {
  id: string;
  title: string;
  html: string;
  status: string;
  created_at: string;
  voting_starts_at: string | null;
  voting_ends_at: string | null;
  support_count: number | null;
  oppose_count: number | null;
  vote_count: number | null;
  comment_count: number;
  author: { username: string } | null;
  author_id: string | null;
  group: { name: string } | null;
};

type Status = (typeof PROPOSAL_STATUSES)[number];
const isStatus = (status: string): status is Status => (PROPOSAL_STATUSES as readonly string[]).includes(status);

/** Each status's badge colours (text on a light tint, readable at small sizes). */
const STATUS_STYLES: Record<Status, string> = {
  draft: "border-yellow-400 bg-yellow-50 text-yellow-900",
  discussion: "border-sky-300 bg-sky-50 text-sky-900",
  voting: "border-amber-300 bg-amber-50 text-amber-900",
  passed: "border-emerald-300 bg-emerald-50 text-emerald-900",
  rejected: "border-accent-300 bg-accent-300/15 text-accent-800",
  withdrawn: "border-ink-300 bg-ink-100 text-ink-700",
};

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("voting");
  if (!isStatus(status)) return null;
  return (
    <span className={`inline-flex items-center rounded-full border px-3 py-0.5 text-xs font-bold uppercase tracking-wider ${STATUS_STYLES[status]}`}>
      <span className="sr-only">{t("proposal.status")}: </span>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * Support and oppose once voting has closed; while it is open only how many have voted (live
 * counts would reveal one person's vote by difference); the comment count always.
 */
export function ProposalCounts({ proposal }: { proposal: ProposalView }) {
  const { t, i18n } = useTranslation("voting");
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold text-ink-700">
      {proposal.support_count !== null && proposal.oppose_count !== null ? (
        <>
          <li>{t("proposal.support", { value: number(proposal.support_count) })}</li>
          <li>{t("proposal.oppose", { value: number(proposal.oppose_count) })}</li>
        </>
      ) : proposal.vote_count !== null && proposal.status === "voting" ? (
        <li>{t("proposal.votesCast", { count: proposal.vote_count, value: number(proposal.vote_count) })}</li>
      ) : null}
      <li>{t("proposal.comments", { value: number(proposal.comment_count) })}</li>
    </ul>
  );
}

/** Status, date, title, author, group and voting window: the head of a proposal wherever it shows. */
export function ProposalHeading({ proposal, heading }: { proposal: ProposalView; heading: ReactNode }) {
  const { t, i18n } = useTranslation("voting");
  const lng = i18n.language;
  const group = proposal.group?.name;
  const author = proposal.author?.username ?? (proposal.author_id ? null : t("proposal.formerMember"));
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-600">
        <StatusBadge status={proposal.status} />
        <time dateTime={isoDate(proposal.created_at)} className="font-semibold text-accent-700">
          <span className="sr-only">{t("proposal.created")}: </span>
          {formatDay(proposal.created_at, lng)}
        </time>
      </div>
      {heading}
      {author || group ? (
        <p className="mt-2 flex flex-wrap gap-x-2 text-ink-600">
          {author ? <span dir="auto">{t("proposal.by", { name: author })}</span> : null}
          {author && group ? <span aria-hidden="true">·</span> : null}
          {group ? <span dir="auto">{t("proposal.group", { name: group })}</span> : null}
        </p>
      ) : null}
      {proposal.voting_starts_at && proposal.voting_ends_at ? (
        <p className="mt-2 text-ink-700">
          {t("proposal.votingWindow", { start: formatDay(proposal.voting_starts_at, lng), end: formatDay(proposal.voting_ends_at, lng) })}
        </p>
      ) : null}
    </>
  );
}

/** A proposal in the list: its content clamped, with "Read more" to its own page. */
export function ProposalCard({ proposal }: { proposal: ProposalView }) {
  const { t } = useTranslation("voting");
  return (
    <article className="rounded-lg border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
      <ProposalHeading
        proposal={proposal}
        heading={
          <h2 className="mt-4 text-2xl font-bold leading-snug tracking-tight text-ink-950">
            <Link to={`/voting/${proposal.id}`} className="hover:text-accent-700 hover:underline" dir="auto">
              {proposal.title}
            </Link>
          </h2>
        }
      />
      {proposal.html ? (
        <Prose className="mt-6 line-clamp-6">
          <div dir="auto" dangerouslySetInnerHTML={{ __html: proposal.html }} />
        </Prose>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-ink-200 pt-4">
        <ProposalCounts proposal={proposal} />
        <Link to={`/voting/${proposal.id}`} className="font-semibold text-accent-700 underline underline-offset-2">
          {t("list.readMore")}
          <span className="sr-only">: {proposal.title}</span>
        </Link>
      </div>
    </article>
  );
}
