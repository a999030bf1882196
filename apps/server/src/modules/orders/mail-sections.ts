import type { Address, Order } from "@vaki/contract/orders";
import { formatOrderAmount } from "../../lib/money.js";
import type { MailSection } from "../../providers/mail/layout.js";

/* Pieces of the order e-mails (confirmation, cancellation, shipping news): greeting, lines, totals, address. */

/** "Hey Riya," from the shipping name, else a friendly default. */
export function greetingFor(address: Address | null): string {
  const first = address?.fullName?.trim().split(/\s+/)[0];
  return first ? `Hey ${first},` : "Hey there,";
}

const isAbsolute = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

/**
 * The order's lines and totals as the e-mails show them (₹1,299.00). A line shows its picture
 * when the order has absolute ones (`OrdersService.presentForMail`); a relative one would be a
 * broken image in a mail client, so such a line, like one without a picture, shows none.
 */
export function orderSections(order: Order): MailSection[] {
  const items = order.items.map((item) => {
    const variant = [item.size, item.color].filter(Boolean).join(" / ");
    return {
      label: `${item.quantity} × ${item.name}${variant ? ` (${variant})` : ""}`,
      value: formatOrderAmount(item.subtotal),
      ...(isAbsolute(item.imageUrl) ? { picture: { url: item.imageUrl, alt: item.productName } } : {}),
    };
  });
  const totals = [
    { label: "Subtotal", value: formatOrderAmount(order.subtotal) },
    ...(order.discountAmount > 0
      ? [
          {
            label: `Discount${order.promoCode ? ` (${order.promoCode})` : ""}`,
            value: `−${formatOrderAmount(order.discountAmount)}`,
          },
        ]
      : []),
    { label: "Shipping", value: "Free" },
    { label: "Total", value: formatOrderAmount(order.total), strong: true },
  ];
  return [
    { heading: `Order ${order.orderNumber}`, lines: items },
    { heading: "Totals", lines: totals },
  ];
}

export function addressSection(heading: string, address: Address | null): MailSection[] {
  if (!address) return [];
  const place = [address.city, address.state, address.pincode ?? address.postalCode].filter(Boolean).join(", ");
  const lines = [address.fullName, address.line1 ?? address.addressLine1, address.line2 ?? address.addressLine2, place]
    .concat(address.country && address.country !== "India" ? [address.country] : [])
    .concat(address.phone ? [`Phone ${address.phone}`] : [])
    .filter((line): line is string => Boolean(line?.trim()));
  return [{ heading, lines: lines.map((label) => ({ label })) }];
}

/** The order's page: `${publicUrl}/order-confirmation/{orderId}`, with `?orderSecret=` for a guest's order. */
export function orderPageLink(publicUrl: string, orderId: string, orderSecret: string | null): string {
  const link = `${publicUrl}/order-confirmation/${encodeURIComponent(orderId)}`;
  return orderSecret ? `${link}?orderSecret=${encodeURIComponent(orderSecret)}` : link;
}
