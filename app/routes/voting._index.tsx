import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewProposalForm } from "~/components/ProposalForm";
import { richTextScript } from "~/components/RichTextEditor";
import { formSubmittingScript } from "~/components/SubmitButton";
import dialogLinksScript from "~/components/dialog-links.js?url&no-inline";
import { ErrorMessage } from "~/components/ErrorMessage";
import { MemberStanding } from "~/components/MemberStanding";
import { PageFrame } from "~/components/PageFrame";
import { Pagination } from "~/components/Pagination";
import { ProposalCard } from "~/components/ProposalSummary";
import { getSession } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18n.server";
import { sanitizeRichHtml } from "~/lib/sanitize.server";
import { seoMeta } from "~/lib/seo";
import { createAnonSupabaseClient } from "~/lib/supabase.server";
import { groupChoices, PROPOSAL_FILTERS, proposalsPage, type ProposalFilter } from "~/models/proposals.server";
import { FAILED_READ, pageFromUrl, tryRead } from "~/models/query.server";
import type { IsolationHandle } from "~/lib/opener-policy";
import { forMembers, type PageHandle } from "~/lib/page-scripts";

const isFilter = (value: string | null): value is ProposalFilter => value !== null && value in PROPOSAL_FILTERS;

/**
 * /voting ('Proposals & Voting'): every non-draft proposal, newest first, plus a signed-in
 * member's own drafts; filtered by ?status=open|closed and paged with ?page=N, as plain links.
 * Visitors read through the anon client (a cacheable page); a member through their session.
 * When the backend fails the page still renders, saying so, with status 503.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageFromUrl(url);
  const status = url.searchParams.get("status");
  const filter: ProposalFilter = isFilter(status) ? status : "all";
  const t = await getFixedT(request, "voting");
  const { supabase, headers, viewer } = await getSession(request, context);
  const reader = viewer ? supabase : createAnonSupabaseClient(context.cloudflare.env);
  const base = { title: t("meta.title"), description: t("meta.description"), filter, viewer: viewer && { isMember: viewer.isMember, needsCode: viewer.needsCode } };

  const read = await tryRead(
    "the proposals",
    Promise.all([
      proposalsPage(reader, { page, filter, viewerId: viewer?.id ?? null }),
      viewer?.isMember ? groupChoices(reader) : Promise.resolve([]),
    ]),
  );
  if (read === FAILED_READ) return data({ ...base, proposals: null, groups: [], draftId: null }, { status: 503, headers });
  const [proposals, groups] = read;
  if (page > proposals.pageCount) throw new Response("Not Found", { status: 404 });
  const items = proposals.items.map(({ content, ...proposal }) => ({ ...proposal, html: sanitizeRichHtml(content) }));
  return data({ ...base, proposals: { ...proposals, items }, groups, draftId: viewer?.isMember ? crypto.randomUUID() : null }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) => {
  if (!page) return [];
  const tags = [
    ...seoMeta({ matches, location }, { title: page.title, description: page.description }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", href: "/voting/rss", title: page.title },
  ];
  return page.proposals ? tags : [...tags, { name: "robots", content: "noindex" }];
};

/**
 * No React app (docs/decisions/040, 044). A member's page carries the proposal dialog: a link opens
 * it, the form posts as HTML, and the editor is an island started when the member is about to write.
 * A visitor's page has no script. A page people read (app/lib/opener-policy.ts): members have
 * already signed in on /login, which keeps its own browser process.
 */
export const handle = {
  isolate: false,
  scripts: forMembers([dialogLinksScript, formSubmittingScript, richTextScript]),
} satisfies PageHandle & IsolationHandle;

function filterHref(filter: ProposalFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("status", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/voting?${query}` : "/voting";
}

/**
 * "Create Proposal": a link to /voting/new (visitors are sent to sign in first and come back);
 * with JavaScript, for a member, it opens the form in a dialog instead (dialog-links.js). The form
 * posts to /voting/new, which sends the member back here: the dialog is closed and the reloaded
 * list shows the new draft.
 */
function CreateProposal({ groups, draftId }: { groups: { id: string; name: string; is_verified: boolean }[]; draftId: string }) {
  const { t } = useTranslation("voting");
  return (
    <>
      {/* A plain link, not <Link>: a hydrated app must not route it before the dialog opens. */}
      <a href="/voting/new" data-opens-dialog="create-proposal-dialog" className="btn-primary shrink-0">
        {t("list.create")}
      </a>
      <dialog
        id="create-proposal-dialog"
        aria-labelledby="create-proposal-heading"
        className="m-auto w-[min(48rem,calc(100vw-2rem))] max-w-3xl rounded-lg bg-white p-0 shadow-2xl backdrop:bg-black/60"
      >
        <div className="p-5 sm:p-8">
          <h2 id="create-proposal-heading" className="mb-6 text-2xl font-bold tracking-tight text-ink-950">
            {t("create.title")}
          </h2>
          <NewProposalForm id="create-proposal" groups={groups} draftId={draftId} inDialog />
        </div>
      </dialog>
    </>
  );
}

export default function VotingPage() {
  const { proposals, filter, viewer, groups, draftId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("voting");
  const filters: ProposalFilter[] = ["all", "open", "closed"];

  return (
    <PageFrame title={t("list.title")} subtitle={t("list.subtitle")}>
      <section className="mb-10 flex flex-col gap-4 rounded-lg border border-ink-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-2xl text-ink-700">
          <p>{t("list.participation")}</p>
          <p className="mt-2 text-sm">{t("list.rule")}</p>
          {viewer && !viewer.isMember ? (
            <div className="mt-2">
              <MemberStanding viewer={viewer} back="/voting" />
            </div>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          {viewer?.isMember && draftId ? (
            <CreateProposal groups={groups} draftId={draftId} />
          ) : viewer ? null : (
            <>
              <Link to="/login?redirectTo=%2Fvoting%2Fnew" className="btn-secondary">
                {t("list.create")}
              </Link>
              <Link to="/join" prefetch="intent" className="btn-primary">
                {t("list.getStarted")}
              </Link>
            </>
          )}
        </div>
      </section>

      <nav aria-label={t("list.filterLabel")} className="mb-8 flex flex-wrap gap-2">
        {filters.map((option) => (
          <Link
            key={option}
            to={filterHref(option)}
            aria-current={option === filter ? "page" : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${
              option === filter ? "border-ink-900 bg-ink-900 text-white" : "border-ink-300 bg-white text-ink-800 hover:border-ink-500"
            }`}
          >
            {t(`list.filters.${option}`)}
          </Link>
        ))}
      </nav>

      {!proposals ? (
        <ErrorMessage>{t("list.loadFailed")}</ErrorMessage>
      ) : proposals.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white px-6 py-12 text-center text-lg text-ink-600">{t("list.empty")}</p>
      ) : (
        <>
          <ul className="grid gap-8">
            {proposals.items.map((proposal) => (
              <li key={proposal.id}>
                <ProposalCard proposal={proposal} />
              </li>
            ))}
          </ul>
          <Pagination
            page={proposals.page}
            pageCount={proposals.pageCount}
            href={(page) => filterHref(filter, page)}
            labels={{
              nav: t("list.pagination.nav"),
              previous: t("list.pagination.previous"),
              next: t("list.pagination.next"),
              status: t("list.pagination.status", { page: proposals.page, count: proposals.pageCount }),
            }}
          />
        </>
      )}
    </PageFrame>
  );
}
