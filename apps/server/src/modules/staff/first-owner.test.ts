import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.js";
import { completeLink, tokenOf } from "../../../test/helpers/staff.js";
import { type App, buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { ManualClock } from "../../lib/clock.js";
import { redactUrl } from "../../lib/log-redaction.js";
import { announceFirstOwnerSetup } from "./first-owner.js";

describe("the first owner's setup link and the logs", () => {
  let app: App;
  let database: TestDatabase;
  let dataDir: string;
  const clock = new ManualClock(new Date());
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-first-owner-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      OUTBOX_INTERVAL_MS: "0",
      PUBLIC_URL: "https://shop.example",
    });
    database = await createTestDatabase();
    app = await buildApp({ config, database, clock }, { logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const announced = () =>
    lines.map((line) => JSON.parse(line) as { msg: string }).filter((entry) => entry.msg.startsWith("Admin setup:"));

  it("logs a fresh 24-hour link on each start while there is no staff, then none", async () => {
    expect(await announceFirstOwnerSetup(app.staffModule.staff, app.log)).toBe(true);
    expect(await announceFirstOwnerSetup(app.staffModule.staff, app.log)).toBe(true);
    const [first, second] = announced();
    const pattern =
      /^Admin setup: open https:\/\/shop\.example\/admin\/setup\?token=([A-Za-z0-9_-]{43}) within 24 hours to create the shop owner's account\.$/;
    expect(first?.msg).toMatch(pattern);
    expect(second?.msg).toMatch(pattern);
    expect(first?.msg).not.toBe(second?.msg);

    // Requests carrying the link's token, its password and code never put them in the logs.
    const url = /https\S+/.exec(second?.msg ?? "")?.[0] ?? "";
    const token = tokenOf(url);
    const before = lines.length;
    await app.inject({ method: "GET", url: `/admin/setup?token=${token}`, headers: { accept: "text/html" } });
    await app.inject({ method: "GET", url: `/api/admin/setup/inspect?token=${token}` });
    const owner = await completeLink(app, clock, url, { name: "Asha Owner", email: "owner@shop.example" });
    const requestLogs = lines.slice(before).join("\n");
    expect(requestLogs).toContain("/admin/setup?token=[redacted]");
    expect(requestLogs).not.toContain(token);
    expect(requestLogs).not.toContain(owner.password);
    expect(requestLogs).not.toContain(owner.secret);
    for (const code of owner.recoveryCodes) expect(requestLogs).not.toContain(code);

    const count = announced().length;
    expect(await announceFirstOwnerSetup(app.staffModule.staff, app.log)).toBe(false);
    expect(announced()).toHaveLength(count);
  });

  it("redacts the token of setup links wherever a URL is logged", () => {
    expect(redactUrl("/admin/setup?token=abc123")).toBe("/admin/setup?token=[redacted]");
    expect(redactUrl("/api/admin/setup/inspect?token=abc123&x=1")).toBe(
      "/api/admin/setup/inspect?token=[redacted]&x=1",
    );
  });
});
