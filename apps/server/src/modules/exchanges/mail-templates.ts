import { type AfterSalesKind, afterSalesKindLabels } from "@vaki/contract/exchanges";
import { formatOrderAmount } from "../../lib/money.js";
import { renderMail } from "../../providers/mail/layout.js";
import type { MailMessage } from "../../providers/mail/mailer.js";

/** The moments of a request the customer is written about, once each. */
export const afterSalesMailSteps = [
  "received",
  "approved",
  "refused",
  "size-unavailable",
  "picked-up",
  "shipped",
  "back",
  "refunded",
  "completed",
] as const;
export type AfterSalesMailStep = (typeof afterSalesMailSteps)[number];

export interface AfterSalesMailInput {
  shopName: string;
  to: string;
  firstName: string | null;
  step: AfterSalesMailStep;
  kind: AfterSalesKind;
  requestId: number;
  orderNumber: string;
  productName: string;
  fromSize: string | null;
  toSize: string | null;
  returnAwb: string | null;
  replacementAwb: string | null;
  courierName: string | null;
  trackingLink: string | null;
  refusalReason: string | null;
  /** Paise refunded (the refunded step). */
  refundedAmount: number;
  /** My Orders. */
  ordersLink: string;
}

type Words = { subject: string; paragraphs: string[] };

function wordsOf(input: AfterSalesMailInput): Words {
  const what =
    input.kind === "exchange"
      ? `your size exchange of ${input.productName} (${input.fromSize ?? "one size"} for ${input.toSize ?? "another size"})`
      : `your defect report on ${input.productName}`;
  const ref = `order ${input.orderNumber}`;
  switch (input.step) {
    case "received":
      return {
        subject: "we have your request",
        paragraphs: [
          `We have received ${what} on ${ref}.`,
          input.kind === "exchange"
            ? "The new size is put aside for you while the shop looks at it; we'll e-mail you when it has."
            : "The shop will look at it shortly and e-mail you what happens next.",
        ],
      };
    case "approved":
      return {
        subject: "your request is approved",
        paragraphs: [
          `Good news: ${what} on ${ref} is approved.`,
          ...(input.returnAwb
            ? [
                `A courier will collect the piece from you (reverse pickup, AWB ${input.returnAwb}). Please keep it packed with its tags.`,
              ]
            : []),
        ],
      };
    case "refused":
      return {
        subject: "about your request",
        paragraphs: [
          `We're sorry: we can't accept ${what} on ${ref}.`,
          ...(input.refusalReason ? [`Why: ${input.refusalReason}`] : []),
        ],
      };
    case "size-unavailable":
      return {
        subject: "please choose another size",
        paragraphs: [
          `We're sorry: the size ${input.toSize ?? "you asked for"} of ${input.productName} is no longer available for ${ref}.`,
          "Choose another size, or a refund of the piece, from My Orders.",
        ],
      };
    case "picked-up":
      return {
        subject: "your piece is on its way back",
        paragraphs: [`The courier has picked up ${input.productName} from you (AWB ${input.returnAwb ?? "pending"}).`],
      };
    case "shipped":
      return {
        subject: input.kind === "exchange" ? "your new size has shipped" : "your replacement has shipped",
        paragraphs: [
          `${input.kind === "exchange" ? `Your new size (${input.toSize ?? ""})` : "Your replacement"} of ${input.productName} is on its way.`,
          ...(input.replacementAwb
            ? [`Courier: ${[input.courierName, `AWB ${input.replacementAwb}`].filter(Boolean).join(", ")}.`]
            : []),
          ...(input.trackingLink ? [`Track it: ${input.trackingLink}`] : []),
        ],
      };
    case "back":
      return {
        subject: "we have your piece back",
        paragraphs: [`Your ${input.productName} is back with us and has been checked.`],
      };
    case "refunded":
      return {
        subject: "your refund is on its way",
        paragraphs: [
          `We have refunded ${formatOrderAmount(input.refundedAmount)} for ${input.productName} on ${ref}.`,
          "It reaches the way you paid within 5-7 business days; a credit note is issued for it.",
        ],
      };
    case "completed":
      return {
        subject: "your request is complete",
        paragraphs: [
          `${what.charAt(0).toUpperCase()}${what.slice(1)} on ${ref} is complete. Thank you for your patience.`,
        ],
      };
  }
}

/** One e-mail per step of an exchange or defect report, with a link to My Orders. */
export function afterSalesMail(input: AfterSalesMailInput): MailMessage {
  const words = wordsOf(input);
  const body = renderMail({
    shopName: input.shopName,
    greeting: input.firstName ? `Hey ${input.firstName},` : "Hey there,",
    paragraphs: words.paragraphs,
    action: { label: "View your orders", url: input.ordersLink },
    after: ["Questions? Just reply to this e-mail."],
  });
  return {
    to: input.to,
    subject: `${afterSalesKindLabels[input.kind]} #${input.requestId} for ${input.orderNumber}: ${words.subject}`,
    ...body,
  };
}
