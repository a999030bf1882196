import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { accountMessages } from "@vaki/contract/messages";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, loginAs, newCustomer, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { systemClock } from "../../lib/clock.js";
import { silentLogger } from "../../lib/logger.js";
import { DatabaseRateLimiter } from "../../lib/rate-limit/database-rate-limiter.js";
import { registerErrorHandling } from "../../plugins/error-handler.js";
import { registerAuthentication } from "./auth-guard.js";
import { runCreateAdmin } from "./create-admin.js";
import { createAccountsModule } from "./module.js";

describe(`admins (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => shop.close());

  const run = (argv: string[], env: Record<string, string> = {}) =>
    runCreateAdmin(argv, env, { db: shop.database.db, clock: systemClock });

  it("creates an admin account from the command line, which then logs in with role admin", async () => {
    const result = await run(["--email", "Owner@Vaki.in", "--name", "Shop Owner", "--password", "Owner-pass-2026"]);
    expect(result).toMatchObject({
      code: 0,
      output: expect.stringContaining("Created admin account: Shop Owner <owner@vaki.in>"),
    });
    const response = await login(shop.app, { emailOrPhone: "owner@vaki.in", password: "Owner-pass-2026" });
    expect(response.json().data.user).toMatchObject({ role: "admin", name: "Shop Owner" });
  });

  it("promotes an existing customer, keeping the password, and takes the password from ADMIN_PASSWORD too", async () => {
    const session = await registerAndLogin(shop.app);
    const promoted = await run(["--email", session.customer.email]);
    expect(promoted).toMatchObject({ code: 0, output: expect.stringContaining("Made admin") });
    const again = await loginAs(shop.app, session.customer);
    const profile = await shop.app.inject({
      method: "GET",
      url: `/api/user/profile/${again.userId}`,
      headers: again.headers,
    });
    expect(profile.json().data.role).toBe("admin");

    const fromEnv = await run(["--email", "second.owner@vaki.in", "--name", "Second Owner"], {
      ADMIN_PASSWORD: "Second-pass-2026",
    });
    expect(fromEnv.code).toBe(0);
  });

  it("refuses a bad e-mail, a weak password, unknown options and a new account without a name", async () => {
    expect((await run(["--email", "not-an-email", "--name", "X", "--password", "Owner-pass-2026"])).code).toBe(2);
    expect((await run(["--email", "a@vaki.in", "--name", "Owner", "--password", "weak"])).output).toContain(
      accountMessages.passwordWeak,
    );
    expect((await run(["--email", "a@vaki.in", "--role", "god"])).code).toBe(2);
    expect(await run(["--email", "new.person@vaki.in", "--password", "Owner-pass-2026"])).toMatchObject({ code: 1 });
    expect((await run(["--help"])).output).toContain("Usage: npm run create-admin");
  });

  it("lets requireRole('admin') through for admins only", async () => {
    const module = createAccountsModule({
      db: shop.database.db,
      config: shop.config,
      clock: systemClock,
      mailer: { send: async () => {} },
      rateLimiter: new DatabaseRateLimiter(shop.database.db, systemClock),
      log: silentLogger,
    });
    const adminApp = Fastify();
    registerErrorHandling(adminApp);
    registerAuthentication(adminApp);
    adminApp.get("/api/admin/ping", { preValidation: module.auth.requireRole("admin") }, async (request) => ({
      role: request.user?.role,
    }));
    await adminApp.ready();
    try {
      const customer = await registerAndLogin(shop.app);
      const owner = newCustomer();
      await run(["--email", owner.email, "--name", owner.name, "--password", owner.password]);
      const admin = await loginAs(shop.app, owner);

      expect((await adminApp.inject({ method: "GET", url: "/api/admin/ping" })).statusCode).toBe(401);
      const refused = await adminApp.inject({ method: "GET", url: "/api/admin/ping", headers: customer.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(accountMessages.adminOnly);
      const allowed = await adminApp.inject({ method: "GET", url: "/api/admin/ping", headers: admin.headers });
      expect(allowed.json()).toEqual({ role: "admin" });
    } finally {
      await adminApp.close();
    }
  });
});

describe("the create-admin command", () => {
  it("runs with tsx against the SQLite file in DATA_DIR", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-cli-"));
    const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          "--import",
          "tsx",
          "src/modules/accounts/create-admin-cli.ts",
          "--email",
          "owner@vaki.in",
          "--name",
          "Shop Owner",
          "--password",
          "Owner-pass-2026",
        ],
        { cwd: serverRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
      );
      expect(stdout).toContain("Created admin account: Shop Owner <owner@vaki.in>");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
