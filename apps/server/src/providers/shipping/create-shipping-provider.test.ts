import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { ManualClock } from "../../lib/clock.js";
import { createShippingProvider } from "./create-shipping-provider.js";
import { InMemorySandboxShipmentStore } from "./sandbox-shipment-store.js";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "vaki-shipping-"));
const dependencies = () => ({ sandboxStore: new InMemorySandboxShipmentStore(), clock: new ManualClock() });

describe("choosing the shipping provider", () => {
  it("uses the sandbox courier by default, 5 minutes per tracking step", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.shipping.provider).toBe("sandbox");
    expect(config.shipping.sandbox.minutesPerStep).toBe(5);
    expect(
      loadConfig({ DATA_DIR: dataDir(), SANDBOX_COURIER_MINUTES_PER_STEP: "0.5" }).shipping.sandbox.minutesPerStep,
    ).toBe(0.5);
    expect(createShippingProvider(config, dependencies()).name).toBe("sandbox");
  });

  it("selects Shiprocket with its API user, pickup location and pincode", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SHIPPING_PROVIDER: "shiprocket",
      SHIPROCKET_EMAIL: "api@vaki.example",
      SHIPROCKET_PASSWORD: "pw",
      SHIPROCKET_PICKUP_PINCODE: "110020",
    });
    expect(config.shipping.shiprocket).toEqual({
      apiUrl: "https://apiv2.shiprocket.in/v1/external",
      email: "api@vaki.example",
      password: "pw",
      pickupLocation: "Primary",
      pickupPincode: "110020",
    });
    expect(createShippingProvider(config, dependencies()).name).toBe("shiprocket");
  });

  it("names the missing settings at start-up when Shiprocket is chosen without them", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHIPPING_PROVIDER: "shiprocket" })).toThrow(
      /SHIPROCKET_EMAIL[\s\S]*SHIPROCKET_PASSWORD[\s\S]*SHIPROCKET_PICKUP_PINCODE/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHIPROCKET_PICKUP_PINCODE: "011001" })).toThrow(
      /SHIPROCKET_PICKUP_PINCODE/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SANDBOX_COURIER_MINUTES_PER_STEP: "0" })).toThrow(
      /SANDBOX_COURIER_MINUTES_PER_STEP/,
    );
  });
});
