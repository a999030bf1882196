import path from "node:path";
import type { Config } from "../../config.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "./mailer.js";
import { createFileMailer, createSmtpMailer } from "./nodemailer-mailer.js";

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, "mail" | "dataDir">, log: Logger): Mailer {
  if (config.mail.smtpUrl) return createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, log });
  return createFileMailer({ dir: path.join(config.dataDir, "mail"), from: config.mail.from, log });
}
