import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "vaki-config-"));

describe("configuration", () => {
  it("works with no settings at all: port 3000, SQLite in ./data", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.shopName).toBe("VAKI");
    expect(config.database).toEqual({ kind: "sqlite", file: path.join(dataDir, "shop.db") });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("resolves a relative data folder from where npm was invoked, not the workspace folder", () => {
    const root = tempDir();
    const config = loadConfig({ DATA_DIR: "./data", INIT_CWD: root });
    expect(config.dataDir).toBe(path.join(root, "data"));
  });

  it("selects PostgreSQL from a postgres:// DATABASE_URL", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://shop@db:5432/shop" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://shop@db:5432/shop" });
  });

  it("writes no secret file, but keeps reading the token secret an earlier version kept in the data folder", () => {
    const dataDir = tempDir();
    const candidate = loadConfig({ DATA_DIR: dataDir }).secrets;
    expect(candidate.shared).toBe(true);
    expect(candidate.jwt).toHaveLength(64);
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
    writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify({ jwt: "k".repeat(64) }));
    expect(loadConfig({ DATA_DIR: dataDir }).secrets).toEqual({ jwt: "k".repeat(64), shared: true });
  });

  it("prefers a secret given in the environment", () => {
    const secret = "x".repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret }).secrets.jwt).toBe(secret);
  });

  it("delivers the outbox every second by default; 0 turns its worker off", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).outboxIntervalMs).toBe(1_000);
    expect(loadConfig({ DATA_DIR: tempDir(), OUTBOX_INTERVAL_MS: "0" }).outboxIntervalMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDir(), OUTBOX_INTERVAL_MS: "-5" })).toThrow(/OUTBOX_INTERVAL_MS/);
  });

  it("ships an exchange's new size on pickup by default, or at approval when asked", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).exchangeShipMode).toBe("on-pickup");
    expect(loadConfig({ DATA_DIR: tempDir(), EXCHANGE_SHIP_MODE: "at-approval" }).exchangeShipMode).toBe("at-approval");
    expect(() => loadConfig({ DATA_DIR: tempDir(), EXCHANGE_SHIP_MODE: "never" })).toThrow(/EXCHANGE_SHIP_MODE/);
  });

  it("reads TRUST_PROXY as off, every hop, or the proxies' addresses", () => {
    const trust = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY }).trustProxy;
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect([trust("false"), trust("0"), trust("true"), trust("yes")]).toEqual([false, false, true, true]);
    expect(trust("loopback")).toEqual(["loopback"]);
    expect(trust("10.0.0.2, 10.0.0.0/8,::1")).toEqual(["10.0.0.2", "10.0.0.0/8", "::1"]);
    expect(() => trust("my-proxy")).toThrow(/TRUST_PROXY/);
  });

  it("names every invalid setting", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: "http", LOG_LEVEL: "loud" })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
