// Contact and join messages. Visitors may only insert (RLS); the row is not read back.
import { QueryError, type Supabase } from "./query.server";

export type NewContact = {
  name: string;
  email: string;
  region: string | null;
  message: string;
  source: "contact" | "join";
};

export async function sendContactMessage(supabase: Supabase, contact: NewContact): Promise<void> {
  const { error } = await supabase.from("contacts").insert(contact);
  if (error) throw new QueryError("contact message", error);
}
