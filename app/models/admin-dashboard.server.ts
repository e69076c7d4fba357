/**
 * The dashboard's live figures: one count per card, all asked at once (head requests: no rows
 * travel). Each is what an admin would act on next: drafts, upcoming events, new messages…
 */
import type { Supabase } from "./query.server";
import { logError } from "~/lib/log.server";

type CountResult = PromiseLike<{ count: number | null; error: unknown }>;

async function countOf(query: CountResult): Promise<number | null> {
  const { count, error } = await query;
  if (error) logError("Dashboard figure failed", error);
  return error ? null : (count ?? 0);
}

export async function dashboardFigures(supabase: Supabase) {
  const head = { count: "exact", head: true } as const;
  const now = new Date().toISOString();
  const [newsDrafts, upcomingEvents, resourceDrafts, pendingGroups, newContacts, openProposals, openReports, pendingMembers, subscribers, activityToday] =
    await Promise.all([
      countOf(supabase.from("news_articles").select("id", head).eq("is_published", false)),
      countOf(supabase.from("events").select("id", head).eq("is_published", true).gte("ends_at", now)),
      countOf(supabase.from("resources").select("id", head).eq("is_published", false)),
      countOf(supabase.from("groups").select("id", head).eq("is_verified", false)),
      countOf(supabase.from("contacts").select("id", head).eq("status", "new")),
      countOf(supabase.from("proposals").select("id", head).in("status", ["discussion", "voting"])),
      countOf(supabase.from("proposal_reports").select("id", head).is("resolved_at", null)),
      countOf(supabase.rpc("member_accounts", undefined, head).is("approved_at", null)),
      countOf(supabase.from("newsletter_subscriptions").select("id", head)),
      countOf(supabase.from("admin_activity").select("id", head).gte("created_at", new Date(Date.now() - 86_400_000).toISOString())),
    ]);
  return {
    news: newsDrafts,
    events: upcomingEvents,
    resources: resourceDrafts,
    groups: pendingGroups,
    contacts: newContacts,
    proposals: openProposals,
    reports: openReports,
    members: pendingMembers,
    newsletter: subscribers,
    activity: activityToday,
  };
}
