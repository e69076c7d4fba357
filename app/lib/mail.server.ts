/**
 * Mail the Worker sends itself (not Supabase Auth's): over SMTP, through Workers' TCP sockets
 * (worker-mailer), to the same server Supabase Auth is given; locally the mail catcher that the
 * embedded backend starts. Decision record 030.
 */
import { LogLevel, WorkerMailer } from "worker-mailer";
import { site } from "~/lib/site";

export type MailEnv = Pick<Env, "SMTP_HOST" | "SMTP_PORT" | "SMTP_USER" | "SMTP_PASS" | "MAIL_FROM">;

export type Mail = { to: string; subject: string; text: string; html: string };

/** Port 465 speaks TLS from the start; any other port upgrades with STARTTLS when the server offers it. */
const IMPLICIT_TLS_PORT = 465;

/** Sends one mail, or throws (no server configured, refused, timed out). */
export async function sendMail(env: MailEnv, mail: Mail): Promise<void> {
  const port = Number(env.SMTP_PORT);
  if (!env.SMTP_HOST || !Number.isInteger(port) || port <= 0 || !env.MAIL_FROM) {
    throw new Error("mail is not configured: set SMTP_HOST, SMTP_PORT and MAIL_FROM (README, Deploying)");
  }
  await WorkerMailer.send(
    {
      host: env.SMTP_HOST,
      port,
      secure: port === IMPLICIT_TLS_PORT,
      credentials: env.SMTP_USER ? { username: env.SMTP_USER, password: env.SMTP_PASS ?? "" } : undefined,
      authType: ["plain", "login", "cram-md5"],
      socketTimeoutMs: 10_000,
      responseTimeoutMs: 10_000,
      // Its INFO lines would log every recipient's address.
      logLevel: LogLevel.NONE,
    },
    { from: { name: site.shortName, email: env.MAIL_FROM }, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
  );
}
