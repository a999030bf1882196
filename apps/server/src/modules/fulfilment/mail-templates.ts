import { fulfilmentMessages } from "@vaki/contract/messages";
import type { Order } from "@vaki/contract/orders";
import { formatOrderAmount } from "../../lib/money.js";
import { renderMail } from "../../providers/mail/layout.js";
import type { MailMessage } from "../../providers/mail/mailer.js";
import { greetingFor, orderSections } from "../orders/mail-sections.js";
import type { CancellationReason, ShippingStage } from "../outbox/messages.js";

export const invoiceLinkLabel = "Download your GST invoice";

const invoiceLinks = (url: string | null | undefined) => (url ? { links: [{ label: invoiceLinkLabel, url }] } : {});

const why: Record<CancellationReason, (orderNumber: string) => string> = {
  customer: (orderNumber) => `As you asked, we've cancelled your order ${orderNumber}.`,
  "sold-out": (orderNumber) =>
    `We're sorry: an item of your order ${orderNumber} sold out while you were paying, so we couldn't send it and have cancelled the order.`,
  "late-payment": (orderNumber) =>
    `Your payment for order ${orderNumber} reached us after the order's reservation had run out, so we couldn't hold the items and have cancelled it.`,
  shop: (orderNumber) =>
    `We're sorry: we have had to cancel your order ${orderNumber}. If you have questions about why, just reply to this e-mail.`,
  "cod-refused": (orderNumber) =>
    `We couldn't confirm your cash-on-delivery order ${orderNumber}, so we have cancelled it. Nothing was charged.`,
};

/** The cancellation and refund notice: why, and what happens to the money (one refund wording: 5-7 business days). */
export function orderCancelledMail(input: {
  shopName: string;
  to: string;
  order: Order;
  reason: CancellationReason;
  link: string;
  /** The GST invoice's link, once the order has one (`InvoicesService.invoiceLinkForMail`). */
  invoiceLink?: string | null;
}): MailMessage {
  const { order } = input;
  const refunding = order.paymentStatus === "REFUND_PROCESSING" || order.paymentStatus === "REFUNDED";
  const money = refunding
    ? `Your refund of ${formatOrderAmount(order.total)} will be processed within ${fulfilmentMessages.refundDays} to the way you paid.`
    : "No money was taken for it, and nothing is due.";
  const body = renderMail({
    shopName: input.shopName,
    greeting: greetingFor(order.shippingAddress),
    paragraphs: [why[input.reason](order.orderNumber), money],
    sections: orderSections(order),
    action: { label: "View your order", url: input.link },
    ...invoiceLinks(input.invoiceLink),
    after: ["We hope to see you again soon. Questions? Just reply to this e-mail."],
  });
  return { to: input.to, subject: `Your ${input.shopName} order ${order.orderNumber} has been cancelled`, ...body };
}

const shippingNews: Record<ShippingStage, { subject: string; paragraph: (orderNumber: string) => string }> = {
  shipped: {
    subject: "is on its way",
    paragraph: (orderNumber) => `Good news: your order ${orderNumber} has shipped and is on its way to you.`,
  },
  "out-for-delivery": {
    subject: "is out for delivery",
    paragraph: (orderNumber) => `Your order ${orderNumber} is out for delivery today. Keep your phone close.`,
  },
  delivered: {
    subject: "has been delivered",
    paragraph: (orderNumber) => `Your order ${orderNumber} has been delivered. We hope you love it.`,
  },
};

/** The parcel's news (shipped, out for delivery, delivered) with the courier, AWB and tracking link. */
export function shippingUpdateMail(input: {
  shopName: string;
  to: string;
  order: Order;
  stage: ShippingStage;
  courierName: string | null;
  awb: string | null;
  trackingLink: string;
  /** The GST invoice's link: issued with the AWB, so the "shipped" e-mail is the first to have it. */
  invoiceLink?: string | null;
}): MailMessage {
  const { order } = input;
  const news = shippingNews[input.stage];
  const courier = [input.courierName, input.awb ? `AWB ${input.awb}` : null].filter(Boolean).join(", ");
  const body = renderMail({
    shopName: input.shopName,
    greeting: greetingFor(order.shippingAddress),
    paragraphs: [news.paragraph(order.orderNumber), ...(courier ? [`Courier: ${courier}.`] : [])],
    sections: orderSections(order),
    action: { label: "Track your order", url: input.trackingLink },
    ...invoiceLinks(input.invoiceLink),
    after: ["Questions? Just reply to this e-mail."],
  });
  return { to: input.to, subject: `Your ${input.shopName} order ${order.orderNumber} ${news.subject}`, ...body };
}
