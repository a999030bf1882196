import type { Config } from "../../config.js";
import type { Clock } from "../../lib/clock.js";
import { SandboxCourier } from "./sandbox-courier.js";
import type { SandboxShipmentStore } from "./sandbox-shipment-store.js";
import { ShiprocketShippingProvider } from "./shiprocket-shipping.js";

/** The shipping provider SHIPPING_PROVIDER selects; `name` tells the two apart. */
export function createShippingProvider(
  config: Pick<Config, "shipping" | "publicUrl">,
  dependencies: { sandboxStore: SandboxShipmentStore; clock: Clock },
): SandboxCourier | ShiprocketShippingProvider {
  const { shipping } = config;
  if (shipping.provider === "shiprocket") {
    const { email, password, pickupPincode } = shipping.shiprocket;
    // loadConfig already refuses this combination; the check keeps the types honest.
    if (!email || !password || !pickupPincode) {
      throw new Error("SHIPPING_PROVIDER=shiprocket needs SHIPROCKET_EMAIL, _PASSWORD and _PICKUP_PINCODE");
    }
    return new ShiprocketShippingProvider({
      apiUrl: shipping.shiprocket.apiUrl,
      email,
      password,
      pickupLocation: shipping.shiprocket.pickupLocation,
      pickupPincode,
      clock: dependencies.clock,
    });
  }
  return new SandboxCourier({
    store: dependencies.sandboxStore,
    clock: dependencies.clock,
    minutesPerStep: shipping.sandbox.minutesPerStep,
    publicUrl: config.publicUrl,
  });
}
