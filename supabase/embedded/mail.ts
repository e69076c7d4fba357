// Auth mail of the embedded backend: the local catcher (maildev, as the Supabase CLI starts one under
// [local_smtp]), the templates of config.toml rendered as GoTrue renders them, and sending over SMTP.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MailDev } from "maildev";
import nodemailer from "nodemailer";

export interface MailCatcher {
  /** The web page and REST API (GET /api/email). */
  url: string;
  smtpPort: number;
  stop(): Promise<void>;
}

/** Starts maildev on 127.0.0.1 with a mail directory of its own, removed again on stop. */
export async function startMailCatcher(options: { webPort: number; smtpPort: number; log: (line: string) => void }): Promise<MailCatcher> {
  const mailDirectory = await mkdtemp(path.join(tmpdir(), "embedded-mail-"));
  const maildev = new MailDev({
    smtp: options.smtpPort,
    web: options.webPort,
    ip: "127.0.0.1",
    webIp: "127.0.0.1",
    mailDirectory,
    silent: true,
  });
  try {
    await maildev.start();
  } catch (error) {
    await rm(mailDirectory, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${options.webPort}`;
  options.log(`mail: local mail catcher on ${url} (SMTP ${options.smtpPort})`);
  return {
    url,
    smtpPort: options.smtpPort,
    async stop() {
      await maildev.stop().catch((error: Error) => options.log(`mail: stopping maildev failed: ${error.message}`));
      await rm(mailDirectory, { recursive: true, force: true });
    },
  };
}

export type SendMail = (message: { to: string; subject: string; html: string }) => Promise<void>;

/** Sends through an SMTP server on 127.0.0.1 (the catcher), from the project's local sender. */
export function smtpSender(port: number): SendMail {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  return async ({ to, subject, html }) => {
    await transport.sendMail({ from: '"INAG" <no-reply@example.org>', to, subject, html });
  };
}

type Values = Record<string, unknown>;

/**
 * The part of Go's text/template that Supabase's mail templates use: `{{ .Name }}`, `{{ .Data.key }}`
 * (HTML-escaped, as GoTrue's html/template does), and `{{ if eq .X "v" }} … {{ else if eq .X "w" }} …
 * {{ else }} … {{ end }}`, nestable. Anything else is an error, so a template that hosted Supabase would
 * render differently fails here first.
 */
export function renderTemplate(template: string, values: Values, escape = true): string {
  const tokens = template.split(/(\{\{-?\s*[^}]*?\s*-?\}\})/);
  let position = 0;

  function lookup(reference: string): unknown {
    if (!reference.startsWith(".")) throw new Error(`template: unsupported value ${reference}`);
    return reference
      .slice(1)
      .split(".")
      .reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Values)[key] : undefined), values);
  }

  function condition(expression: string): boolean {
    const match = /^eq\s+(\.[\w.]+)\s+"([^"]*)"$/.exec(expression.trim());
    if (!match) throw new Error(`template: unsupported condition ${expression}`);
    return String(lookup(match[1]) ?? "") === match[2];
  }

  /** Renders tokens until an {{ else… }} or {{ end }} of this level, which it returns unconsumed. */
  function block(render: boolean): string {
    let out = "";
    while (position < tokens.length) {
      const token = tokens[position];
      const action = /^\{\{-?\s*(.*?)\s*-?\}\}$/.exec(token)?.[1];
      if (action === undefined) {
        if (render) out += token;
        position++;
        continue;
      }
      if (action === "end" || action.startsWith("else")) return out;
      position++;
      if (action.startsWith("if ")) {
        let taken = false;
        let chosen = "";
        let test = action.slice(3);
        for (;;) {
          const pass = render && !taken && (test === "" || condition(test));
          const body = block(pass);
          if (pass) {
            chosen = body;
            taken = true;
          }
          const closing = /^\{\{-?\s*(.*?)\s*-?\}\}$/.exec(tokens[position] ?? "")?.[1];
          if (closing === undefined) throw new Error("template: missing {{ end }}");
          position++;
          if (closing === "end") break;
          test = closing === "else" ? "" : closing.replace(/^else\s+if\s+/, "");
        }
        out += chosen;
      } else if (render) {
        const value = lookup(action);
        const text = value === undefined || value === null ? "" : String(value);
        out += escape ? text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`) : text;
      }
    }
    return out;
  }

  const rendered = block(true);
  if (position < tokens.length) throw new Error(`template: unexpected ${tokens[position]}`);
  return rendered;
}
