/**
 * The shop's policy facts (R-ORD-9, R-STORE-9), in one place so the
 * static pages, the FAQ, the order pages and the product page can never disagree. Delivery
 * times and the refund wording are the server's own (contract messages), so the checkout's
 * delivery check says the same.
 */

import { defectWindowHours, exchangeWindowDays } from "@vaki/contract/exchange-rules";
import { fulfilmentMessages } from "@vaki/contract/messages";
import { cancellationWindowMs } from "@vaki/contract/order-rules";
import { FIRST_ORDER_CODE, SHOP_NAME } from "../../lib/brand";

const HOUR_MS = 60 * 60 * 1000;

export const policyFacts = {
  /** Size exchanges, India only, asked for within this many days of delivery (the server's rule, issue 29). */
  exchangeDays: exchangeWindowDays,
  /** International orders: a defect is reported within this many hours of delivery (the server's rule). */
  internationalDefectHours: defectWindowHours,
  /** Every order is packed within this many hours. */
  packingHours: 24,
  delivery: {
    delhiNcr: "1-2 working days",
    restOfIndia: "3-5 business days",
    international: "5-7 business days (7-14 to some destinations)",
  },
  /** How the delivery days above count. */
  dayCountNote: "Delivery times count from dispatch; Sundays and public holidays don't count.",
  /** One refund wording everywhere (R-SHOP-6). */
  refundDays: fulfilmentMessages.refundDays,
  /** Cancelling: within this many hours of placing the order (R-STORE-5). */
  cancellationHours: cancellationWindowMs / HOUR_MS,
  freeShippingWorldwide: true,
  /** Cash on Delivery: addresses in India only (decision 0006). */
  cashOnDelivery: "Cash on Delivery is available on orders delivered in India",
  firstOrderCode: FIRST_ORDER_CODE,
  firstOrderDiscountPercent: 10,
} as const;

/** Where shoppers reach us; configurable per deployment like the shop's name. */
const env = import.meta.env;

export const contactDetails = {
  email: (env.VITE_SUPPORT_EMAIL as string | undefined)?.trim() || "hello@vaki.in",
  careersEmail: (env.VITE_CAREERS_EMAIL as string | undefined)?.trim() || "careers@vaki.in",
  phone: (env.VITE_SUPPORT_PHONE as string | undefined)?.trim() || "+91 98110 42042",
  addressLines: [
    `${SHOP_NAME} Studio`,
    "2nd Floor, 14 Hauz Khas Village",
    "New Delhi 110016, India",
  ] as readonly string[],
  hours: "Monday to Saturday, 10 am to 7 pm IST",
  replyTime: "We reply within one working day.",
} as const;

/** "+91 98110 42042" → "tel:+919811042042". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
