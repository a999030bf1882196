import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { cartMessages, orderMessages } from "@vaki/contract/messages";
import type { Order } from "@vaki/contract/orders";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { lineTotal, sumPaise } from "../../lib/money.js";
import { type PeriodicTask, schedulePeriodic } from "../../lib/periodic.js";
import { localCaller } from "../../lib/rate-limit/rate-limiter.js";
import { absoluteUrl } from "../../lib/shop-origin.js";
import type { AuthenticatedUser } from "../accounts/auth-guard.js";
import type { CartOwner, CartService, CheckoutCart } from "../cart/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { CustomerRef, PaidOrderLookup, PromoOutcome, PromotionsService } from "../promotions/service.js";
import { taxLines } from "../tax/tax.js";
import { toOrder } from "./order-answer.js";
import type { OrdersRepo } from "./repo.js";
import type { CheckoutKind, OrderItemRecord, OrderRecord } from "./types.js";

export interface OrderSettings {
  /** How long an unpaid order holds its stock (STOCK_HOLD_MINUTES). */
  stockHoldMinutes: number;
  /**
   * Key a guest's order secret is derived from (HMAC of the order id), so the confirmation
   * e-mail can carry it again later; without a key the secret is random.
   */
  orderSecretKey?: string;
  /** Most units one guest session may hold at once in unpaid orders (MAX_HELD_UNITS_PER_GUEST). */
  maxHeldUnitsPerGuest?: number;
  /** Most units the orders placed from one client address may hold at once (MAX_HELD_UNITS_PER_ADDRESS). */
  maxHeldUnitsPerAddress?: number;
}

/** The order secret of a guest's order: base64url HMAC-SHA256 of its id (43 characters). */
export function derivedOrderSecret(key: string, orderId: string): string {
  return createHmac("sha256", key).update(`order-secret:${orderId}`).digest("base64url");
}

/** The one line a Buy Now order is made of. */
export interface BuyNowItem {
  productId: number;
  variantId: number;
  quantity: number;
}

/** What an order costs, before any shipping: the catalogue's prices less the cart's code. */
interface OrderPrice {
  subtotal: number;
  discount: number;
  promo: PromoOutcome | null;
}

/** An earlier unpaid order of the same cart, cancelled by the new one. */
type ReplacedOrder = Pick<OrderRecord, "id" | "promo_code" | "hold_expires_at">;

/** Everything an order row is made of, gathered inside the creating transaction. */
interface OrderDraft {
  orderId: string;
  owner: CartOwner;
  cart: CheckoutCart;
  price: OrderPrice;
  orderSecret: string | undefined;
  holdExpiresAt: Date;
  clientAddressHash: string | null;
  /** Which checkout made it: a new checkout replaces only an unpaid order of the same kind. */
  kind: CheckoutKind;
  now: Date;
}

/** Who asks to read an order: its user by token, or a guest by the order's secret (and session id). */
export interface OrderReader {
  user: AuthenticatedUser | null;
  guestSessionId?: string | undefined;
  orderSecret?: string | undefined;
}

const orderNumberOffset = 100_000;
/** Orders the courier has (an AWB) and may still move forward. */
const inFlightStatuses: readonly OrderRecord["status"][] = ["PROCESSING", "SHIPPED"];
const sweepBatch = 100;
const sweepRounds = 20;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** "VK-100023": what the shopper quotes; the id stays a UUID. */
export function formatOrderNumber(number: number): string {
  return `VK-${orderNumberOffset + number}`;
}

/** Orders' answer to the promotions module: does this customer already have a paid order? */
export class PaidOrders implements PaidOrderLookup {
  constructor(private readonly repo: OrdersRepo) {}

  hasPaidOrder(customer: CustomerRef, trx?: Db): Promise<boolean> {
    return (trx ? this.repo.in(trx) : this.repo).hasPaidOrder(customer);
  }

  paidOrdersWithCode(customer: CustomerRef, code: string, trx?: Db): Promise<number> {
    return (trx ? this.repo.in(trx) : this.repo).countPaidOrdersWithCode(customer, code);
  }

  async paidUseOfCodes(): Promise<Map<string, { orders: number; discount: number }>> {
    const rows = await this.repo.paidUseOfCodes();
    return new Map(rows.map((row) => [row.promo_code, { orders: row.orders, discount: row.discount }]));
  }
}

/**
 * Rules of orders: an order is built from the server's cart (never from what the browser sends),
 * priced from the catalogue, discounted by the cart's promo code, and holds its stock in the same
 * transaction (decision 0004). An unpaid order gives its stock back when its hold expires or when
 * a new order from the same cart replaces it.
 */
export class OrdersService {
  constructor(
    private readonly repo: OrdersRepo,
    private readonly clock: Clock,
    private readonly cart: CartService,
    private readonly promotions: PromotionsService,
    private readonly inventory: InventoryService,
    private readonly settings: OrderSettings,
  ) {}

  /**
   * Stock held by nobody: a guest session, and the orders of one client address, hold at most so
   * many units at once in unpaid orders (the replaced order's units are already given back).
   */
  private async refuseTooManyHeld(
    repo: OrdersRepo,
    owner: CartOwner,
    clientAddressHash: string | null,
    lines: readonly { quantity: number }[],
  ): Promise<void> {
    const wanted = lines.reduce((sum, line) => sum + line.quantity, 0);
    const { maxHeldUnitsPerGuest: perGuest, maxHeldUnitsPerAddress: perAddress } = this.settings;
    if (owner.kind === "guest" && perGuest !== undefined) {
      const held = await repo.heldUnits({ guestSessionId: owner.guestSessionId });
      if (held + wanted > perGuest) throw new Conflict(orderMessages.tooManyHeld);
    }
    if (clientAddressHash && perAddress !== undefined) {
      const held = await repo.heldUnits({ clientAddressHash });
      if (held + wanted > perAddress) throw new Conflict(orderMessages.tooManyHeld);
    }
  }

  /** Set by the fulfilment module: asks the courier about orders on their way and records its answer. */
  private refreshFromCourier: ((orderIds: string[]) => Promise<void>) | undefined;

  /**
   * Orders on their way are shown as the courier last saw them: history and details ask it first
   * (the same code tracking runs), so a shipped order never shows Processing with Cancel.
   */
  askCourierBeforeShowing(refresh: (orderIds: string[]) => Promise<void>): void {
    this.refreshFromCourier = refresh;
  }

  /** Refreshes the orders among `rows` that are on their way; answers whether any was asked about. */
  private async refreshInFlight(rows: readonly OrderRecord[]): Promise<boolean> {
    const inFlight = rows.filter((row) => inFlightStatuses.includes(row.status) && row.tracking_number);
    if (!this.refreshFromCourier || inFlight.length === 0) return false;
    await this.refreshFromCourier(inFlight.map((row) => row.id));
    return true;
  }

  /** Set by the checkout module: applies the gateway's word on an order's open checkouts. */
  private reconcilePayments: ((orderId: string) => Promise<void>) | undefined;

  /** The hold sweep asks this before cancelling an order as unpaid (checkout module, built later). */
  reconcileBeforeCancelling(reconcile: (orderId: string) => Promise<void>): void {
    this.reconcilePayments = reconcile;
  }

  /**
   * Creates the order from the owner's cart in one transaction: lock the cart, cancel the cart's
   * earlier unpaid order, price the lines, apply the promo code, copy the lines, hold the stock,
   * count the promo use. Any failure (empty cart 400, stock 409, code 400) leaves nothing behind.
   * A guest gets a random orderSecret, once; only its SHA-256 is stored.
   *
   * Buy Now (`buyNow` given) orders that one line instead of the cart's lines, under the same
   * rules (the cart's promo code, the first-order rule, the stock hold); the cart's lines stay, and
   * after payment only that variant's line leaves the cart (R-SHOP-9: Buy Now buys one thing).
   */
  async createOrder(
    owner: CartOwner,
    buyNow?: BuyNowItem,
    options: { clientAddress?: string } = {},
  ): Promise<{ order: Order; orderSecret?: string }> {
    const clientAddressHash =
      options.clientAddress && options.clientAddress !== localCaller ? sha256(`client:${options.clientAddress}`) : null;
    const orderId = randomUUID();
    const orderSecret = this.newOrderSecret(owner, orderId);
    const order = await this.repo.transaction(async (repo, trx) => {
      const now = this.clock.now();
      const cart = await this.lockedLines(trx, owner, buyNow);
      // Buy Now and the cart's checkout each replace only their own kind: a payment page open for
      // the other stays payable.
      const kind: CheckoutKind = buyNow ? "buy_now" : "cart";
      const replaced = await repo.abandonOrdersOfCart(cart.id, kind, now.toISOString());
      const price = await this.priceOf(trx, owner, cart);
      const holdExpiresAt = this.holdDeadline(now, replaced);
      await this.refuseTooManyHeld(repo, owner, clientAddressHash, cart.lines);
      const draft = { orderId, owner, cart, price, orderSecret, holdExpiresAt, clientAddressHash, kind, now };
      const { row, items } = await this.insertOrder(repo, draft);
      // Lock order everywhere: cart → orders → stock holds → variants (ascending) → promotions.
      await this.holdStock(trx, draft, replaced);
      await this.promotions.releaseUses(
        trx,
        replaced.map((old) => old.promo_code),
      );
      if (price.promo) await this.promotions.reserveUse(trx, price.promo.code);
      return toOrder(row, items, now);
    });
    return orderSecret ? { order, orderSecret } : { order };
  }

  /** A guest's order secret: derived from the key when there is one (the e-mail can carry it again), else random. */
  private newOrderSecret(owner: CartOwner, orderId: string): string | undefined {
    if (owner.kind !== "guest") return undefined;
    const key = this.settings.orderSecretKey;
    return key ? derivedOrderSecret(key, orderId) : randomBytes(32).toString("base64url");
  }

  /** The locked cart (or the Buy Now line on it), refused when empty or when a line is no longer sold. */
  private async lockedLines(trx: Db, owner: CartOwner, buyNow: BuyNowItem | undefined): Promise<CheckoutCart> {
    const cart = buyNow ? await this.cart.buyNowCart(trx, owner, buyNow) : await this.cart.checkoutCart(trx, owner);
    if (!cart || cart.lines.length === 0) throw new InvalidInput(orderMessages.emptyCart);
    const gone = cart.lines.find((line) => line.product_active !== 1 || line.variant_active !== 1);
    if (gone) throw new Conflict(cartMessages.unavailable(gone.name));
    return cart;
  }

  /** Subtotal from the catalogue's prices and the cart's code (its usage limit is checked by `reserveUse`). */
  private async priceOf(trx: Db, owner: CartOwner, cart: CheckoutCart): Promise<OrderPrice> {
    const subtotal = sumPaise(cart.lines.map((line) => lineTotal(line.price, line.quantity)));
    // The replaced order gave its use back already; reserveUse counts this one after the insert.
    const promo = cart.promoCode
      ? await this.promotions.require(cart.promoCode, customerOf(owner), subtotal, trx, { ignoreUsage: true })
      : null;
    return { subtotal, discount: promo ? Math.min(promo.discount, subtotal) : 0, promo };
  }

  /** A repeat checkout never pushes a hold past the deadline of the one it replaces. */
  private holdDeadline(now: Date, replaced: readonly ReplacedOrder[]): Date {
    return new Date(
      Math.min(
        now.getTime() + this.settings.stockHoldMinutes * 60_000,
        ...replaced
          .map((old) => (old.hold_expires_at ? Date.parse(old.hold_expires_at) : Number.NaN))
          .filter((deadline) => deadline > now.getTime()),
      ),
    );
  }

  private async insertOrder(
    repo: OrdersRepo,
    draft: OrderDraft,
  ): Promise<{ row: OrderRecord; items: OrderItemRecord[] }> {
    const { orderId, owner, cart, price, orderSecret, now } = draft;
    const nowText = now.toISOString();
    const number = await repo.nextOrderNumber(orderId, nowText);
    // GST is worked out once, here: later rate changes never alter an order already placed.
    const taxes = taxLines(
      cart.lines.map((line) => ({
        lineTotal: lineTotal(line.price, line.quantity),
        quantity: line.quantity,
        taxClass: line.tax_class,
      })),
      price.discount,
      now,
    );
    const row = await repo.insertOrder({
      id: orderId,
      order_number: formatOrderNumber(number),
      user_id: owner.kind === "user" ? owner.userId : null,
      guest_session_id: owner.kind === "guest" ? owner.guestSessionId : null,
      cart_id: cart.id,
      order_secret_hash: orderSecret ? sha256(orderSecret) : null,
      status: "CREATED",
      payment_status: "CREATED",
      currency: "INR",
      subtotal: price.subtotal,
      discount_amount: price.discount,
      // Tax added on top of the prices (none: prices include GST; the lines hold what they include).
      tax_amount: 0,
      shipping_amount: 0,
      total: price.subtotal - price.discount,
      promo_code: price.promo?.code ?? null,
      contact_email: null,
      contact_phone: null,
      shipping_method: null,
      shipping_address: null,
      billing_address: null,
      tracking_number: null,
      shiprocket_order_id: null,
      hold_expires_at: draft.holdExpiresAt.toISOString(),
      client_address_hash: draft.clientAddressHash,
      checkout_kind: draft.kind,
      created_at: nowText,
      updated_at: nowText,
    });
    // A customer's order is found in the inbox by their account's name before it has an address.
    if (row.user_id) await repo.replaceNameWords(row);
    const items = await repo.insertItems(
      cart.lines.map((line, index) => ({
        order_id: orderId,
        product_id: line.product_id,
        variant_id: line.variant_id,
        sku: line.sku,
        product_name: line.name,
        image_url: line.image_url,
        size: line.size,
        color: line.color,
        unit_price: line.price,
        quantity: line.quantity,
        line_total: lineTotal(line.price, line.quantity),
        hsn_code: line.hsn_code,
        tax_class: line.tax_class,
        discount_amount: taxes[index]?.discount ?? 0,
        tax_rate_bp: taxes[index]?.rateBp ?? 0,
        taxable_value: taxes[index]?.taxableValue ?? 0,
        tax_amount: taxes[index]?.taxAmount ?? 0,
      })),
    );
    return { row, items };
  }

  /** Takes the lines' stock for the new order, giving back the replaced orders' holds. */
  private holdStock(trx: Db, draft: OrderDraft, replaced: readonly ReplacedOrder[]): Promise<void> {
    return this.inventory.holdStock(
      trx,
      draft.orderId,
      draft.cart.lines.map((line) => ({
        variantId: line.variant_id,
        quantity: line.quantity,
        name: line.name,
        size: line.size,
      })),
      draft.holdExpiresAt,
      { replacing: replaced.map((old) => old.id) },
    );
  }

  /** The order for its user, or for whoever holds its secret (any device); anyone else gets 404. */
  async getOrder(id: string, reader: OrderReader): Promise<Order> {
    let row = await this.repo.findOrder(id);
    if (!row || this.accessOf(row, reader) !== "owner") throw new NotFound(orderMessages.notFound);
    if (await this.refreshInFlight([row])) row = (await this.repo.findOrder(id)) ?? row;
    return this.present(row, await this.repo.findItems([row.id]));
  }

  /** The stored order for its owner (the user, or the holder of its secret); anyone else gets 404. */
  async findForOwner(id: string, reader: OrderReader): Promise<{ record: OrderRecord; items: OrderItemRecord[] }> {
    const record = await this.repo.findOrder(id);
    if (!record || this.accessOf(record, reader) !== "owner") throw new NotFound(orderMessages.notFound);
    return { record, items: await this.repo.findItems([record.id]) };
  }

  /**
   * How far the reader may see the order: "owner" (its user, or whoever holds its secret,
   * compared in constant time against the stored hash: the e-mail link works on any device);
   * "session" (the guest session that placed it, without a secret: the payment's outcome, never
   * the addresses, R-SHOP-11); null (nothing). A wrong secret gives nothing.
   */
  accessOf(record: OrderRecord, reader: OrderReader): "owner" | "session" | null {
    if (reader.user && record.user_id === reader.user.id) return "owner";
    if (reader.orderSecret) return secretMatches(record, reader.orderSecret) ? "owner" : null;
    if (reader.guestSessionId !== undefined && record.guest_session_id === reader.guestSessionId) return "session";
    return null;
  }

  /** The stored order and its lines, for the shop's own work (no access check); inside `trx` when given. */
  async findRecord(id: string, trx?: Db): Promise<{ record: OrderRecord; items: OrderItemRecord[] } | null> {
    const repo = trx ? this.repo.in(trx) : this.repo;
    const record = await repo.findOrder(id);
    return record ? { record, items: await repo.findItems([record.id]) } : null;
  }

  /** The order whose shipment has this AWB. */
  findByTrackingNumber(awb: string): Promise<OrderRecord | undefined> {
    return this.repo.findByTrackingNumber(awb);
  }

  /** The order as the API answers it, with labels, timeline and the cancelling rule as of now. */
  present(record: OrderRecord, items: readonly OrderItemRecord[]): Order {
    return toOrder(record, items, this.clock.now());
  }

  /**
   * The order as its e-mails show it: each line's picture is the product's picture of the colour
   * bought, else its first one (else the one stored with the line), as an absolute URL on
   * `publicUrl`, since mail clients resolve no relative URL. One statement for all the lines.
   */
  async presentForMail(record: OrderRecord, items: readonly OrderItemRecord[], publicUrl: string): Promise<Order> {
    const pictures = await this.repo.findPictures(items.map((item) => item.product_id));
    const order = this.present(record, items);
    const pictured = order.items.map((item) => {
      const own = pictures.filter((picture) => picture.product_id === item.productId);
      const colour = item.color?.trim().toLowerCase();
      const chosen =
        (colour ? own.find((picture) => picture.color?.trim().toLowerCase() === colour)?.url : undefined) ??
        own[0]?.url ??
        item.imageUrl;
      const url = chosen ? absoluteUrl(publicUrl, chosen) : null;
      return { ...item, imageUrl: url, image: url };
    });
    return { ...order, items: pictured };
  }

  /** The secret a guest's order e-mail links with (null for users' orders or without a key). */
  linkSecretOf(record: OrderRecord): string | null {
    if (!record.guest_session_id || !record.order_secret_hash || !this.settings.orderSecretKey) return null;
    const secret = derivedOrderSecret(this.settings.orderSecretKey, record.id);
    // Orders created before the key existed have a random secret the shop cannot give again.
    return sha256(secret) === record.order_secret_hash ? secret : null;
  }

  /** The user's orders, newest first; page is 1-based here and 0-based in the answer (spec). */
  async history(userId: string, query: { page: number; limit: number }) {
    const offset = (query.page - 1) * query.limit;
    let { rows, total: counted } = await this.repo.findUserOrders(userId, { offset, limit: query.limit });
    if (await this.refreshInFlight(rows)) {
      ({ rows, total: counted } = await this.repo.findUserOrders(userId, { offset, limit: query.limit }));
    }
    const total = counted ?? (offset > 0 ? await this.repo.countUserOrders(userId) : 0);
    const itemsByOrder = new Map<string, OrderItemRecord[]>();
    for (const item of await this.repo.findItems(rows.map((row) => row.id))) {
      itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);
    }
    const content = rows.map((row) => this.present(row, itemsByOrder.get(row.id) ?? []));
    const totalPages = Math.ceil(total / query.limit);
    return {
      content,
      page: { number: query.page - 1, size: query.limit, totalElements: total, totalPages },
      hasNext: query.page < totalPages,
    };
  }

  /**
   * Cancels orders whose stock hold expired without payment and gives their stock back. Safe with
   * several processes sweeping at once: each order is cancelled by a conditional update, and its
   * stock is released in the same transaction only by the caller whose update changed the row.
   * Answers how many orders this call cancelled.
   */
  async releaseExpiredHolds(): Promise<number> {
    const now = this.clock.now().toISOString();
    let cancelled = 0;
    // Batches of 100 until the backlog is gone (bounded, so one tick cannot run forever).
    for (let round = 0; round < sweepRounds; round += 1) {
      const expired = await this.repo.findExpiredOrderIds(now, sweepBatch);
      for (const orderId of expired) {
        // A checkout may have been paid without the shop hearing of it: ask the gateway first.
        if (this.reconcilePayments) await this.reconcilePayments(orderId);
        // One transaction per order: the conditional cancel decides whether this caller releases.
        const done = await this.repo.transaction(async (repo, trx) => {
          const order = await repo.abandonExpiredOrder(orderId, now);
          if (!order) return false;
          await this.inventory.releaseHold(trx, order.id);
          await this.promotions.releaseUses(trx, [order.promo_code]);
          return true;
        });
        if (done) cancelled += 1;
      }
      if (expired.length < sweepBatch) break;
    }
    return cancelled;
  }
}

function customerOf(owner: CartOwner): CustomerRef {
  return owner.kind === "user" ? { userId: owner.userId } : {};
}

/** Whether the secret is this order's (constant-time comparison of SHA-256 hashes). */
function secretMatches(row: OrderRecord, orderSecret: string): boolean {
  if (!row.order_secret_hash) return false;
  const given = Buffer.from(sha256(orderSecret), "hex");
  const stored = Buffer.from(row.order_secret_hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Runs the expiry sweep every `intervalMs` while the app is up (0 turns it off). */
export function scheduleHoldSweep(
  orders: Pick<OrdersService, "releaseExpiredHolds">,
  intervalMs: number,
  log: Logger,
): PeriodicTask {
  return schedulePeriodic({
    name: "stock hold sweep",
    intervalMs,
    log,
    run: async () => {
      const cancelled = await orders.releaseExpiredHolds();
      if (cancelled > 0) log.info({ cancelled }, "released the stock of expired unpaid orders");
    },
  });
}
