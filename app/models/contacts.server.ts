// Contact and join messages. Nobody inserts them through the API: the site's rate-limited forms call
// submit_contact_message() with the Worker's secret (createWorkerSupabaseClient); admins read them.
import { QueryError, type Supabase } from "./query.server";

export type NewContact = {
  name: string;
  email: string;
  region: string | null;
  message: string;
  source: "contact" | "join";
};

export async function sendContactMessage(worker: Supabase, contact: NewContact): Promise<void> {
  const { region, ...rest } = contact;
  const { error } = await worker.rpc("submit_contact_message", region ? { ...rest, region } : rest);
  if (error) throw new QueryError("contact message", error);
}
