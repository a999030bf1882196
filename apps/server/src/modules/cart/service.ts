import { randomUUID } from "node:crypto";
import { type Cart, type CartItem, cartLimits } from "@vaki/contract/cart";
import { commonMessages, cartMessages as m } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import { lineTotal, sumPaise } from "../../lib/money.js";
import { type AuthenticatedUser, assertClaimedUser } from "../accounts/auth-guard.js";
import { shortageMessage } from "../inventory/service.js";
import type { CustomerRef, PromoOutcome, PromotionsService } from "../promotions/service.js";
import type { CartLineRecord, CartOwner, CartRecord, CartRepo } from "./repo.js";

export type { CartOwner } from "./repo.js";

/** What the cart and Buy Now read of the product and variant a shopper chose. */
interface ChosenVariant {
  product_id: number;
  product_active: number;
  variant_id: number | null;
  variant_product_id: number | null;
  variant_active: number | null;
}

/** The chosen variant can be bought: 404 unless product and variant are on sale, 400 when the variant is another product's. */
function assertSellable<T extends ChosenVariant>(
  target: T | undefined,
  productId: number,
): asserts target is T & { variant_id: number; variant_product_id: number; variant_active: number } {
  if (target?.product_active !== 1) throw new NotFound(m.productNotFound(productId));
  if (target.variant_id === null || target.variant_product_id === null) throw new NotFound(m.variantNotFound);
  if (target.variant_product_id !== target.product_id) {
    throw new InvalidInput(m.variantOfOtherProduct, { fieldErrors: { variantId: [m.variantOfOtherProduct] } });
  }
  if (target.variant_active !== 1) throw new NotFound(m.variantNotFound);
}

/** A cart as checkout takes it: locked for the caller's transaction, lines priced from the catalogue now. */
export interface CheckoutCart {
  id: string;
  promoCode: string | null;
  lines: CartLineRecord[];
}

/**
 * Who the cart belongs to (R-SHOP-13: the server is the authority): the user of the access token;
 * a userId/requestUserId sent beside it must name that user (403), and one sent without a token
 * is refused (401). Otherwise a guest, by the guest session id from the body, query or header.
 */
export function resolveCartOwner(
  user: AuthenticatedUser | null,
  claimed: { userIds?: readonly unknown[]; guestSessionIds?: readonly (string | undefined)[] },
): CartOwner {
  const userIds = (claimed.userIds ?? []).filter(
    (id): id is string | number => (typeof id === "string" && id !== "") || typeof id === "number",
  );
  if (user) {
    assertClaimedUser(user, ...userIds);
    return { kind: "user", userId: user.id };
  }
  if (userIds.length > 0) throw new Unauthorised(commonMessages.unauthorised);
  const guestSessionId = claimed.guestSessionIds?.find((id) => id !== undefined && id !== "");
  if (!guestSessionId) throw new InvalidInput(m.ownerMissing, { fieldErrors: { guestSessionId: [m.ownerMissing] } });
  return { kind: "guest", guestSessionId };
}

/** Size and Color as the storefront lists them (R-STORE-3, cart item). */
export function variantAttributesOf(size: string | null, color: string | null): { name: string; value: string }[] {
  return [...(size ? [{ name: "Size", value: size }] : []), ...(color ? [{ name: "Color", value: color }] : [])];
}

/** A guest's e-mail and phone are unknown until payment, so only a user is checked here. */
function customerOf(owner: CartOwner): CustomerRef {
  return owner.kind === "user" ? { userId: owner.userId } : {};
}

function toCartItem(line: CartLineRecord): CartItem {
  const onSale = line.product_active === 1 && line.variant_active === 1;
  return {
    id: line.id,
    productId: line.product_id,
    variantId: line.variant_id,
    sku: line.sku,
    name: line.name,
    productName: line.name,
    image: line.image_url,
    imageUrl: line.image_url,
    price: line.price,
    quantity: line.quantity,
    subtotal: lineTotal(line.price, line.quantity),
    variantAttributes: variantAttributesOf(line.size, line.color),
    size: line.size,
    color: line.color,
    inStock: onSale && line.stock_quantity >= line.quantity,
    availableQuantity: onSale ? line.stock_quantity : 0,
  };
}

function cartAnswer(id: string | null, items: CartItem[], promo: PromoOutcome | null): Cart {
  const subtotal = sumPaise(items.map((item) => item.subtotal));
  const discount = promo?.valid ? Math.min(promo.discount, subtotal) : 0;
  // R-STORE-9 — tax and shipping are 0 in the cart total (prices include tax; shipping is free).
  const shipping = 0;
  const tax = 0;
  return {
    id,
    items,
    subtotal,
    discount,
    shipping,
    tax,
    total: subtotal - discount + shipping + tax,
    itemCount: items.reduce((count, item) => count + item.quantity, 0),
    currency: "INR",
    promoCode: promo?.code ?? null,
    ...(promo ? { promoMessage: promo.message } : {}),
  };
}

/**
 * Rules of the cart: one per user or guest session, one line per variant, 1-10 per line, no more
 * than the stock, prices from the catalogue at every read. Every write is one transaction that
 * first locks the cart row, so two tabs writing at once leave it consistent.
 */
export class CartService {
  constructor(
    private readonly repo: CartRepo,
    private readonly clock: Clock,
    private readonly promotions: PromotionsService,
  ) {}

  /** The owner's cart; a cart that does not exist yet is an empty one (200, not 404). */
  async getCart(owner: CartOwner): Promise<Cart> {
    const cart = await this.repo.findCart(owner);
    return cart ? this.present(owner, cart) : cartAnswer(null, [], null);
  }

  async addItem(owner: CartOwner, input: { productId: number; variantId: number; quantity: number }): Promise<Cart> {
    const max = cartLimits.maxQuantityPerLine;
    await this.repo.transaction(async (repo) => {
      const now = this.now();
      const cart = await repo.createOrLockCart(owner, randomUUID(), now);
      const target = await repo.findAddTarget(cart.id, input.productId, input.variantId);
      assertSellable(target, input.productId);
      const inCart = target.in_cart ?? 0;
      if (inCart === 0 && Number(target.line_count) >= cartLimits.maxLines) {
        throw new Conflict(m.tooManyLines(cartLimits.maxLines));
      }
      const wanted = inCart + input.quantity;
      if (wanted > max) throw new Conflict(m.lineLimit(max));
      const stock = target.stock_quantity ?? 0;
      if (wanted > stock) throw new Conflict(shortageMessage({ name: target.name, size: target.size }, stock));
      const added = await repo.addToLine(
        { cartId: cart.id, productId: input.productId, variantId: input.variantId, quantity: input.quantity },
        max,
        now,
      );
      if (!added) throw new Conflict(m.lineLimit(max));
    });
    return this.getCart(owner);
  }

  /** Sets a line's quantity (1-10); raising it beyond the stock is refused, lowering it never is. */
  async updateItem(owner: CartOwner, itemId: number, quantity: number): Promise<Cart> {
    await this.repo.transaction(async (repo) => {
      const now = this.now();
      const cart = await repo.lockCart(owner, now);
      const line = cart ? await repo.findLine(cart.id, itemId) : undefined;
      if (!cart || !line) throw new NotFound(m.itemNotFound);
      if (quantity > line.quantity && quantity > line.stock_quantity) {
        throw new Conflict(shortageMessage(line, line.stock_quantity));
      }
      await repo.setLineQuantity(cart.id, itemId, quantity, now);
    });
    return this.getCart(owner);
  }

  async removeItem(owner: CartOwner, itemId: number): Promise<Cart> {
    await this.repo.transaction(async (repo) => {
      const cart = await repo.lockCart(owner, this.now());
      if (!cart || !(await repo.deleteLine(cart.id, itemId))) throw new NotFound(m.itemNotFound);
    });
    return this.getCart(owner);
  }

  /** Empties the cart and drops its promo code (the confirmation page clears the cart after payment). */
  async clear(owner: CartOwner): Promise<Cart> {
    await this.repo.transaction(async (repo) => {
      const now = this.now();
      const cart = await repo.lockCart(owner, now);
      if (!cart) return;
      await repo.deleteLines(cart.id);
      if (cart.promo_code) await repo.setPromoCode(cart.id, null, now);
    });
    return this.getCart(owner);
  }

  /**
   * Login merges the guest cart into the user's (R-SHOP-2; the spec dropped it): quantities are
   * added, capped by the stock and the line limit (a user's own line is never lowered), lines of
   * products no longer on sale are left out, and the guest cart is deleted — so a second call
   * finds nothing to merge. Locks the user's cart, then the guest's (always in that order).
   */
  async merge(userId: string, guestSessionId: string): Promise<Cart> {
    const user: CartOwner = { kind: "user", userId };
    await this.repo.transaction(async (repo) => {
      const now = this.now();
      const mine = await repo.createOrLockCart(user, randomUUID(), now);
      const guests = await repo.lockCart({ kind: "guest", guestSessionId }, now);
      if (!guests) return;
      const own = new Map((await repo.findLines(mine.id)).map((line) => [line.variant_id, line.quantity]));
      let lineCount = own.size;
      const merged: { productId: number; variantId: number; quantity: number }[] = [];
      for (const line of await repo.findLines(guests.id)) {
        if (line.product_active !== 1 || line.variant_active !== 1) continue;
        const current = own.get(line.variant_id) ?? 0;
        if (current === 0 && lineCount >= cartLimits.maxLines) continue;
        const cap = Math.min(cartLimits.maxQuantityPerLine, line.stock_quantity);
        const quantity = Math.max(current, Math.min(current + line.quantity, cap));
        if (quantity < 1 || quantity === current) continue;
        if (current === 0) lineCount += 1;
        merged.push({ productId: line.product_id, variantId: line.variant_id, quantity });
      }
      await repo.putLines(mine.id, merged, now);
      if (!mine.promo_code && guests.promo_code) await repo.setPromoCode(mine.id, guests.promo_code, now);
      await repo.deleteCart(guests.id);
    });
    return this.getCart(user);
  }

  /** Puts a promo code on the cart (creating the cart if needed); 400 with the reason when it does not apply. */
  async applyPromo(owner: CartOwner, code: string): Promise<Cart> {
    await this.repo.transaction(async (repo, trx) => {
      const now = this.now();
      const cart = await repo.createOrLockCart(owner, randomUUID(), now);
      // The subtotal now: a code with a minimum order is refused on a smaller cart.
      const subtotal = sumPaise((await repo.findLines(cart.id)).map((line) => toCartItem(line).subtotal));
      await this.promotions.require(code, customerOf(owner), subtotal, trx);
      await repo.setPromoCode(cart.id, code, now);
    });
    return this.getCart(owner);
  }

  async removePromo(owner: CartOwner): Promise<Cart> {
    await this.repo.transaction(async (repo) => {
      const now = this.now();
      const cart = await repo.lockCart(owner, now);
      if (cart?.promo_code) await repo.setPromoCode(cart.id, null, now);
    });
    return this.getCart(owner);
  }

  /**
   * For payment confirmation, first in its transaction (lock order: cart → orders → holds →
   * variants): locks the cart an order was built from, if it still exists.
   */
  async lockForPurchase(trx: Db, cartId: string): Promise<boolean> {
    return (await this.repo.in(trx).lockCartById(cartId, this.now())) !== undefined;
  }

  /**
   * After payment: the bought lines leave the cart (lines added since stay) and the order's promo
   * code is dropped from it. The caller has locked the cart with lockForPurchase.
   */
  async emptyAfterPurchase(
    trx: Db,
    cartId: string,
    bought: { variantIds: readonly number[]; promoCode: string | null },
  ): Promise<void> {
    const repo = this.repo.in(trx);
    await repo.deleteLinesOfVariants(cartId, bought.variantIds);
    if (bought.promoCode) {
      const cart = await repo.lockCartById(cartId, this.now());
      if (cart?.promo_code === bought.promoCode) await repo.setPromoCode(cartId, null, this.now());
    }
  }

  /** For checkout, inside its transaction: locks the owner's cart and reads its lines (null: no cart). */
  async checkoutCart(trx: Db, owner: CartOwner): Promise<CheckoutCart | null> {
    const repo = this.repo.in(trx);
    const cart = await repo.lockCart(owner, this.now());
    if (!cart) return null;
    return { id: cart.id, promoCode: cart.promo_code, lines: await repo.findLines(cart.id) };
  }

  /**
   * For Buy Now, inside the order's transaction: locks the owner's cart (created empty if missing,
   * so the lock order and the cart's promo code work as for a cart checkout) and answers it with
   * one line, the chosen variant priced from the catalogue. The cart's own lines are not touched.
   */
  async buyNowCart(
    trx: Db,
    owner: CartOwner,
    item: { productId: number; variantId: number; quantity: number },
  ): Promise<CheckoutCart> {
    const repo = this.repo.in(trx);
    const cart = await repo.createOrLockCart(owner, randomUUID(), this.now());
    const target = await repo.findBuyNowTarget(item.productId, item.variantId);
    assertSellable(target, item.productId);
    const line: CartLineRecord = {
      id: 0,
      product_id: target.product_id,
      variant_id: target.variant_id,
      quantity: item.quantity,
      name: target.name,
      sku: target.sku ?? "",
      price: target.price ?? 0,
      stock_quantity: target.stock_quantity ?? 0,
      size: target.size,
      color: target.color,
      image_url: target.image_url,
      product_active: target.product_active,
      variant_active: target.variant_active,
      hsn_code: target.hsn_code,
      tax_class: target.tax_class,
    };
    return { id: cart.id, promoCode: cart.promo_code, lines: [line] };
  }

  private async present(owner: CartOwner, cart: CartRecord): Promise<Cart> {
    const items = (await this.repo.findLines(cart.id)).map(toCartItem);
    const subtotal = sumPaise(items.map((item) => item.subtotal));
    const promo = cart.promo_code ? await this.promotions.evaluate(cart.promo_code, customerOf(owner), subtotal) : null;
    return cartAnswer(cart.id, items, promo);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
