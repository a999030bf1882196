import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../../lib/logger.js";
import type { Mailer, MailMessage } from "./mailer.js";

/** Sends through any nodemailer transport with the shop's sender address. */
class NodemailerMailer implements Mailer {
  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly afterSend: (
      message: MailMessage,
      info: { message?: unknown; messageId?: string },
    ) => Promise<void>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await this.afterSend(message, info);
  }
}

/**
 * Writes each message as an .eml file under `dir` and logs its recipient, subject and file: never
 * its links, which carry order secrets and reset tokens (open the file to follow them).
 */
export function createFileMailer(options: { dir: string; from: string; log: Logger }): Mailer {
  let sequence = 0;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return new NodemailerMailer(transport, options.from, async (message, info) => {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    sequence += 1;
    const slug = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80);
    const file = path.join(
      options.dir,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(6, "0")}-${slug}.eml`,
    );
    // Mail holds reset links and addresses: readable by the shop's user alone.
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    options.log.info({ to: message.to, subject: message.subject, file }, "mail written");
  });
}

/** Sends over SMTP to the server named by SMTP_URL (smtp://user:pass@host:port or smtps://...). */
export function createSmtpMailer(options: { url: string; from: string; log: Logger }): Mailer {
  const transport = nodemailer.createTransport(withTimeouts(options.url));
  return new NodemailerMailer(transport, options.from, async (message, info) => {
    options.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
  });
}

/** nodemailer waits minutes by default; a shopper waiting on a reset link should not. URL values win. */
function withTimeouts(url: string): string {
  const parsed = new URL(url);
  const defaults = { connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "30000" };
  for (const [name, value] of Object.entries(defaults)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, value);
  }
  return parsed.toString();
}
