import type { Logger } from "../../lib/logger.js";

/** One e-mail, in plain text and simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends the shop's e-mail: files under the data folder by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends without letting a mail failure fail the request that caused it; answers whether it went out. */
export async function sendWithoutFailing(mailer: Mailer, log: Logger, message: MailMessage): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log.error({ err: error, to: message.to, subject: message.subject }, "mail could not be sent");
    return false;
  }
}
