// Newsletter subscriptions. Visitors may only insert (RLS). Subscribing twice is answered like the
// first time, so the form never tells anyone whether an address is already on the list.
import { QueryError, type Supabase } from "./query.server";

const UNIQUE_VIOLATION = "23505";

export async function subscribeToNewsletter(supabase: Supabase, email: string): Promise<void> {
  const { error } = await supabase.from("newsletter_subscriptions").insert({ email });
  if (error && error.code !== UNIQUE_VIOLATION) throw new QueryError("newsletter subscription", error);
}
