// worker-mailer for code that runs on Node instead of workerd: vitest calling the Worker's actions,
// and `remix vite:dev`. worker-mailer needs `cloudflare:sockets`, which only workerd has; this
// sends the same mail with nodemailer. vitest.config.ts and vite.config.ts (dev only) alias
// "worker-mailer" here; the built Worker, run by `npm start` and the browser tests, uses the real one.
import nodemailer from "nodemailer";
import type { EmailOptions, WorkerMailerOptions } from "worker-mailer";

// Its own copy: under the alias, "worker-mailer" names this very file.
export const LogLevel = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3, NONE: 4 } as const;

const address = (user: string | { name?: string; email: string }) =>
  typeof user === "string" ? user : { name: user.name ?? "", address: user.email };

export const WorkerMailer = {
  async send(options: WorkerMailerOptions, email: EmailOptions): Promise<void> {
    const transport = nodemailer.createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure ?? false,
      auth: options.credentials ? { user: options.credentials.username, pass: options.credentials.password } : undefined,
    });
    try {
      const to = Array.isArray(email.to) ? email.to.map(address) : address(email.to);
      await transport.sendMail({ from: address(email.from), to, subject: email.subject, text: email.text, html: email.html });
    } finally {
      transport.close();
    }
  },
};
