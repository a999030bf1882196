import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { adminMessages } from "@vaki/contract/admin/schemas";
import { accountMessages } from "@vaki/contract/messages";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs, newCustomer, register, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { completeLink } from "../../../test/helpers/staff.js";
import { ManualClock, systemClock } from "../../lib/clock.js";
import { silentLogger } from "../../lib/logger.js";
import { DatabaseRateLimiter } from "../../lib/rate-limit/database-rate-limiter.js";
import { registerErrorHandling } from "../../plugins/error-handler.js";
import { registerAuthentication } from "../accounts/auth-guard.js";
import { createAccountsModule } from "../accounts/module.js";
import { runCreateAdmin } from "./create-admin.js";

describe(`create-admin (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    shop = await createTestShop({}, { clock });
  });
  afterAll(async () => shop.close());

  const run = (argv: string[]) =>
    runCreateAdmin(argv, { db: shop.database.db, dialect: shop.database.dialect, clock, config: shop.config });

  it("prints a 72-hour invitation link that sets up a staff account (owner by default)", async () => {
    const result = await run(["--email", "Owner@Vaki.in", "--name", "Shop Owner"]);
    expect(result.code).toBe(0);
    expect(result.output).toContain("Invitation for Shop Owner <owner@vaki.in> as Owner, valid until");
    const url = /http\S+\/admin\/setup\?token=\S+/.exec(result.output)?.[0] ?? "";
    expect(url).not.toBe("");
    const owner = await completeLink(shop.app, clock, url, { name: "Shop Owner" });
    expect(owner).toMatchObject({ email: "owner@vaki.in", role: "owner" });

    const ops = await run(["--email", "ops@vaki.in", "--name", "Ops Person", "--role", "operations"]);
    expect(ops.output).toContain("as Operations");
  });

  it("refuses a bad e-mail, an unknown role, the old --password option, and a taken e-mail", async () => {
    expect((await run(["--email", "not-an-email", "--name", "X"])).code).toBe(2);
    expect((await run(["--email", "a@vaki.in"])).output).toContain("--name");
    expect((await run(["--email", "a@vaki.in", "--name", "A", "--role", "god"])).code).toBe(2);
    const password = await run(["--email", "a@vaki.in", "--name", "A", "--password", "Owner-pass-2026"]);
    expect(password.code).toBe(2);
    expect(password.output).toContain("--password");
    await run(["--email", "taken@vaki.in", "--name", "Taken"]);
    const url = /http\S+/.exec((await run(["--email", "taken2@vaki.in", "--name", "T"])).output)?.[0] ?? "";
    await completeLink(shop.app, clock, url, { name: "T" });
    expect(await run(["--email", "taken2@vaki.in", "--name", "Again"])).toEqual({
      code: 1,
      output: adminMessages.emailTaken,
    });
    expect((await run(["--help"])).output).toContain("Usage: npm run create-admin");
  });
});

describe(`requireRole for customer accounts (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => shop.close());

  it("lets requireRole('admin') through for accounts of that role only", async () => {
    const module = createAccountsModule({
      db: shop.database.db,
      config: shop.config,
      clock: systemClock,
      mailer: { send: async () => {} },
      rateLimiter: new DatabaseRateLimiter(shop.database.db, systemClock),
      log: silentLogger,
      outbox: shop.app.outbox,
    });
    const adminApp = Fastify();
    registerErrorHandling(adminApp);
    registerAuthentication(adminApp);
    adminApp.get("/ping", { preValidation: module.auth.requireRole("admin") }, async (request) => ({
      role: request.user?.role,
    }));
    await adminApp.ready();
    try {
      const customer = await registerAndLogin(shop.app);
      const elevated = newCustomer();
      await register(shop.app, elevated);
      await shop.database.db.updateTable("users").set({ role: "admin" }).where("email", "=", elevated.email).execute();
      const admin = await loginAs(shop.app, elevated);

      expect((await adminApp.inject({ method: "GET", url: "/ping" })).statusCode).toBe(401);
      const refused = await adminApp.inject({ method: "GET", url: "/ping", headers: customer.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(accountMessages.adminOnly);
      const allowed = await adminApp.inject({ method: "GET", url: "/ping", headers: admin.headers });
      expect(allowed.json()).toEqual({ role: "admin" });
    } finally {
      await adminApp.close();
    }
  });
});

describe("the create-admin command", () => {
  it("runs with tsx against the SQLite file in DATA_DIR and prints the link", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-cli-"));
    const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          "--import",
          "tsx",
          "src/modules/admin/create-admin-cli.ts",
          "--email",
          "owner@vaki.in",
          "--name",
          "Shop Owner",
        ],
        {
          cwd: serverRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: "https://shop.example" },
        },
      );
      expect(stdout).toContain("Invitation for Shop Owner <owner@vaki.in> as Owner");
      expect(stdout).toMatch(/https:\/\/shop\.example\/admin\/setup\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
