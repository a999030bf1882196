import type { CheckoutOrder, PostalAddress } from "./payment-provider.js";
import type { SandboxPaymentMethod } from "./sandbox-payment-form.js";

/**
 * One checkout session of the sandbox gateway. It lives in the database (several processes
 * serve the page, webhooks and confirmation; restarts must not lose a paid checkout).
 * Dates are ISO-8601 text, as everywhere in the shop's storage.
 */
export interface SandboxCheckout {
  checkoutId: string;
  /** Bearer credential of the hosted page (`/sandbox/pay/{token}`): random, URL-safe. */
  token: string;
  /** Copy of what the shop asked to collect (a JSON column). */
  order: CheckoutOrder;
  /** INITIATED until the shopper completes the page; FAILED may be retried; SUCCESS is final. */
  status: "INITIATED" | "SUCCESS" | "FAILED";
  /** Set with SUCCESS/FAILED: cash on delivery is a SUCCESS with CASH_ON_DELIVERY, as Shiprocket does. */
  paymentType: "PREPAID" | "CASH_ON_DELIVERY" | null;
  method: SandboxPaymentMethod | null;
  paymentId: string | null;
  gatewayTransactionId: string | null;
  email: string | null;
  phone: string | null;
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
  /** `key`: the shop's idempotency key of the refund, when it gave one. */
  refunds: { refundId: string; amount: number; reason: string; createdAt: string; key?: string }[];
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  /** Bumped by every update: updates are compare-and-set on it, so two processes cannot both win. */
  version: number;
}

export type SandboxCheckoutChanges = Partial<Omit<SandboxCheckout, "checkoutId" | "token" | "order" | "version">>;

/** Where the sandbox gateway keeps its sessions; the shop backs it with a table. */
export interface SandboxCheckoutStore {
  save(checkout: SandboxCheckout): Promise<void>;
  get(checkoutId: string): Promise<SandboxCheckout | null>;
  getByToken(token: string): Promise<SandboxCheckout | null>;
  /**
   * Applies `changes` and bumps the version only if the stored version is still
   * `expectedVersion` (SQL: `update ... where checkout_id = ? and version = ?`). Answers the
   * new state, or null when another writer got there first.
   */
  update(checkoutId: string, expectedVersion: number, changes: SandboxCheckoutChanges): Promise<SandboxCheckout | null>;
}

/** For unit tests and single-process experiments only: everything is lost on restart. */
export class InMemorySandboxCheckoutStore implements SandboxCheckoutStore {
  private readonly byId = new Map<string, SandboxCheckout>();

  async save(checkout: SandboxCheckout): Promise<void> {
    if (this.byId.has(checkout.checkoutId)) throw new Error(`checkout ${checkout.checkoutId} exists`);
    this.byId.set(checkout.checkoutId, structuredClone(checkout));
  }

  async get(checkoutId: string): Promise<SandboxCheckout | null> {
    const found = this.byId.get(checkoutId);
    return found ? structuredClone(found) : null;
  }

  async getByToken(token: string): Promise<SandboxCheckout | null> {
    for (const checkout of this.byId.values()) if (checkout.token === token) return structuredClone(checkout);
    return null;
  }

  async update(
    checkoutId: string,
    expectedVersion: number,
    changes: SandboxCheckoutChanges,
  ): Promise<SandboxCheckout | null> {
    const current = this.byId.get(checkoutId);
    if (!current || current.version !== expectedVersion) return null;
    const next = { ...current, ...structuredClone(changes), version: current.version + 1 };
    this.byId.set(checkoutId, next);
    return structuredClone(next);
  }
}
