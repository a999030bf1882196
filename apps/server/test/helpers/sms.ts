import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The sandbox SMS provider's messages in DATA_DIR/sms, oldest first. */
export function readSms(dataDir: string): { file: string; to: string; text: string }[] {
  const dir = path.join(dataDir, "sms");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".txt"))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), "utf8");
      const [head = "", ...body] = raw.split("\n\n");
      return { file: path.join(dir, name), to: head.replace(/^To: /, "").trim(), text: body.join("\n\n").trim() };
    });
}

/** The six-digit code of the newest message to `phone` (+91…); throws when there is none. */
export function lastCodeFor(dataDir: string, phone: string): string {
  const message = readSms(dataDir)
    .filter((sms) => sms.to === phone)
    .at(-1);
  const code = message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
  if (!code) throw new Error(`no code for ${phone} in ${dataDir}/sms`);
  return code;
}
