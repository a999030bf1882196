import {
  type ClubMembership,
  type CustomerBlockState,
  type CustomerErased,
  customerMessages as cm,
  erasedCustomerEmail,
  erasedCustomerName,
} from "@vaki/contract/admin/customers";
import { adminMessages } from "@vaki/contract/admin/schemas";
import type { OrderStatus } from "@vaki/contract/orders";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";

/** Writes the change's audit event in the change's own transaction. */
export type CustomerAudit = (trx: Db) => Promise<void>;
/** The erasure's audit event: counts only, so the log never keeps what was erased. */
export type ErasureAudit = (trx: Db, outcome: CustomerErased) => Promise<void>;

/** What the Club (the community module) does for a person's data: given by the app, so accounts never imports it. */
export interface ClubMembershipsOfPerson {
  membershipsOf(
    db: Db,
    person: { userId: string; email: string },
  ): Promise<(ClubMembership & { customerId: string | null })[]>;
  forget(trx: Db, person: { userId: string; email: string }): Promise<number>;
}

/** An order is finished (its personal data may go) once delivered or cancelled. */
const finishedStatuses: readonly OrderStatus[] = ["DELIVERED", "CANCELLED"];

/**
 * The owner's decisions about a customer account: block and unblock sign-in, and the person's
 * data under India's DPDP Act (export everything the shop holds; erase it, orders kept anonymised).
 * The routes audit each through the callbacks, inside the same transaction as the change.
 */
export class CustomerAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly club: ClubMembershipsOfPerson,
  ) {}

  /** Blocks sign-in and ends every session (refresh tokens die with their sessions) at once. */
  async block(customerId: string, reason: string, audited: CustomerAudit): Promise<CustomerBlockState> {
    const at = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const user = await this.userIn(trx, customerId);
      if (user.blocked_at !== null) throw new Conflict(cm.alreadyBlocked);
      const updated = await trx
        .updateTable("users")
        .set({ blocked_at: at, blocked_reason: reason, updated_at: at })
        .where("id", "=", customerId)
        .where("blocked_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Conflict(cm.alreadyBlocked);
      await trx
        .updateTable("sessions")
        .set({ revoked_at: at })
        .where("user_id", "=", customerId)
        .where("revoked_at", "is", null)
        .execute();
      await audited(trx);
      return { blockedAt: at, blockedReason: reason };
    });
  }

  /** Lets the account sign in again (its old sessions stay ended). */
  async unblock(customerId: string, audited: CustomerAudit): Promise<CustomerBlockState> {
    const at = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      await this.userIn(trx, customerId);
      const updated = await trx
        .updateTable("users")
        .set({ blocked_at: null, blocked_reason: null, updated_at: at })
        .where("id", "=", customerId)
        .where("blocked_at", "is not", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Conflict(cm.notBlocked);
      await audited(trx);
      return { blockedAt: null, blockedReason: null };
    });
  }

  /** Everything the shop holds on the person, as one JSON document; the export is audited. */
  async exportData(customerId: string, audited: CustomerAudit): Promise<CustomerDataExport> {
    return this.db.transaction().execute(async (trx) => {
      const data = await this.collect(trx, customerId);
      await audited(trx);
      return data;
    });
  }

  /**
   * Erases the person (DPDP Act): the account, its sessions, saved addresses, cart, wishlist,
   * notify-me requests and Club membership go; their orders stay for tax law with the name,
   * e-mail, phone and addresses replaced (each address keeps its state and country: the GST
   * place of supply). Issued invoices are kept as issued. Refused while an order is still open.
   * One transaction: all of it or none.
   */
  async erase(customerId: string, typedEmail: string, audited: ErasureAudit): Promise<CustomerErased> {
    const at = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const user = await this.userIn(trx, customerId);
      if (typedEmail.trim().toLowerCase() !== user.email) {
        throw new InvalidInput(cm.eraseEmailMismatch, { fieldErrors: { email: [cm.eraseEmailMismatch] } });
      }
      const person = { userId: user.id, email: user.email };
      const orders = await this.ordersOf(trx, person)
        .select(["id", "status", "contact_phone", "cod_phone", "shipping_address", "billing_address"])
        .execute();
      const open = orders.filter((order) => !finishedStatuses.includes(order.status));
      if (open.length > 0) throw new Conflict(cm.erasePendingOrders(open.length));

      const orderIds = orders.map((order) => order.id);
      const phones = [user.mobile, ...orders.flatMap((order) => [order.contact_phone, order.cod_phone])].filter(
        (phone): phone is string => Boolean(phone),
      );
      for (const order of orders) {
        await trx
          .updateTable("orders")
          .set({
            user_id: null,
            guest_session_id: null,
            cart_id: null,
            order_secret_hash: null,
            contact_email: erasedCustomerEmail,
            contact_phone: null,
            cod_phone: null,
            cod_address_key: null,
            client_address_hash: null,
            shipping_address: placeOfSupplyOnly(order.shipping_address),
            billing_address: placeOfSupplyOnly(order.billing_address),
            updated_at: at,
          })
          .where("id", "=", order.id)
          .execute();
      }
      let taxDocumentsKept = 0;
      if (orderIds.length > 0) {
        // The name search's words held the delivery name and city.
        await trx.deleteFrom("order_name_words").where("order_id", "in", orderIds).execute();
        // What the gateway and courier (or their sandboxes) answered about these orders.
        await trx.updateTable("payments").set({ raw: null }).where("order_id", "in", orderIds).execute();
        await trx
          .updateTable("sandbox_checkouts")
          .set({ email: null, phone: null, shipping_address: null, billing_address: null })
          .where("checkout_id", "in", (qb) =>
            qb.selectFrom("payments").select("checkout_id").where("order_id", "in", orderIds),
          )
          .execute();
        await trx
          .updateTable("sandbox_shipments")
          .set({ consignee_name: erasedCustomerName, destination_city: "", destination_pincode: "" })
          .where("order_id", "in", orderIds)
          .execute();
        const kept = await trx
          .selectFrom("tax_documents")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("order_id", "in", orderIds)
          .executeTakeFirst();
        taxDocumentsKept = Number(kept?.n ?? 0);
      }
      if (phones.length > 0) await trx.deleteFrom("phone_verifications").where("phone", "in", phones).execute();
      await this.club.forget(trx, person);
      await trx
        .deleteFrom("back_in_stock_requests")
        .where((eb) => eb.or([eb("user_id", "=", user.id), eb("email", "=", user.email)]))
        .execute();
      await trx.deleteFrom("wishlist_items").where("user_id", "=", user.id).execute();
      await trx.deleteFrom("saved_addresses").where("user_id", "=", user.id).execute();
      await trx
        .deleteFrom("cart_items")
        .where("cart_id", "in", (qb) => qb.selectFrom("carts").select("carts.id").where("carts.user_id", "=", user.id))
        .execute();
      await trx.deleteFrom("carts").where("user_id", "=", user.id).execute();
      await trx
        .deleteFrom("refresh_tokens")
        .where("session_id", "in", (qb) => qb.selectFrom("sessions").select("id").where("user_id", "=", user.id))
        .execute();
      await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
      await trx.deleteFrom("password_reset_tokens").where("user_id", "=", user.id).execute();
      const deleted = await trx.deleteFrom("users").where("id", "=", user.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw new NotFound(adminMessages.customerNotFound);
      const outcome = { ordersAnonymised: orders.length, taxDocumentsKept };
      await audited(trx, outcome);
      return outcome;
    });
  }

  private async userIn(db: Db, customerId: string) {
    const user = await db.selectFrom("users").selectAll().where("id", "=", customerId).executeTakeFirst();
    if (!user) throw new NotFound(adminMessages.customerNotFound);
    return user;
  }

  /** The person's orders: placed signed in, or as a guest with the account's e-mail (never another account's). */
  private ordersOf(db: Db, person: { userId: string; email: string }) {
    return db
      .selectFrom("orders")
      .where((eb) =>
        eb.or([
          eb("user_id", "=", person.userId),
          eb.and([eb("user_id", "is", null), eb("contact_email", "=", person.email)]),
        ]),
      );
  }

  private async collect(db: Db, customerId: string): Promise<CustomerDataExport> {
    const user = await this.userIn(db, customerId);
    const person = { userId: user.id, email: user.email };
    const orders = await this.ordersOf(db, person)
      .selectAll()
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .execute();
    const orderIds = orders.map((order) => order.id);
    const [lines, refunds, documents, saved, sessions, club, wishlist, requests, cart] = await Promise.all([
      orderIds.length
        ? db.selectFrom("order_items").selectAll().where("order_id", "in", orderIds).orderBy("id").execute()
        : [],
      orderIds.length
        ? db.selectFrom("order_refunds").selectAll().where("order_id", "in", orderIds).orderBy("id").execute()
        : [],
      orderIds.length
        ? db
            .selectFrom("tax_documents")
            .select(["order_id", "kind", "number", "issued_at", "total"])
            .where("order_id", "in", orderIds)
            .orderBy("issued_at")
            .execute()
        : [],
      db.selectFrom("saved_addresses").selectAll().where("user_id", "=", user.id).orderBy("created_at").execute(),
      db
        .selectFrom("sessions")
        .select(["created_at", "expires_at", "revoked_at", "last_refreshed_at"])
        .where("user_id", "=", user.id)
        .orderBy("created_at")
        .execute(),
      this.club.membershipsOf(db, person),
      db
        .selectFrom("wishlist_items")
        .innerJoin("products", "products.id", "wishlist_items.product_id")
        .select(["wishlist_items.product_id", "products.name", "wishlist_items.created_at"])
        .where("wishlist_items.user_id", "=", user.id)
        .orderBy("wishlist_items.created_at")
        .execute(),
      db
        .selectFrom("back_in_stock_requests")
        .innerJoin("variants", "variants.id", "back_in_stock_requests.variant_id")
        .innerJoin("products", "products.id", "variants.product_id")
        .select([
          "back_in_stock_requests.email",
          "variants.sku",
          "variants.size",
          "variants.color",
          "products.name",
          "back_in_stock_requests.created_at",
          "back_in_stock_requests.notified_at",
          "back_in_stock_requests.unsubscribed_at",
        ])
        .where((eb) =>
          eb.or([
            eb("back_in_stock_requests.user_id", "=", user.id),
            eb("back_in_stock_requests.email", "=", user.email),
          ]),
        )
        .orderBy("back_in_stock_requests.created_at")
        .execute(),
      db
        .selectFrom("carts")
        .leftJoin("cart_items", "cart_items.cart_id", "carts.id")
        .leftJoin("variants", "variants.id", "cart_items.variant_id")
        .leftJoin("products", "products.id", "cart_items.product_id")
        .select([
          "carts.promo_code",
          "carts.updated_at",
          "cart_items.quantity",
          "variants.sku",
          "variants.size",
          "variants.color",
          "products.name",
        ])
        .where("carts.user_id", "=", user.id)
        .orderBy("cart_items.id")
        .execute(),
    ]);
    return {
      format: "vaki-customer-data/1",
      exportedAt: this.clock.now().toISOString(),
      notes: [
        "Money is in paise (100 paise = Rs 1).",
        "The password is stored only as a one-way hash and is not included.",
        "Issued invoices and credit notes are listed by number; the shop keeps them as GST law requires.",
      ],
      account: {
        id: user.id,
        name: user.name,
        email: user.email,
        mobile: user.mobile,
        birthday: user.birthday,
        createdAt: user.created_at,
        updatedAt: user.updated_at,
        blockedAt: user.blocked_at,
        blockedReason: user.blocked_reason,
      },
      preferences: parseJson(user.preferences) ?? {},
      savedAddresses: saved.map((row) => ({
        fullName: row.full_name,
        phone: row.phone,
        line1: row.line1,
        line2: row.line2,
        city: row.city,
        state: row.state,
        pincode: row.pincode,
        country: row.country,
        isDefault: Number(row.is_default) === 1,
        createdAt: row.created_at,
      })),
      sessions: sessions.map((row) => ({
        startedAt: row.created_at,
        expiresAt: row.expires_at,
        endedAt: row.revoked_at,
        lastRefreshedAt: row.last_refreshed_at,
      })),
      orders: orders.map((order) => ({
        id: order.id,
        orderNumber: order.order_number,
        placedAt: order.created_at,
        placedSignedIn: order.user_id === user.id,
        status: order.status,
        paymentStatus: order.payment_status,
        contactEmail: order.contact_email,
        contactPhone: order.contact_phone,
        codPhone: order.cod_phone,
        shippingAddress: parseJson(order.shipping_address),
        billingAddress: parseJson(order.billing_address),
        promoCode: order.promo_code,
        subtotal: Number(order.subtotal),
        discount: Number(order.discount_amount),
        shipping: Number(order.shipping_amount),
        tax: Number(order.tax_amount),
        total: Number(order.total),
        refunded: Number(order.refunded_amount),
        trackingNumber: order.tracking_number,
        lines: lines
          .filter((line) => line.order_id === order.id)
          .map((line) => ({
            sku: line.sku,
            name: line.product_name,
            size: line.size,
            color: line.color,
            quantity: Number(line.quantity),
            unitPrice: Number(line.unit_price),
            lineTotal: Number(line.line_total),
          })),
        refunds: refunds
          .filter((refund) => refund.order_id === order.id)
          .map((refund) => ({
            amount: Number(refund.amount),
            reason: refund.reason,
            method: refund.method,
            status: refund.status,
            at: refund.created_at,
          })),
        taxDocuments: documents
          .filter((document) => document.order_id === order.id)
          .map((document) => ({
            kind: document.kind,
            number: document.number,
            issuedAt: document.issued_at,
            total: Number(document.total),
          })),
      })),
      club: club.map(({ customerId: _account, ...membership }) => membership),
      wishlist: wishlist.map((row) => ({
        productId: Number(row.product_id),
        productName: row.name,
        addedAt: row.created_at,
      })),
      backInStockRequests: requests.map((row) => ({
        email: row.email,
        sku: row.sku,
        productName: row.name,
        size: row.size,
        color: row.color,
        requestedAt: row.created_at,
        notifiedAt: row.notified_at,
        unsubscribedAt: row.unsubscribed_at,
      })),
      cart:
        cart.length === 0
          ? null
          : {
              promoCode: cart[0]?.promo_code ?? null,
              updatedAt: cart[0]?.updated_at ?? null,
              lines: cart
                .filter((row) => row.quantity !== null)
                .map((row) => ({
                  sku: row.sku,
                  productName: row.name,
                  size: row.size,
                  color: row.color,
                  quantity: Number(row.quantity),
                })),
            },
    };
  }
}

/** The person's data as the export's JSON document. */
export interface CustomerDataExport {
  format: "vaki-customer-data/1";
  exportedAt: string;
  notes: string[];
  account: Record<string, unknown> & { id: string; email: string };
  preferences: unknown;
  savedAddresses: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  orders: (Record<string, unknown> & { orderNumber: string; lines: Record<string, unknown>[] })[];
  club: ClubMembership[];
  wishlist: Record<string, unknown>[];
  backInStockRequests: Record<string, unknown>[];
  cart: { promoCode: string | null; updatedAt: string | null; lines: Record<string, unknown>[] } | null;
}

function parseJson(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/**
 * An order's address reduced to what GST needs from an erased person: the state (place of
 * supply: CGST+SGST or IGST) and the country (export or not). The name reads "Erased customer".
 */
export function placeOfSupplyOnly(json: string | null): string | null {
  const parsed = parseJson(json);
  if (!parsed || typeof parsed !== "object") return null;
  const { state, country } = parsed as { state?: unknown; country?: unknown };
  return JSON.stringify({
    fullName: erasedCustomerName,
    ...(typeof state === "string" ? { state } : {}),
    ...(typeof country === "string" ? { country } : {}),
  });
}
