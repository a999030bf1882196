import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop } from "../../../test/helpers/app.js";
import { newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { paymentForm, startCheckout, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { lastMailTo, parseMail, readOutbox, resetTokenIn } from "../../../test/helpers/mail.js";
import { loadConfig } from "../../config.js";
import { createMailer } from "./create-mailer.js";
import { renderMail } from "./layout.js";

function recordingLogger() {
  const entries: { level: string; object: Record<string, unknown>; message: string | undefined }[] = [];
  const at =
    (level: string) =>
    (object: object, message?: string): void => {
      entries.push({ level, object: object as Record<string, unknown>, message });
    };
  return { entries, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

describe("the file mailer (default)", () => {
  it("writes each message as an .eml file under <dataDir>/mail and logs subject, recipient and file, never the links", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-mail-"));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.mail).toEqual({ smtpUrl: undefined, from: "VAKI <hello@vaki.local>" });
      const { entries, log } = recordingLogger();
      const mailer = createMailer(config, log);
      const body = renderMail({
        shopName: "VAKI",
        greeting: "Hey Riya,",
        paragraphs: ["Fish & chips <b>not</b> included."],
        action: { label: "Open", url: "http://localhost:3000/reset-password?fpt=abc_DEF-123" },
      });
      await mailer.send({ to: "riya@example.com", subject: "Hello from VAKI", ...body });

      const files = readdirSync(path.join(dataDir, "mail"));
      expect(files).toHaveLength(1);
      // Reset links and addresses: readable by the shop's user alone.
      expect(statSync(path.join(dataDir, "mail", files[0]!)).mode & 0o777).toBe(0o600);
      const [mail] = readOutbox(dataDir);
      expect(mail).toMatchObject({
        to: "riya@example.com",
        subject: "Hello from VAKI",
        from: "VAKI <hello@vaki.local>",
      });
      expect(mail?.text).toContain("Open: http://localhost:3000/reset-password?fpt=abc_DEF-123");
      expect(mail?.html).toContain("Fish &amp; chips &lt;b&gt;not&lt;/b&gt; included.");
      expect(mail?.text).toContain("— Team VAKI");

      expect(entries).toEqual([
        {
          level: "info",
          message: "mail written",
          object: expect.objectContaining({
            to: "riya@example.com",
            subject: "Hello from VAKI",
            file: expect.stringMatching(/\.eml$/),
          }),
        },
      ]);
      expect(JSON.stringify(entries)).not.toContain("fpt=abc_DEF-123");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("never logs a staff setup or invitation link's token", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-mail-"));
    try {
      const { entries, log } = recordingLogger();
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log);
      const body = renderMail({
        shopName: "VAKI",
        greeting: "Hello Omar,",
        paragraphs: ["You have been invited."],
        action: { label: "Set up", url: "http://localhost:3000/admin/setup?token=SecretInvite_123" },
      });
      await mailer.send({ to: "omar@example.com", subject: "Your staff account", ...body });
      expect(entries[0]?.object).not.toHaveProperty("links");
      expect(JSON.stringify(entries)).not.toContain("SecretInvite_123");
      // The mail itself keeps the link: it is how the person gets it.
      expect(readOutbox(dataDir)[0]?.text).toContain("token=SecretInvite_123");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("uses MAIL_FROM and SHOP_NAME for the sender", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-mail-"));
    expect(loadConfig({ DATA_DIR: dataDir, SHOP_NAME: "Nova" }).mail.from).toBe("Nova <hello@vaki.local>");
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: "Shop <shop@example.in>" }).mail.from).toBe(
      "Shop <shop@example.in>",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: "mail.example.in" })).toThrow(/SMTP_URL/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the secrets of a shop's mail out of its log: order secrets and reset tokens", async () => {
    const lines: string[] = [];
    const shop = await createTestShop(
      { LOG_LEVEL: "info", OUTBOX_INTERVAL_MS: "0", HOLD_SWEEP_INTERVAL_MS: "0" },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const session = await registerAndLogin(shop.app);
      const reset = await shop.app.inject({
        method: "POST",
        url: "/api/user/forgot-password",
        payload: { emailOrMobile: session.customer.email, isReusedPasswordReset: false },
      });
      expect(reset.statusCode).toBe(200);
      const token = resetTokenIn(lastMailTo(shop.config.dataDir, session.customer.email));

      const tee = await insertProduct(shop.database.db, { name: "Log Tee", variants: [{ size: "M", stock: 5 }] });
      const guest = newGuest();
      const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
      const paid = await submitPaymentPage(
        shop.app,
        started.token,
        paymentForm({ "contact.email": "log@example.com" }),
      );
      expect(paid.statusCode).toBe(303);
      await shop.app.outbox.drain();
      const confirmation = lastMailTo(shop.config.dataDir, "log@example.com");
      const orderLink = /orderSecret=([A-Za-z0-9_-]+)/.exec(confirmation.text)?.[1];
      expect(orderLink).toBeTruthy();

      const log = lines.join("");
      expect(log).toContain('"msg":"mail written"');
      expect(log).toContain(".eml");
      for (const secret of [token, orderLink!, started.orderSecret!]) expect(log).not.toContain(secret);
    } finally {
      await shop.close();
    }
  });
});

describe(`the SMTP mailer against a local SMTP server (${testEngine})`, () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers the password reset e-mail with its link when SMTP_URL is set", async () => {
    const shop = await createTestShop({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "VAKI Support <support@vaki.example>",
      PUBLIC_URL: "https://vaki.example",
      // No outbox worker: sign-up's welcome e-mail stays queued, so the reset mail is the one received.
      OUTBOX_INTERVAL_MS: "0",
    });
    try {
      const session = await registerAndLogin(shop.app);
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/user/forgot-password",
        payload: { emailOrMobile: session.customer.email },
      });
      expect(response.statusCode).toBe(200);

      const delivered = received.find((m) => m.to.includes(session.customer.email));
      expect(delivered?.from).toBe("support@vaki.example");
      const mail = parseMail(delivered!.raw);
      expect(mail.subject).toBe("Reset your VAKI password");
      expect(mail.from).toBe("VAKI Support <support@vaki.example>");
      const token = resetTokenIn(mail);
      expect(mail.text).toContain(`https://vaki.example/reset-password?fpt=${token}`);
      expect(readOutbox(shop.config.dataDir)).toEqual([]);

      const verified = await shop.app.inject({
        method: "POST",
        url: "/api/user/forgot-password/verify-token",
        payload: { token },
      });
      expect(verified.statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
