// Newsletter subscriptions, by confirmed consent (double opt-in; decision record 030). Nobody writes
// the table through the API: the site's form subscribes through newsletter_subscribe(), which only a
// client carrying the Worker's secret may call (createWorkerSupabaseClient); the mailed links' tokens
// confirm and unsubscribe; admins read and remove confirmed subscriptions only (RLS).
import { QueryError, type Supabase } from "./query.server";

/**
 * Subscribes an address. The token for the confirmation link, or null when no mail is due (already
 * confirmed, or a confirmation went out in the last hour). The visitor is answered the same either way.
 */
export async function subscribeToNewsletter(worker: Supabase, email: string): Promise<string | null> {
  const { data, error } = await worker.rpc("newsletter_subscribe", { address: email });
  if (error) throw new QueryError("newsletter subscription", error);
  return data;
}

/** The confirmation mail could not be sent: the unconfirmed subscription goes, so the visitor can simply retry. */
export async function withdrawUnmailedSubscription(worker: Supabase, token: string): Promise<void> {
  const { error } = await worker.rpc("newsletter_mail_failed", { token });
  if (error) throw new QueryError("newsletter subscription withdrawal", error);
}

/** Follows a confirmation link: the subscription's unsubscribe token, or null when the link is unknown or expired. */
export async function confirmNewsletterSubscription(supabase: Supabase, token: string): Promise<string | null> {
  const { data, error } = await supabase.rpc("newsletter_confirm", { token });
  if (error) throw new QueryError("newsletter confirmation", error);
  return data;
}

/** Follows an unsubscribe link: true when a subscription was removed. */
export async function unsubscribeFromNewsletter(supabase: Supabase, token: string): Promise<boolean> {
  const { data, error } = await supabase.rpc("newsletter_unsubscribe", { token });
  if (error) throw new QueryError("newsletter unsubscription", error);
  return data;
}

export type Subscriber = { email: string; confirmed_at: string; unsubscribe_token: string };

/** Every confirmed subscriber, oldest first, for the admins' CSV export (RLS: admins only). Read in pages of 1,000, PostgREST's usual cap. */
export async function allSubscribers(supabase: Supabase): Promise<Subscriber[]> {
  const all: Subscriber[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await supabase
      .from("newsletter_subscriptions")
      .select("email, confirmed_at, unsubscribe_token")
      .not("confirmed_at", "is", null)
      .order("confirmed_at")
      .order("id")
      .range(from, from + 999);
    if (error) throw new QueryError("newsletter subscribers", error);
    all.push(...data.map((row) => ({ ...row, confirmed_at: row.confirmed_at ?? "" })));
    if (data.length < 1000) return all;
  }
}
