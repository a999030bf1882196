import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ReadMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: { headers: Record<string, string>; body: string }): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** Reads one RFC 822 message as written by nodemailer (text + html alternative parts). */
export function parseMail(raw: string, file = ""): ReadMail {
  const message = splitPart(raw);
  const mail: ReadMail = {
    file,
    from: decodeHeader(message.headers.from ?? ""),
    to: decodeHeader(message.headers.to ?? ""),
    subject: decodeHeader(message.headers.subject ?? ""),
    text: "",
    html: "",
  };
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers["content-type"] ?? "")?.[1];
  const parts = boundary
    ? message.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r?\n/, "")))
    : [message];
  for (const part of parts) {
    const type = part.headers["content-type"] ?? "text/plain";
    if (type.startsWith("text/plain")) mail.text = decodeBody(part);
    if (type.startsWith("text/html")) mail.html = decodeBody(part);
  }
  return mail;
}

/** Every .eml the file mailer wrote under <dataDir>/mail, oldest first. */
export function readOutbox(dataDir: string): ReadMail[] {
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => parseMail(readFileSync(path.join(dir, name), "utf8"), name));
}

/** The newest message to `to`; throws when there is none. */
export function lastMailTo(dataDir: string, to: string): ReadMail {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.includes(to))
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${dataDir}/mail`);
  return mail;
}

export function resetTokenIn(mail: ReadMail): string {
  const token = /\/reset-password\?fpt=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
}
