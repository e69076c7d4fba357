// What the embedded backend takes from supabase/config.toml, the file the Supabase CLI reads: the auth
// settings it emulates (site URL, mail templates and timings, rate limits) and the local mail catcher.

import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { REPO_ROOT } from "./database";

interface MailTemplate {
  subject: string;
  /** The template's text (content_path read from the repository root, as the CLI resolves it). */
  content: string;
}

type TemplateName = "recovery" | "confirmation";

export interface AuthConfig {
  siteUrl: string;
  /** [auth] minimum_password_length. */
  minimumPasswordLength: number;
  /** [auth.email] max_frequency: seconds between two mails to one address. */
  emailMaxFrequencySeconds: number;
  /** [auth.email] otp_expiry: seconds a mailed link or code stays valid. */
  otpExpirySeconds: number;
  /** [auth.email] enable_confirmations: a new account confirms its address by mail before it signs in. */
  enableConfirmations: boolean;
  templates: Partial<Record<TemplateName, MailTemplate>>;
  /** [auth.rate_limit], as GoTrue counts them. */
  rateLimit: { emailSent: number; signInSignUps: number; tokenRefresh: number; tokenVerifications: number };
  localSmtp: { enabled: boolean; webPort: number; smtpPort: number };
}

type Table = Record<string, unknown>;
const table = (value: unknown): Table => (value && typeof value === "object" && !Array.isArray(value) ? (value as Table) : {});
const number = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);

/** Go duration strings as config.toml writes them ("1m0s", "60s", "1h"). */
function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value !== "string") return fallback;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|m|s)/g)];
  if (!parts.length) return fallback;
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * (unit === "h" ? 3600 : unit === "m" ? 60 : 1), 0);
}

export function loadAuthConfig(file = path.join(REPO_ROOT, "supabase", "config.toml")): AuthConfig {
  const config = parse(readFileSync(file, "utf8")) as Table;
  const auth = table(config.auth);
  const email = table(auth.email);
  const limits = table(auth.rate_limit);
  const smtp = table(config.local_smtp);
  const templates: AuthConfig["templates"] = {};
  const defaultSubjects: Record<TemplateName, string> = { recovery: "Reset Your Password", confirmation: "Confirm Your Signup" };
  for (const name of Object.keys(defaultSubjects) as TemplateName[]) {
    const template = table(table(email.template)[name]);
    if (typeof template.content_path !== "string") continue;
    templates[name] = {
      subject: typeof template.subject === "string" ? template.subject : defaultSubjects[name],
      content: readFileSync(path.resolve(REPO_ROOT, template.content_path), "utf8"),
    };
  }
  return {
    siteUrl: typeof auth.site_url === "string" ? auth.site_url : "http://127.0.0.1:3000",
    minimumPasswordLength: number(auth.minimum_password_length, 6),
    emailMaxFrequencySeconds: durationSeconds(email.max_frequency, 60),
    otpExpirySeconds: number(email.otp_expiry, 3600),
    enableConfirmations: email.enable_confirmations === true,
    templates,
    rateLimit: {
      emailSent: number(limits.email_sent, 2),
      signInSignUps: number(limits.sign_in_sign_ups, 30),
      tokenRefresh: number(limits.token_refresh, 150),
      tokenVerifications: number(limits.token_verifications, 30),
    },
    localSmtp: { enabled: smtp.enabled !== false, webPort: number(smtp.port, 54324), smtpPort: number(smtp.smtp_port, 54325) },
  };
}
