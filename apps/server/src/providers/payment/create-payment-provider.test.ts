import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivedSandboxSecret, loadConfig } from "../../config.js";
import { ManualClock } from "../../lib/clock.js";
import { createPaymentProvider } from "./create-payment-provider.js";
import { InMemorySandboxCheckoutStore } from "./sandbox-checkout-store.js";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "vaki-payment-"));
const dependencies = () => ({ sandboxStore: new InMemorySandboxCheckoutStore(), clock: new ManualClock() });

describe("choosing the payment provider", () => {
  it("uses the sandbox by default, with a webhook secret derived from the token secret", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.payment.provider).toBe("sandbox");
    expect(config.payment.sandbox.secret).toHaveLength(43);
    expect(config.payment.sandbox.secret).not.toBe(config.secrets.jwt);
    expect(config.payment.sandbox.secret).toBe(derivedSandboxSecret(config.secrets.jwt));
    expect(createPaymentProvider(config, dependencies()).name).toBe("sandbox");
  });

  it("prefers SANDBOX_PAYMENT_SECRET when given", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SANDBOX_PAYMENT_SECRET: "s".repeat(20) });
    expect(config.payment.sandbox.secret).toBe("s".repeat(20));
  });

  it("makes sandbox sessions last as long as the stock hold", async () => {
    const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
    const config = loadConfig({ DATA_DIR: dataDir(), STOCK_HOLD_MINUTES: "45" });
    const provider = createPaymentProvider(config, { sandboxStore: new InMemorySandboxCheckoutStore(), clock });
    const session = await provider.createCheckout({
      orderId: "o1",
      orderNumber: "VK-100001",
      amount: 129_900,
      currency: "INR",
      lines: [{ variantId: 1, sku: "S", name: "Tee", quantity: 1, unitPrice: 129_900, imageUrl: null }],
      discount: 0,
      couponCode: null,
      redirectUrl: "http://localhost:3000/order-confirmation/o1",
    });
    expect(session.expiresAt.toISOString()).toBe("2026-11-22T10:45:00.000Z");
  });

  it("selects Shiprocket Checkout with its key, secret, URL and webhook header", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PAYMENT_PROVIDER: "shiprocket",
      SHIPROCKET_CHECKOUT_API_KEY: "key",
      SHIPROCKET_CHECKOUT_SECRET: "secret",
      SHIPROCKET_CHECKOUT_API_URL: "https://fastrr-api-dev.pickrr.com/",
      SHIPROCKET_CHECKOUT_WEBHOOK_HEADER: "X-Vaki-Hook: abc:def",
    });
    expect(config.payment.shiprocket).toEqual({
      apiUrl: "https://fastrr-api-dev.pickrr.com",
      apiKey: "key",
      secret: "secret",
      webhookHeader: { name: "x-vaki-hook", value: "abc:def" },
    });
    expect(createPaymentProvider(config, dependencies()).name).toBe("shiprocket");
    expect(loadConfig({ DATA_DIR: dataDir() }).payment.shiprocket.apiUrl).toBe("https://checkout-api.shiprocket.com");
  });

  it("names the missing settings at start-up when Shiprocket is chosen without them", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: "shiprocket" })).toThrow(
      /SHIPROCKET_CHECKOUT_API_KEY: required when PAYMENT_PROVIDER=shiprocket[\s\S]*SHIPROCKET_CHECKOUT_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHIPROCKET_CHECKOUT_WEBHOOK_HEADER: "no-colon" })).toThrow(
      /SHIPROCKET_CHECKOUT_WEBHOOK_HEADER/,
    );
  });
});
