import { backendMail } from "../../scripts/ports.mjs";

/** The backend the site under test talks to, with the well-known local keys (shared/embedded-backend.md §1): local backends only. */
export const SUPABASE_URL = process.env.E2E_SUPABASE_URL ?? "http://127.0.0.1:54321";
/** The backend's mail catcher: E2E_MAIL_URL when given, else where the backend says it is (scripts/ports.mjs), asked once. */
let catcher: Promise<string> | undefined;
const mailUrl = () => (catcher ??= process.env.E2E_MAIL_URL ? Promise.resolve(process.env.E2E_MAIL_URL) : backendMail(SUPABASE_URL).then((mail) => mail.url));
export const ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
export const SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

/**
 * The path and query of the link to `path` in the newest mail the catcher holds for `email` (read
 * through maildev's API; the mail names the site's own URL), or null when there is none yet.
 */
export async function mailedLink(email: string, path: string): Promise<string | null> {
  const response = await fetch(`${await mailUrl()}/api/email`);
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
  const mails = (await response.json()) as { html: string; to: { address: string }[] }[];
  const mine = mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === email.toLowerCase()));
  const pattern = new RegExp(`href="([^"]*${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?[^"]*)"`);
  const href = pattern.exec(mine.at(-1)?.html ?? "")?.[1];
  if (!href) return null;
  const url = new URL(href.replaceAll("&amp;", "&"));
  return `${url.pathname}${url.search}`;
}
