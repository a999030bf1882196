import type { Config } from "../../config.js";
import type { Clock } from "../../lib/clock.js";
import type { SandboxCheckoutStore } from "./sandbox-checkout-store.js";
import { SandboxPaymentProvider } from "./sandbox-payment.js";
import { ShiprocketCheckoutProvider } from "./shiprocket-checkout.js";

/**
 * The payment provider PAYMENT_PROVIDER selects. The answer's `name` tells the two apart, so
 * the caller registers the sandbox's hosted-page routes only when `provider.name === "sandbox"`.
 * A sandbox session lives as long as the order's stock hold (STOCK_HOLD_MINUTES).
 */
export function createPaymentProvider(
  config: Pick<Config, "payment" | "stockHoldMinutes">,
  dependencies: { sandboxStore: SandboxCheckoutStore; clock: Clock },
): SandboxPaymentProvider | ShiprocketCheckoutProvider {
  const { payment } = config;
  if (payment.provider === "shiprocket") {
    const { apiKey, secret } = payment.shiprocket;
    // loadConfig already refuses this combination; the check keeps the types honest.
    if (!apiKey || !secret)
      throw new Error("PAYMENT_PROVIDER=shiprocket needs SHIPROCKET_CHECKOUT_API_KEY and _SECRET");
    return new ShiprocketCheckoutProvider({
      apiUrl: payment.shiprocket.apiUrl,
      apiKey,
      secret,
      webhookHeader: payment.shiprocket.webhookHeader,
      clock: dependencies.clock,
    });
  }
  return new SandboxPaymentProvider({
    store: dependencies.sandboxStore,
    secret: payment.sandbox.secret,
    clock: dependencies.clock,
    sessionTtlMs: config.stockHoldMinutes * 60_000,
  });
}
