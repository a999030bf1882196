import type { ShipmentOrder } from "../../src/providers/shipping/shipping-provider.js";

export const noidaAddress = {
  fullName: "Riya Sharma",
  line1: "Flat 4B, Lotus Towers",
  line2: "Sector 62",
  city: "Noida",
  state: "Uttar Pradesh",
  pincode: "201301",
  country: "India",
  phone: "+91 98765 43210",
};

/** A courier order of two lines (three units) to Noida; `overrides` change any part. */
export function shipmentOrder(overrides: Partial<ShipmentOrder> = {}): ShipmentOrder {
  return {
    orderId: "7d1e2f3a-0000-4000-8000-000000000042",
    orderNumber: `VK-${Math.floor(Math.random() * 900_000) + 100_000}`,
    orderDate: new Date("2026-11-22T09:55:00.000Z"),
    paymentMethod: "Prepaid",
    subTotal: 309_750,
    lines: [
      { name: "Moonkid Oversized Tee", sku: "VK-MOON-TEE-BLK-M", units: 2, sellingPrice: 129_900 },
      { name: "Orb Cap", sku: "VK-ORB-CAP-LIM", units: 1, sellingPrice: 49_950 },
    ],
    billing: { ...noidaAddress, email: "riya@example.com" },
    shipping: { ...noidaAddress },
    weightKg: 0.75,
    dimensionsCm: { length: 30, breadth: 25, height: 4 },
    ...overrides,
  };
}
