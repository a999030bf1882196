import type { PaymentStatus } from "@vaki/contract/orders";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { CheckoutOrder, CheckoutResult, PaymentProvider } from "../../providers/payment/payment-provider.js";
import type { Serviceability, ServiceabilityQuery } from "../../providers/shipping/shipping-provider.js";
import type { CartService } from "../cart/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { InvoicesService } from "../invoices/service.js";
import type { OrderLifecycleService } from "../orders/lifecycle.js";
import type { OrderReader, OrdersService } from "../orders/service.js";
import type { OrderRecord } from "../orders/types.js";
import type { Outbox } from "../outbox/service.js";
import type { PromotionsService } from "../promotions/service.js";
import type { CodConfirmationService } from "./cod-confirmation.js";
import type { PaymentReviewService } from "./payment-review.js";
import type { CheckoutRepo } from "./repo.js";

/** Everything checkout's parts are built from; each part takes the few it needs. */
export interface CheckoutServiceDeps {
  repo: CheckoutRepo;
  clock: Clock;
  log: Logger;
  provider: PaymentProvider;
  /** The browser script the storefront loads for this provider. */
  scriptUrl: string;
  /** A fresh token on the same session, where the gateway allows it (the sandbox); null: start a new one. */
  renewToken?:
    | ((
        checkoutId: string,
        customer: CheckoutOrder["customer"] | null,
      ) => Promise<{ token: string; expiresAt: string } | null>)
    | undefined;
  orders: OrdersService;
  lifecycle: OrderLifecycleService;
  inventory: InventoryService;
  cart: CartService;
  promotions: PromotionsService;
  outbox: Outbox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  serviceability: (query: ServiceabilityQuery) => Promise<Serviceability>;
  shop: { name: string; publicUrl: string };
  /** Cash on delivery's confirmation rule; without it a COD order is confirmed at once. */
  codConfirmation?: CodConfirmationService;
  /** What happens to a payment for another amount than its order's; without it, it is only flagged. */
  paymentReview?: PaymentReviewService;
  /** GST credit notes: one for every refund of an invoiced order. */
  creditNotes?: Pick<InvoicesService, "creditNoteForRefund">;
}

/** Who asks about a checkout or an order's e-mail: its user, or the guest session (secret when known). */
export type CheckoutReader = OrderReader;

/** What applying the gateway's word did (for the webhook's answer). */
export interface PaymentState {
  checkoutId: string;
  status: "SUCCESS" | "FAILED" | "PENDING";
  orderStatus: OrderRecord["status"];
  paymentStatus: PaymentStatus;
}

export const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The gateway's facts as stored on the payment row. */
export function gatewayFacts(status: PaymentStatus, result: CheckoutResult, clock: Clock) {
  return {
    status,
    payment_type: result.paymentType ?? (result.outcome === "COD" ? "CASH_ON_DELIVERY" : "PREPAID"),
    payment_id: result.paymentId,
    gateway_transaction_id: result.gatewayTransactionId,
    raw: jsonOrNull(result.raw),
    updated_at: clock.now().toISOString(),
  } as const;
}

/** The contact the gateway collected, as the shop stores it. */
export function contactOf(result: CheckoutResult): { email: string | null; phone: string | null } {
  return {
    email: result.email?.trim().toLowerCase() || null,
    phone: result.phone ? normalisePhone(result.phone) : null,
  };
}

/** Indian mobiles as +91XXXXXXXXXX (as accounts and the Club store them); anything else as given. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s\-().]/g, "");
  const ten = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits)?.[1];
  return ten ? `+91${ten}` : phone.trim();
}
