import { randomBytes } from "node:crypto";
import type { Selectable, Updateable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { SandboxCheckoutsTable } from "../../db/schema.js";
import type { CheckoutOrder } from "../../providers/payment/payment-provider.js";
import type {
  SandboxCheckout,
  SandboxCheckoutChanges,
  SandboxCheckoutStore,
} from "../../providers/payment/sandbox-checkout-store.js";
import type { SandboxPaymentMethod } from "../../providers/payment/sandbox-payment-form.js";

type Row = Selectable<SandboxCheckoutsTable>;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const parsed = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

function toCheckout(row: Row): SandboxCheckout {
  return {
    checkoutId: row.checkout_id,
    token: row.token,
    order: JSON.parse(row.order_json) as CheckoutOrder,
    status: row.status,
    paymentType: row.payment_type as SandboxCheckout["paymentType"],
    method: row.method as SandboxPaymentMethod | null,
    paymentId: row.payment_id,
    gatewayTransactionId: row.gateway_transaction_id,
    email: row.email,
    phone: row.phone,
    shippingAddress: parsed(row.shipping_address),
    billingAddress: parsed(row.billing_address),
    refunds: JSON.parse(row.refunds) as SandboxCheckout["refunds"],
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    completedAt: row.completed_at,
    version: row.version,
  };
}

/** Only the columns named in `changes` are written. */
function columnsOf(changes: SandboxCheckoutChanges): Updateable<SandboxCheckoutsTable> {
  const columns: Updateable<SandboxCheckoutsTable> = {};
  if ("status" in changes && changes.status) columns.status = changes.status;
  if ("paymentType" in changes) columns.payment_type = changes.paymentType ?? null;
  if ("method" in changes) columns.method = changes.method ?? null;
  if ("paymentId" in changes) columns.payment_id = changes.paymentId ?? null;
  if ("gatewayTransactionId" in changes) columns.gateway_transaction_id = changes.gatewayTransactionId ?? null;
  if ("email" in changes) columns.email = changes.email ?? null;
  if ("phone" in changes) columns.phone = changes.phone ?? null;
  if ("shippingAddress" in changes) columns.shipping_address = json(changes.shippingAddress);
  if ("billingAddress" in changes) columns.billing_address = json(changes.billingAddress);
  if ("refunds" in changes) columns.refunds = JSON.stringify(changes.refunds ?? []);
  if ("createdAt" in changes && changes.createdAt) columns.created_at = changes.createdAt;
  if ("expiresAt" in changes && changes.expiresAt) columns.expires_at = changes.expiresAt;
  if ("completedAt" in changes) columns.completed_at = changes.completedAt ?? null;
  return columns;
}

/**
 * The sandbox gateway's sessions in the shop's database (table `sandbox_checkouts`), so every
 * process serves the same page, webhook and confirmation, and a restart loses nothing. Updates
 * are compare-and-set on `version`.
 */
export class DatabaseSandboxCheckoutStore implements SandboxCheckoutStore {
  constructor(private readonly db: Db) {}

  async save(checkout: SandboxCheckout): Promise<void> {
    await this.db
      .insertInto("sandbox_checkouts")
      .values({
        checkout_id: checkout.checkoutId,
        token: checkout.token,
        order_json: JSON.stringify(checkout.order),
        status: checkout.status,
        payment_type: checkout.paymentType,
        method: checkout.method,
        payment_id: checkout.paymentId,
        gateway_transaction_id: checkout.gatewayTransactionId,
        email: checkout.email,
        phone: checkout.phone,
        shipping_address: json(checkout.shippingAddress),
        billing_address: json(checkout.billingAddress),
        refunds: JSON.stringify(checkout.refunds),
        created_at: checkout.createdAt,
        expires_at: checkout.expiresAt,
        completed_at: checkout.completedAt,
        version: checkout.version,
      })
      .execute();
  }

  async get(checkoutId: string): Promise<SandboxCheckout | null> {
    const row = await this.db
      .selectFrom("sandbox_checkouts")
      .selectAll()
      .where("checkout_id", "=", checkoutId)
      .executeTakeFirst();
    return row ? toCheckout(row) : null;
  }

  async getByToken(token: string): Promise<SandboxCheckout | null> {
    const row = await this.db.selectFrom("sandbox_checkouts").selectAll().where("token", "=", token).executeTakeFirst();
    return row ? toCheckout(row) : null;
  }

  async update(
    checkoutId: string,
    expectedVersion: number,
    changes: SandboxCheckoutChanges,
  ): Promise<SandboxCheckout | null> {
    const row = await this.db
      .updateTable("sandbox_checkouts")
      .set({ ...columnsOf(changes), version: expectedVersion + 1 })
      .where("checkout_id", "=", checkoutId)
      .where("version", "=", expectedVersion)
      .returningAll()
      .executeTakeFirst();
    return row ? toCheckout(row) : null;
  }

  /**
   * A fresh token for a session not yet paid (a second "initiate" for the same order): the old
   * token stops opening the page. Answers the new token, or null when the session is paid or gone.
   */
  async renewToken(
    checkoutId: string,
    customer?: CheckoutOrder["customer"] | null,
  ): Promise<{ token: string; expiresAt: string } | null> {
    const token = randomBytes(24).toString("base64url");
    // The prefill follows the latest initiate (the shopper may have picked another saved address).
    const current = customer === undefined ? null : await this.get(checkoutId);
    let orderJson: string | undefined;
    if (current) {
      const { customer: _previous, ...order } = current.order;
      orderJson = JSON.stringify(customer ? { ...order, customer } : order);
    }
    const row = await this.db
      .updateTable("sandbox_checkouts")
      .set((eb) => ({ token, version: eb("version", "+", 1), ...(orderJson ? { order_json: orderJson } : {}) }))
      .where("checkout_id", "=", checkoutId)
      .where("status", "in", ["INITIATED", "FAILED"])
      .returning(["token", "expires_at"])
      .executeTakeFirst();
    return row ? { token: row.token, expiresAt: row.expires_at } : null;
  }
}
