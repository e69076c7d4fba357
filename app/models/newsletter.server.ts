// Newsletter subscriptions. Visitors may only insert (RLS). Subscribing twice is answered like the
// first time, so the form never tells anyone whether an address is already on the list.
import { QueryError, type Supabase } from "./query.server";

const UNIQUE_VIOLATION = "23505";

export async function subscribeToNewsletter(supabase: Supabase, email: string): Promise<void> {
  const { error } = await supabase.from("newsletter_subscriptions").insert({ email });
  if (error && error.code !== UNIQUE_VIOLATION) throw new QueryError("newsletter subscription", error);
}

/** Every subscriber, oldest first, for the admins' CSV export (RLS: admins only). Read in pages of 1,000, PostgREST's usual cap. */
export async function allSubscribers(supabase: Supabase) {
  const all: Array<{ email: string; created_at: string }> = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await supabase
      .from("newsletter_subscriptions")
      .select("email, created_at")
      .order("created_at")
      .order("id")
      .range(from, from + 999);
    if (error) throw new QueryError("newsletter subscribers", error);
    all.push(...data);
    if (data.length < 1000) return all;
  }
}
