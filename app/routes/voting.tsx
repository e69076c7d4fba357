import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "~/components/ErrorMessage";
import { PageFrame } from "~/components/PageFrame";
import { Prose } from "~/components/Prose";
import { formatDay, isoDate } from "~/lib/dates";
import { getFixedT } from "~/lib/i18n.server";
import { sanitizeRichHtml } from "~/lib/sanitize.server";
import { seoMeta } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { publishedProposals } from "~/models/proposals.server";
import { QueryError } from "~/models/query.server";

/**
 * /voting ('Proposals & Voting'): every published (non-draft) proposal,
 * newest first, as any visitor may read them (the anon client: no cookies,
 * so a signed-in member's own drafts never show here). The content is sanitized here,
 * whatever was stored. Creating proposals, voting and commenting are for
 * signed-in members and have no buttons here. When the backend fails the page
 * still renders, saying so in its body, with status 503 so that no cache keeps
 * the failure.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = getFixedT(request, "voting");
  const title = t("meta.title");
  const description = t("meta.description");

  let rows;
  try {
    rows = await publishedProposals(createAnonSupabaseClient(context.cloudflare.env));
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    console.error(error);
    return data({ title, description, proposals: null }, { status: 503 });
  }
  const proposals = rows.map(({ content, ...proposal }) => ({ ...proposal, html: sanitizeRichHtml(content) }));
  return data({ title, description, proposals });
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) => {
  if (!page) return [];
  const tags = seoMeta({ matches, location }, { title: page.title, description: page.description });
  return page.proposals ? tags : [...tags, { name: "robots", content: "noindex" }];
};

/** The statuses a published proposal can have (a draft is never listed). */
const PUBLIC_STATUSES = ["discussion", "voting", "passed", "rejected", "withdrawn"] as const;
type PublicStatus = (typeof PUBLIC_STATUSES)[number];

const isPublicStatus = (status: string): status is PublicStatus => (PUBLIC_STATUSES as readonly string[]).includes(status);

/** Each status's badge colours (text on a light tint, readable at small sizes). */
const STATUS_STYLES: Record<PublicStatus, string> = {
  discussion: "border-sky-300 bg-sky-50 text-sky-900",
  voting: "border-amber-300 bg-amber-50 text-amber-900",
  passed: "border-emerald-300 bg-emerald-50 text-emerald-900",
  rejected: "border-accent-300 bg-accent-300/15 text-accent-800",
  withdrawn: "border-ink-300 bg-ink-100 text-ink-700",
};

type ProposalItem = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["proposals"]>[number];

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("voting");
  if (!isPublicStatus(status)) return null;
  const labels: Record<PublicStatus, string> = {
    discussion: t("status.discussion"),
    voting: t("status.voting"),
    passed: t("status.passed"),
    rejected: t("status.rejected"),
    withdrawn: t("status.withdrawn"),
  };
  return (
    <span
      className={`inline-flex items-center rounded-full border px-3 py-0.5 text-xs font-bold uppercase tracking-wider ${STATUS_STYLES[status]}`}
    >
      <span className="sr-only">{t("proposal.status")}: </span>
      {labels[status]}
    </span>
  );
}

function ProposalCard({ proposal }: { proposal: ProposalItem }) {
  const { t, i18n } = useTranslation("voting");
  const lng = i18n.language;
  const number = (value: number) => new Intl.NumberFormat(lng).format(value);
  const author = proposal.author?.username;
  const group = proposal.group?.name;

  return (
    <article className="rounded-lg border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-600">
        <StatusBadge status={proposal.status} />
        <time dateTime={isoDate(proposal.created_at)} className="font-semibold text-accent-700">
          <span className="sr-only">{t("proposal.created")}: </span>
          {formatDay(proposal.created_at, lng)}
        </time>
      </div>

      <h2 className="mt-4 text-2xl font-bold leading-snug tracking-tight text-ink-950">
        <span dir="auto">{proposal.title}</span>
      </h2>

      {author || group ? (
        <p className="mt-2 flex flex-wrap gap-x-2 text-ink-600">
          {author ? <span dir="auto">{t("proposal.by", { name: author })}</span> : null}
          {author && group ? <span aria-hidden="true">·</span> : null}
          {group ? <span dir="auto">{t("proposal.group", { name: group })}</span> : null}
        </p>
      ) : null}

      {proposal.voting_starts_at && proposal.voting_ends_at ? (
        <p className="mt-2 text-ink-700">
          {t("proposal.votingWindow", {
            start: formatDay(proposal.voting_starts_at, lng),
            end: formatDay(proposal.voting_ends_at, lng),
          })}
        </p>
      ) : null}

      {proposal.html ? (
        <Prose className="mt-6">
          <div dir="auto" dangerouslySetInnerHTML={{ __html: proposal.html }} />
        </Prose>
      ) : null}

      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 border-t border-ink-200 pt-4 text-sm font-semibold text-ink-700">
        <li>{t("proposal.support", { value: number(proposal.support_count) })}</li>
        <li>{t("proposal.oppose", { value: number(proposal.oppose_count) })}</li>
        <li>{t("proposal.comments", { value: number(proposal.comment_count) })}</li>
      </ul>
    </article>
  );
}

export default function VotingPage() {
  const { proposals } = useLoaderData<typeof loader>();
  const { t } = useTranslation("voting");

  return (
    <PageFrame title={t("list.title")} subtitle={t("list.subtitle")}>
      <section className="mb-10 flex flex-col gap-4 rounded-lg border border-ink-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-ink-700">{t("list.participation")}</p>
        <Link to="/join" prefetch="intent" className="btn-primary shrink-0">
          {t("list.getStarted")}
        </Link>
      </section>

      {!proposals ? (
        <ErrorMessage>
          {t("list.loadFailed")}
        </ErrorMessage>
      ) : proposals.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white px-6 py-12 text-center text-lg text-ink-600">
          {t("list.empty")}
        </p>
      ) : (
        <ul className="grid gap-8">
          {proposals.map((proposal) => (
            <li key={proposal.id}>
              <ProposalCard proposal={proposal} />
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
