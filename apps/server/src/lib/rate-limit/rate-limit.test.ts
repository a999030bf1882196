import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { accountMessages } from "@vaki/contract/messages";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { login, newCustomer, register } from "../../../test/helpers/accounts.js";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/helpers/database.js";
import { createSharedTestDatabase, type SharedTestDatabase } from "../../../test/helpers/shared-database.js";
import { type App, buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { ManualClock } from "../clock.js";
import { DatabaseRateLimiter } from "./database-rate-limiter.js";
import {
  addressGroup,
  clientAddressOf,
  exemptAddresses,
  failOpen,
  localCaller,
  type RateLimiter,
  type RateLimitRule,
  spareLocalCallers,
} from "./rate-limiter.js";
import { RedisRateLimiter } from "./redis-rate-limiter.js";

const rule: RateLimitRule = { name: "test-rule", limit: 3, windowMs: 60_000 };

describe(`the database rate limiter (${testEngine})`, () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let limiter: DatabaseRateLimiter;

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = new ManualClock();
    limiter = new DatabaseRateLimiter(database.db, clock, () => 1);
  });
  afterEach(async () => database.destroy());

  it("counts hits per subject and limits above the rule's limit until the window ends", async () => {
    const counts = [];
    for (let i = 0; i < 4; i += 1) counts.push(await limiter.hit(rule, "riya@example.com"));
    expect(counts.map((s) => [s.count, s.limited])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(counts[3]?.retryAfterMs).toBe(60_000);
    expect((await limiter.hit(rule, "arjun@example.com")).count).toBe(1);

    clock.advance(45_000);
    expect((await limiter.peek(rule, "riya@example.com")).retryAfterMs).toBe(15_000);
    clock.advance(15_000);
    expect(await limiter.hit(rule, "riya@example.com")).toEqual({ count: 1, limited: false, retryAfterMs: 60_000 });
  });

  it("does not count local callers on per-address rules, and counts everything else", async () => {
    const spared = spareLocalCallers(limiter);
    const perAddress: RateLimitRule = { ...rule, perClientAddress: true };
    for (let i = 0; i < 5; i += 1) expect((await spared.hit(perAddress, localCaller)).limited).toBe(false);
    expect((await spared.peek(perAddress, localCaller)).count).toBe(0);
    // A loopback address as such is counted: only clientAddressOf decides who is exempt.
    for (let i = 0; i < 3; i += 1) await spared.hit(perAddress, "127.0.0.1");
    expect((await spared.hit(perAddress, "127.0.0.1")).limited).toBe(true);
    // A rule that is not about addresses counts whatever the subject.
    for (let i = 0; i < 3; i += 1) await spared.hit(rule, localCaller);
    expect((await spared.hit(rule, localCaller)).limited).toBe(true);
  });

  it("exempts no caller by default, and only a named direct caller without X-Forwarded-For", () => {
    const request = (remoteAddress: string, ip: string, headers: Record<string, string> = {}) => ({
      ip,
      socket: { remoteAddress },
      headers,
    });
    // A proxy on this machine sending no X-Forwarded-For: counted as its address, not spared.
    for (const loopback of ["127.0.0.1", "::ffff:127.0.0.1"]) {
      expect(clientAddressOf(request(loopback, loopback)), loopback).toBe("127.0.0.1");
    }
    const exempt = exemptAddresses(["127.0.0.1", "::1", "10.1.0.0/16"]);
    for (const named of ["127.0.0.1", "::ffff:127.0.0.1", "::1", "10.1.2.3"]) {
      expect(clientAddressOf(request(named, named), exempt), named).toBe(localCaller);
    }
    expect(clientAddressOf(request("127.0.0.2", "127.0.0.2"), exempt)).toBe("127.0.0.2");
    expect(clientAddressOf(request("203.0.113.5", "203.0.113.5"), exempt)).toBe("203.0.113.5");
    // A proxy: its shoppers are counted by the address Fastify derived.
    expect(clientAddressOf(request("127.0.0.1", "198.51.100.7", { "x-forwarded-for": "198.51.100.7" }), exempt)).toBe(
      "198.51.100.7",
    );
    // A client writing an exempt address into the header is not exempt.
    expect(clientAddressOf(request("127.0.0.1", "127.0.0.1", { "x-forwarded-for": "127.0.0.1" }), exempt)).toBe(
      "127.0.0.1",
    );
  });

  it("groups IPv6 clients by their /64", () => {
    expect(addressGroup("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:0:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("2001:db8:1:3::1")).not.toBe(addressGroup("2001:db8:1:2::1"));
    expect(addressGroup("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressGroup("203.0.113.5")).toBe("203.0.113.5");
  });

  it("gives back a reserved hit on release, never below zero", async () => {
    await limiter.hit(rule, "203.0.113.9");
    await limiter.hit(rule, "203.0.113.9");
    await limiter.release(rule, "203.0.113.9");
    expect((await limiter.peek(rule, "203.0.113.9")).count).toBe(1);
    await limiter.release(rule, "203.0.113.9");
    await limiter.release(rule, "203.0.113.9");
    expect((await limiter.peek(rule, "203.0.113.9")).count).toBe(0);
    expect((await limiter.hit(rule, "203.0.113.9")).count).toBe(1);
  });

  it("peeks without counting and forgets a subject on reset", async () => {
    await limiter.hit(rule, "203.0.113.1");
    await limiter.hit(rule, "203.0.113.1");
    expect((await limiter.peek(rule, "203.0.113.1")).count).toBe(2);
    expect((await limiter.peek(rule, "203.0.113.1")).count).toBe(2);
    await limiter.reset(rule, "203.0.113.1");
    expect(await limiter.peek(rule, "203.0.113.1")).toEqual({ count: 0, limited: false, retryAfterMs: 0 });
  });

  it("stores hashed subjects, never the e-mail itself, and sweeps ended windows", async () => {
    await limiter.hit(rule, "riya@example.com");
    const rows = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key).toMatch(/^test-rule:[A-Za-z0-9_-]{32}$/);
    clock.advance(60_000);
    expect(await limiter.sweepExpired()).toBe(1);
  });
});

describe(`the database rate limiter shared by two connections (${testEngine})`, () => {
  let shared: SharedTestDatabase;
  beforeAll(async () => {
    shared = await createSharedTestDatabase(2);
  });
  afterAll(async () => shared.destroy());

  it("counts concurrent hits from both connections exactly once each", async () => {
    const clock = new ManualClock();
    const [first, second] = shared.handles.map((h) => new DatabaseRateLimiter(h.db, clock, () => 1));
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? first! : second!).hit(rule, "shared-subject")),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(hits.filter((h) => h.limited)).toHaveLength(40 - rule.limit);
  });
});

describe(`login limits across two server processes sharing one database (${testEngine})`, () => {
  let shared: SharedTestDatabase;
  let apps: App[];
  let dataDir: string;

  beforeAll(async () => {
    shared = await createSharedTestDatabase(2);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-data-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test" });
    const clock = new ManualClock();
    apps = await Promise.all(shared.handles.map((database) => buildApp({ config, database, clock })));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await shared.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("locks an account after 5 failed logins in total, however they are spread over the processes", async () => {
    const [a, b] = apps as [App, App];
    const customer = newCustomer();
    expect((await register(a, customer)).statusCode).toBe(201);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const app = attempt % 2 === 0 ? a : b;
      const response = await login(app, { emailOrPhone: customer.email, password: `Wrong-pass-${attempt}` });
      expect(response.statusCode).toBe(401);
    }
    for (const app of [a, b]) {
      const response = await login(app, { emailOrPhone: customer.email, password: customer.password });
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toBe(accountMessages.tooManyLoginAttempts);
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("limits one address to 20 failed logins over every account and every process", async () => {
    const [a, b] = apps as [App, App];
    const remoteAddress = "198.51.100.20";
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const app = attempt % 2 === 0 ? a : b;
      const response = await login(
        app,
        { emailOrPhone: `guess${attempt}@example.com`, password: "Wrong-pass-1" },
        { remoteAddress },
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(
      b,
      { emailOrPhone: "guess99@example.com", password: "Wrong-pass-1" },
      { remoteAddress },
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login(
      a,
      { emailOrPhone: "guess99@example.com", password: "Wrong-pass-1" },
      { remoteAddress: "198.51.100.21" },
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it("clears an account's failures on a successful login", async () => {
    const [a, b] = apps as [App, App];
    const customer = newCustomer();
    await register(a, customer);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await login(b, { emailOrPhone: customer.email, password: "Wrong-pass-1" }, { remoteAddress: "192.0.2.1" });
    }
    expect((await login(a, { emailOrPhone: customer.email, password: customer.password })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await login(
        a,
        { emailOrPhone: customer.email, password: "Wrong-pass-1" },
        { remoteAddress: "192.0.2.2" },
      );
      expect(response.statusCode).toBe(401);
    }
  });
});

describe("a rate limiter whose store is down", () => {
  it("lets requests through and logs the failure instead of refusing every login", async () => {
    const broken: RateLimiter = {
      hit: async () => {
        throw new Error("ECONNREFUSED");
      },
      release: async () => {
        throw new Error("ECONNREFUSED");
      },
      peek: async () => {
        throw new Error("ECONNREFUSED");
      },
      reset: async () => {
        throw new Error("ECONNREFUSED");
      },
      close: async () => {},
    };
    const logged: string[] = [];
    const log = { info() {}, warn() {}, error: (_: object, message?: string) => void logged.push(message ?? "") };
    const limiter = failOpen(broken, log);
    expect(await limiter.hit(rule, "x")).toEqual({ count: 0, limited: false, retryAfterMs: 0 });
    expect((await limiter.peek(rule, "x")).limited).toBe(false);
    await limiter.reset(rule, "x");
    expect(logged).toHaveLength(3);
    expect(logged[0]).toContain("letting the request through");
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

// Needs a Redis server: CI exports TEST_REDIS_URL (see .ci/run); without one there is nothing to test against.
describe.skipIf(!redisUrl)(
  "the Redis rate limiter (skipped unless TEST_REDIS_URL or REDIS_URL names a Redis server)",
  () => {
    const prefix = `vaki-test:${process.pid}:${Date.now()}:`;
    let connections: Redis[];
    let limiters: RedisRateLimiter[];

    beforeAll(() => {
      connections = [new Redis(redisUrl!), new Redis(redisUrl!)];
      limiters = connections.map((redis) => new RedisRateLimiter(redis, prefix));
    });
    afterAll(async () => {
      const keys = await connections[0]!.keys(`${prefix}*`);
      if (keys.length > 0) await connections[0]!.del(...keys);
      await Promise.all(limiters.map((limiter) => limiter.close()));
    });

    it("counts hits, limits above the limit and reports the time left in the window", async () => {
      const [limiter] = limiters as [RedisRateLimiter];
      const states = [];
      for (let i = 0; i < 4; i += 1) states.push(await limiter.hit(rule, "riya@example.com"));
      expect(states.map((s) => [s.count, s.limited])).toEqual([
        [1, false],
        [2, false],
        [3, false],
        [4, true],
      ]);
      expect(states[3]?.retryAfterMs).toBeGreaterThan(55_000);
      expect(states[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
      const peeked = await limiter.peek(rule, "riya@example.com");
      expect(peeked.count).toBe(4);
      expect((await limiter.peek(rule, "riya@example.com")).count).toBe(4);
      await limiter.reset(rule, "riya@example.com");
      expect(await limiter.peek(rule, "riya@example.com")).toEqual({ count: 0, limited: false, retryAfterMs: 0 });
    });

    it("shares one count between connections under concurrent hits", async () => {
      const hits = await Promise.all(
        Array.from({ length: 30 }, (_, i) => limiters[i % 2]!.hit(rule, "shared-subject")),
      );
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    });

    it("ends the window on Redis's clock", async () => {
      const short: RateLimitRule = { name: "short", limit: 1, windowMs: 150 };
      const [limiter] = limiters as [RedisRateLimiter];
      await limiter.hit(short, "x");
      expect((await limiter.hit(short, "x")).limited).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await limiter.hit(short, "x")).count).toBe(1);
    });

    it("backs the shop's login limit when REDIS_URL is set", async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-data-"));
      const database = await createTestDatabase();
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test", REDIS_URL: redisUrl! });
      const app = await buildApp({ config, database });
      try {
        const customer = newCustomer();
        await register(app, customer);
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await login(app, { emailOrPhone: customer.email, password: "Wrong-pass-1" });
        }
        expect((await login(app, { emailOrPhone: customer.email, password: customer.password })).statusCode).toBe(429);
        expect(await database.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
      } finally {
        await app.close();
        await database.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("keeps each shop's counters under its REDIS_PREFIX, so two shops can share one Redis", async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-data-"));
      const shops = await Promise.all(
        ["shop-a", "shop-b"].map(async (name) => {
          const database = await createTestDatabase();
          const config = loadConfig({
            DATA_DIR: dataDir,
            LOG_LEVEL: "silent",
            NODE_ENV: "test",
            REDIS_URL: redisUrl!,
            REDIS_PREFIX: `${prefix}${name}:`,
          });
          return { database, app: await buildApp({ config, database }) };
        }),
      );
      try {
        const [a, b] = shops.map((shop) => shop.app) as [App, App];
        const email = `shared.${process.pid}@example.com`;
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await login(a, { emailOrPhone: email, password: "Wrong-pass-1" });
        }
        const refused = await login(a, { emailOrPhone: email, password: "Wrong-pass-1" });
        expect(refused.statusCode).toBe(429);
        // The same e-mail at the other shop has its own count.
        expect((await login(b, { emailOrPhone: email, password: "Wrong-pass-1" })).statusCode).toBe(401);
        const keys = await connections[0]!.keys(`${prefix}*`);
        expect(keys.some((key) => key.startsWith(`${prefix}shop-a:rate:login-account:`))).toBe(true);
        expect(keys.some((key) => key.startsWith(`${prefix}shop-b:rate:login-account:`))).toBe(true);
      } finally {
        for (const shop of shops) {
          await shop.app.close();
          await shop.database.destroy();
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
