import { checkoutMessages } from "@vaki/contract/messages";
import { DomainError } from "../../lib/errors.js";

/**
 * Spec (R-ORD-6, R-ORD-8): the server refuses someone else's checkout session with
 * 'Not authorized to access this checkout session' and the error 'Unauthorised' (403).
 */
export class CheckoutNotAuthorised extends DomainError {
  readonly status = 403;
  readonly kind = "Unauthorised";
  constructor() {
    super(checkoutMessages.notAuthorised);
  }
}

/** The stock of a paid order's lapsed hold is gone (confirmSale refused): the payment is refunded. */
export class StockGone extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "StockGone";
  }
}
