import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { memberForm } from "~/lib/member-action.server";
import { createSupabaseServerClient } from "~/lib/supabase.server";

/** Sign-out: a POST from the header's form. Clears the session cookies and goes home. */
export async function action({ request, context }: ActionFunctionArgs) {
  await memberForm(request);
  const { supabase, headers } = createSupabaseServerClient(request, context.cloudflare.env);
  // Ends this session at Supabase Auth too; an already-invalid session is simply forgotten.
  await supabase.auth.signOut({ scope: "local" });
  return redirect("/", { headers });
}

/** A GET (a typed address, a prefetch) signs nobody out. */
export function loader() {
  return redirect("/");
}
