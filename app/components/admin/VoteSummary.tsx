import { useTranslation } from "react-i18next";

/** Voters while voting, the counts once they are known; never who voted what (nobody can read that). */
export function VoteSummary({
  proposal,
}: {
  proposal: { status: string; support_count: number | null; oppose_count: number | null; vote_count: number | null };
}) {
  const { t } = useTranslation("admin");
  if (proposal.support_count !== null && proposal.oppose_count !== null) {
    return <>{t("proposals.counts", { support: proposal.support_count, oppose: proposal.oppose_count })}</>;
  }
  if (proposal.status === "voting") return <>{t("proposals.voters", { count: proposal.vote_count ?? 0 })}</>;
  return <>—</>;
}
