import type { Order } from "@vaki/contract/orders";
import { formatOrderAmount } from "../../lib/money.js";
import { renderMail } from "../../providers/mail/layout.js";
import type { MailMessage } from "../../providers/mail/mailer.js";
import { addressSection, greetingFor, orderSections } from "../orders/mail-sections.js";

/** The order confirmation: what was bought, what it cost, where it goes, and a link back to the order. */
export function orderConfirmationMail(input: {
  shopName: string;
  to: string;
  order: Order;
  /** `${publicUrl}/order-confirmation/{orderId}` (with ?orderSecret= for a guest). */
  link: string;
  /** A guest's order: no My Orders to cancel from, so the shop is written to instead (the terms say so). */
  guest: boolean;
}): MailMessage {
  const { order } = input;
  const cashOnDelivery = order.paymentStatus === "COD_PENDING";
  const body = renderMail({
    shopName: input.shopName,
    greeting: greetingFor(order.shippingAddress),
    paragraphs: [
      cashOnDelivery
        ? `Your order ${order.orderNumber} is confirmed. Keep ${formatOrderAmount(order.total)} ready in cash or UPI for the courier.`
        : `Your order ${order.orderNumber} is confirmed and paid. Thank you!`,
      "We pack every order within 24 hours and send you the tracking number as soon as the courier has it.",
    ],
    sections: [...orderSections(order), ...addressSection("Shipping to", order.shippingAddress)],
    action: { label: "View your order", url: input.link },
    after: [
      input.guest
        ? `Changed your mind? Reply to this e-mail with your order number ${order.orderNumber} within 6 hours of ordering and we'll cancel it, as long as it hasn't shipped. Questions? Just reply too.`
        : "Changed your mind? Orders can be cancelled within 6 hours of ordering from My Orders. Questions? Just reply to this e-mail.",
    ],
  });
  return { to: input.to, subject: `Your ${input.shopName} order ${order.orderNumber} is confirmed`, ...body };
}
