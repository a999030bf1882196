import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerAndLogin } from "../../test/helpers/accounts.js";
import { testEngine } from "../../test/helpers/database.js";
import { createSharedTestDatabase, type SharedTestDatabase } from "../../test/helpers/shared-database.js";
import { type App, buildApp } from "../app.js";
import { loadConfig } from "../config.js";

describe(`the token secret without JWT_SECRET (${testEngine})`, () => {
  let shared: SharedTestDatabase;
  let apps: App[];
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), "vaki-secret-")));

  beforeAll(async () => {
    shared = await createSharedTestDatabase(2);
    // Each process its own data folder, as on two machines: only the database is shared.
    apps = [];
    for (const [index, database] of shared.handles.entries()) {
      const config = loadConfig({ DATA_DIR: dataDirs[index]!, LOG_LEVEL: "silent", NODE_ENV: "test" });
      apps.push(await buildApp({ config, database }));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await shared.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("is generated once and shared by every process of the shop through the database", async () => {
    const [a, b] = apps as [App, App];
    expect(a.shopConfig.secrets.jwt).toBe(b.shopConfig.secrets.jwt);
    expect(a.shopConfig.payment.sandbox.secret).toBe(b.shopConfig.payment.sandbox.secret);
    const session = await registerAndLogin(a);
    const profile = await b.inject({
      method: "GET",
      url: `/api/user/profile/${session.userId}`,
      headers: bearer(session.accessToken),
    });
    expect(profile.statusCode).toBe(200);
  });

  it("takes over the secret an earlier version kept in DATA_DIR/secrets.json on a fresh database", async () => {
    const single = await createSharedTestDatabase(1);
    const database = single.handles[0]!;
    const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-secret-"));
    writeFileSync(path.join(dir, "secrets.json"), JSON.stringify({ jwt: "u".repeat(64) }));
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" }), database });
    try {
      expect(app.shopConfig.secrets.jwt).toBe("u".repeat(64));
      const stored = await database.db
        .selectFrom("shop_state")
        .select("value")
        .where("key", "=", "secret:jwt")
        .executeTakeFirst();
      expect(stored?.value).toBe("u".repeat(64));
    } finally {
      await app.close();
      await single.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
