import type { PaymentOutcomes } from "./payment-outcome.js";
import type { CheckoutServiceDeps } from "./types.js";

/**
 * Checkouts whose outcome never reached the shop (a lost webhook, a closed tab): the gateway is
 * asked and its word applied. A gateway that cannot be reached is logged and the caller goes on
 * (a payment that lands later is refunded).
 */
export class Reconciliation {
  constructor(
    private readonly deps: Pick<CheckoutServiceDeps, "repo" | "clock" | "log">,
    private readonly outcomes: PaymentOutcomes,
  ) {}

  /** Every open checkout of one order; the hold sweep calls this before cancelling the order as unpaid. */
  async reconcileOrder(orderId: string): Promise<void> {
    for (const payment of await this.deps.repo.openCheckouts({ orderId })) {
      await this.reconcileCheckout(payment.checkout_id);
    }
  }

  /** Checkouts of unpaid orders opened over `olderThanMs` ago; answers how many it asked about. */
  async reconcileStaleCheckouts(olderThanMs = 10 * 60_000, limit = 50): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - olderThanMs).toISOString();
    const open = await this.deps.repo.openCheckouts({ createdBefore: before, limit });
    for (const payment of open) await this.reconcileCheckout(payment.checkout_id);
    return open.length;
  }

  private async reconcileCheckout(checkoutId: string): Promise<void> {
    try {
      const state = await this.outcomes.applyPaymentOutcome(checkoutId);
      if (state.status !== "PENDING") this.deps.log.info(state, "checkout reconciled with the gateway");
    } catch (error) {
      this.deps.log.warn({ err: error, checkoutId }, "could not ask the gateway how a checkout ended");
    }
  }
}
