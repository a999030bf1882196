import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/database.js";
import { type App, buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { redactUrl } from "./log-redaction.js";

describe("request logs", () => {
  let app: App;
  let database: TestDatabase;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-logs-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info", NODE_ENV: "test", OUTBOX_INTERVAL_MS: "0" });
    database = await createTestDatabase();
    app = await buildApp({ config, database }, { logStream: { write: (line) => void lines.push(line) } });
    // A long compressible answer, sent slowly: a browser can leave it midway.
    app.get("/__slow-text", (_request, reply) => {
      let sent = 0;
      const body = new Readable({
        read() {
          sent += 1;
          if (sent > 200) this.push(null);
          else setTimeout(() => this.push(`${"moon ".repeat(2_000)}\n`), 5);
        },
      });
      return reply.type("text/plain").send(body);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("never carry order secrets, guest session ids or payment tokens", async () => {
    const guest = randomUUID();
    const secrets = ["OrderSecretAbc123", guest, "PayTokenXyz789", "CheckoutIdQrs456", "ResetFptLmn012"];
    const urls = [
      `/api/orders/12?orderSecret=${secrets[0]}&userId=`,
      `/api/orders/12?secret=${secrets[0]}`,
      `/api/cart?guestSessionId=${guest}`,
      `/sandbox/pay/${secrets[2]}`,
      `/api/checkout/${secrets[3]}/details?orderSecret=${secrets[0]}`,
      `/api/user/reset-password?fpt=${secrets[4]}`,
    ];
    for (const url of urls) await app.inject({ method: "GET", url });
    await app.inject({
      method: "POST",
      url: "/api/orders/create",
      payload: { guestSessionId: guest },
      headers: { "x-guest-session-id": guest },
    });
    const log = lines.join("");
    expect(log).toContain("incoming request");
    expect(log).toContain("[redacted]");
    expect(log).toContain("/api/orders/12?orderSecret=[redacted]&userId=");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it("log a browser leaving a compressed answer midway at info, not as the shop's error", async () => {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const before = lines.length;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/__slow-text`, { headers: { "accept-encoding": "gzip" } }, (response) => {
        expect(response.headers["content-encoding"]).toBe("gzip");
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", (error) => (error.message === "socket hang up" ? undefined : reject(error)));
    });
    const logged = async () => lines.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string });
    await expect
      .poll(async () => (await logged()).some((line) => line.msg.includes("went away")), { timeout: 5_000 })
      .toBe(true);
    expect((await logged()).filter((line) => line.level >= 50)).toEqual([]);
    // Any other error still logs as one.
    app.log.error(new Error("the disk is full"));
    expect(JSON.parse(lines.at(-1) ?? "{}")).toMatchObject({ level: 50, msg: "the disk is full" });
  });

  it("keep what is not secret readable", () => {
    expect(redactUrl("/api/products?page=2&limit=20")).toBe("/api/products?page=2&limit=20");
    expect(redactUrl("/api/checkout/initiate")).toBe("/api/checkout/initiate");
    expect(redactUrl("/api/cart?guestSessionId=x&userId=3")).toBe("/api/cart?guestSessionId=[redacted]&userId=3");
    expect(redactUrl("/api/orders/1?%6FrderSecret=abc")).toBe("/api/orders/1?%6FrderSecret=[redacted]");
  });
});
