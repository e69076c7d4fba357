/**
 * Mail the Worker sends itself (not Supabase Auth's): over SMTP, through Workers' TCP sockets
 * (worker-mailer), to the same server Supabase Auth is given; locally the mail catcher that the
 * embedded backend starts. Decision record 030.
 */
import { LogLevel, WorkerMailer } from "worker-mailer";
import { isLocalHost } from "~/lib/security.server";
import { site } from "~/lib/site";

export type MailEnv = Pick<Env, "SMTP_HOST" | "SMTP_PORT" | "SMTP_USER" | "SMTP_PASS" | "MAIL_FROM">;

export type Mail = { to: string; subject: string; text: string; html: string };

/**
 * Port 465 speaks TLS from the start. worker-mailer upgrades other ports with STARTTLS only when the
 * server offers it, so anyone on the path could strip the offer and read the password and the links:
 * a server that is not on this machine must be reached on 465.
 */
const IMPLICIT_TLS_PORT = 465;

/** Sends one mail, or throws (not configured, refused, timed out) with a message that names no address. */
export async function sendMail(env: MailEnv, mail: Mail): Promise<void> {
  const port = Number(env.SMTP_PORT);
  if (!env.SMTP_HOST || !Number.isInteger(port) || port <= 0 || !env.MAIL_FROM) {
    throw new Error("mail is not configured: set SMTP_HOST, SMTP_PORT and MAIL_FROM (README, Deploying)");
  }
  const secure = port === IMPLICIT_TLS_PORT;
  if (!secure && !isLocalHost(new URL(`smtp://${env.SMTP_HOST}`))) {
    throw new Error(`SMTP_PORT must be ${IMPLICIT_TLS_PORT} (TLS) for a server that is not on this machine`);
  }
  try {
    await WorkerMailer.send(
      {
        host: env.SMTP_HOST,
        port,
        secure,
        credentials: env.SMTP_USER ? { username: env.SMTP_USER, password: env.SMTP_PASS ?? "" } : undefined,
        authType: ["plain", "login", "cram-md5"],
        socketTimeoutMs: 10_000,
        responseTimeoutMs: 10_000,
        // Its INFO lines would log every recipient's address.
        logLevel: LogLevel.NONE,
      },
      { from: { name: site.shortName, email: env.MAIL_FROM }, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
    );
  } catch (error) {
    // worker-mailer's errors quote the server's replies, which often name the recipient: keep the reply code only.
    const code = /\b[45]\d\d\b/.exec(error instanceof Error ? error.message : "")?.[0];
    throw new Error(code ? `the SMTP server refused the mail (${code})` : "the SMTP server could not be reached or did not answer");
  }
}
