import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../../lib/logger.js";
import type { SmsMessage, SmsProvider } from "./sms-provider.js";

/** The file name's phone part: digits only, so a number never names a path. */
const fileSafe = (phone: string) => phone.replace(/\D/g, "").slice(0, 20) || "unknown";

/**
 * Writes each message as a text file under `dir` (DATA_DIR/sms), like the file mailer: readable by
 * the shop's user alone, since it holds one-time codes. The log names the file, never the text.
 */
export function createSandboxSms(options: { dir: string; log: Logger }): SmsProvider {
  let sequence = 0;
  return {
    async send(message: SmsMessage) {
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.dir, `${stamp}-${String(sequence).padStart(6, "0")}-${fileSafe(message.to)}.txt`);
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`, { mode: 0o600 });
      options.log.info({ to: message.to, file }, "sms written");
    },
  };
}
