import type { PostalAddress } from "@vaki/contract/fulfilment";
import { InvalidInput } from "../../lib/errors.js";
import type { ShipmentOrder } from "../../providers/shipping/shipping-provider.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";

/** A parcel of the shop's tees and hoodies: 0.4 kg a piece, at least 0.5 kg; a mailer box. */
export function parcelOf(units: number): Pick<ShipmentOrder, "weightKg" | "dimensionsCm"> {
  return {
    weightKg: Math.max(0.5, Math.round(units * 0.4 * 100) / 100),
    dimensionsCm: { length: 30, breadth: 25, height: Math.min(30, 4 + units * 3) },
  };
}

function parsePostal(json: string | null): PostalAddress | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as PostalAddress;
  } catch {
    return null;
  }
}

export function paymentMethodOf(record: OrderRecord): "Prepaid" | "COD" {
  return record.payment_status === "COD_PENDING" || record.payment_status === "COD_COMPLETED" ? "COD" : "Prepaid";
}

/** What the courier is told of a paid order: addresses, lines, payment method and the parcel. */
export function shipmentOrderOf(record: OrderRecord, items: OrderItemRecord[]): ShipmentOrder {
  const shipping = parsePostal(record.shipping_address);
  const billing = parsePostal(record.billing_address) ?? shipping;
  if (!shipping || !billing) {
    throw new InvalidInput(`Order ${record.order_number} has no shipping address`);
  }
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    orderId: record.id,
    orderNumber: record.order_number,
    orderDate: new Date(record.created_at),
    paymentMethod: paymentMethodOf(record),
    subTotal: record.total,
    lines: items.map((item) => ({
      name: item.product_name,
      sku: item.sku,
      units: item.quantity,
      sellingPrice: item.unit_price,
    })),
    billing: { ...billing, email: record.contact_email ?? "" },
    shipping,
    ...parcelOf(units),
  };
}
