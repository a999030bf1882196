import { commonMessages, orderMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardedWithoutTrustWarning } from "../src/plugins/client-address.js";
import { createTestShop, type TestShop } from "./helpers/app.js";
import { addOk, newGuest } from "./helpers/cart.js";
import { insertProduct } from "./helpers/catalog.js";
import { testEngine } from "./helpers/database.js";

describe(`per-address limits with no exempt address (${testEngine})`, () => {
  let shop: TestShop;
  const lines: string[] = [];

  beforeAll(async () => {
    shop = await createTestShop(
      {
        RATE_LIMIT_EXEMPT_ADDRESSES: "",
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        MAX_HELD_UNITS_PER_ADDRESS: "8",
        LOG_LEVEL: "warn",
      },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => shop.close());

  const orderFrom = async (tee: { id: number; variantIds: number[] }, remoteAddress: string, quantity: number) => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity });
    return shop.app.inject({ method: "POST", url: "/api/orders/create", payload: guest, remoteAddress });
  };

  it("counts a caller on this machine like any other (a proxy sending no X-Forwarded-For)", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Loopback Tee", variants: [{ size: "L", stock: 50 }] });
    expect((await orderFrom(tee, "127.0.0.1", 5)).statusCode).toBe(201);
    expect((await orderFrom(tee, "127.0.0.1", 3)).statusCode).toBe(201);
    const refused = await orderFrom(tee, "127.0.0.1", 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(orderMessages.tooManyHeld);
  });

  it("counts the IPv6 addresses of one /64 as one client", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Prefix Tee", variants: [{ size: "L", stock: 50 }] });
    expect((await orderFrom(tee, "2001:db8:7:1::a", 5)).statusCode).toBe(201);
    expect((await orderFrom(tee, "2001:db8:7:1:ffff::b", 3)).statusCode).toBe(201);
    expect((await orderFrom(tee, "2001:db8:7:1::c", 1)).statusCode).toBe(409);
    expect((await orderFrom(tee, "2001:db8:7:2::a", 1)).statusCode).toBe(201);
  });

  it("warns once, at the first request carrying X-Forwarded-For, that TRUST_PROXY is off", async () => {
    const warnings = () => lines.filter((line) => line.includes(forwardedWithoutTrustWarning));
    await shop.app.inject({ method: "GET", url: "/api/health" });
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) {
      await shop.app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-for": `198.51.100.${i}` } });
    }
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0]!).level).toBe(40);
    expect(forwardedWithoutTrustWarning).toContain("TRUST_PROXY=loopback");
  });
});

describe(`a trusted proxy (${testEngine})`, () => {
  let shop: TestShop;
  const lines: string[] = [];
  beforeAll(async () => {
    shop = await createTestShop(
      { TRUST_PROXY: "loopback", LOG_LEVEL: "warn", OUTBOX_INTERVAL_MS: "0" },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => shop.close());

  it("logs no warning when TRUST_PROXY names the proxy", async () => {
    await shop.app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-for": "198.51.100.9" } });
    expect(lines.filter((line) => line.includes(forwardedWithoutTrustWarning))).toHaveLength(0);
  });

  it("checks the forwarded host the links would be built from", async () => {
    const forwarded = await shop.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-for": "198.51.100.9", "x-forwarded-host": "evil.example" },
    });
    expect(forwarded.statusCode).toBe(400);
  });
});

describe(`hosts the shop answers for (${testEngine})`, () => {
  let byDefault: TestShop;
  let configured: TestShop;
  beforeAll(async () => {
    byDefault = await createTestShop({ OUTBOX_INTERVAL_MS: "0" });
    configured = await createTestShop({
      OUTBOX_INTERVAL_MS: "0",
      ALLOWED_HOSTS: "shop.example.in, www.shop.example.in",
      PUBLIC_URL: "https://vaki.example.in",
    });
  });
  afterAll(async () => {
    await byDefault.close();
    await configured.close();
  });

  const get = (shop: TestShop, url: string, host: string) => shop.app.inject({ method: "GET", url, headers: { host } });

  it("answers 400 to a foreign Host on every route, the sitemap and robots.txt included", async () => {
    for (const url of ["/sitemap.xml", "/robots.txt", "/api/health", "/api/products", "/nowhere"]) {
      const response = await get(byDefault, url, "evil.example");
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(commonMessages.unknownHost);
      expect(response.body).not.toContain("evil.example");
    }
  });

  it("answers localhost, the loopback addresses and the machine's own names by default", async () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST."]) {
      expect((await get(byDefault, "/api/health", host)).statusCode, host).toBe(200);
    }
    expect(byDefault.config.allowedHosts).toContain((await import("node:os")).hostname().toLowerCase());
  });

  it("answers the configured hosts and PUBLIC_URL's, and nothing else", async () => {
    for (const host of ["shop.example.in", "www.shop.example.in:443", "vaki.example.in"]) {
      expect((await get(configured, "/api/health", host)).statusCode, host).toBe(200);
    }
    for (const host of ["localhost", "evil.example", "shop.example.in.evil.example"]) {
      expect((await get(configured, "/api/health", host)).statusCode, host).toBe(400);
    }
  });
});
