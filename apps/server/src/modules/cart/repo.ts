import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { TaxClassColumn } from "../../db/schema.js";

/** Whose cart: a logged-in user or a guest session (never both). */
export type CartOwner = { kind: "user"; userId: string } | { kind: "guest"; guestSessionId: string };

export interface CartRecord {
  id: string;
  promo_code: string | null;
}

/** A cart line with what the catalogue says about it now (price, name, stock, image). */
export interface CartLineRecord {
  id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  name: string;
  sku: string;
  price: number;
  stock_quantity: number;
  size: string | null;
  color: string | null;
  image_url: string | null;
  product_active: number;
  variant_active: number;
  /** GST of the product (0012): what the order line records. */
  hsn_code: string;
  tax_class: TaxClassColumn;
}

/** What adding a variant needs to know, read in one statement. */
export interface AddTarget {
  product_id: number;
  product_active: number;
  name: string;
  variant_id: number | null;
  variant_product_id: number | null;
  variant_active: number | null;
  stock_quantity: number | null;
  size: string | null;
  in_cart: number | null;
  line_count: number;
}

/** What Buy Now reads of the product and variant chosen (variant fields null: no such variant). */
export interface BuyNowTarget {
  product_id: number;
  name: string;
  product_active: number;
  variant_id: number | null;
  variant_product_id: number | null;
  sku: string | null;
  price: number | null;
  stock_quantity: number | null;
  size: string | null;
  color: string | null;
  variant_active: number | null;
  image_url: string | null;
  hsn_code: string;
  tax_class: TaxClassColumn;
}

/**
 * SQL of carts. Each call is a fixed number of statements whatever the number of lines. The
 * cart reads the catalogue tables (read-only) in its own joins so that a cart with 8 lines costs
 * what a cart with 1 costs; catalogue writes stay with the catalogue module.
 */
export class CartRepo {
  constructor(private readonly db: Db) {}

  in(trx: Db): CartRepo {
    return new CartRepo(trx);
  }

  transaction<T>(work: (repo: CartRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new CartRepo(trx), trx));
  }

  findCart(owner: CartOwner): Promise<CartRecord | undefined> {
    return this.db
      .selectFrom("carts")
      .select(["id", "promo_code"])
      .where(...ownerColumn(owner))
      .executeTakeFirst();
  }

  /**
   * Finds the owner's cart and takes its write lock: an UPDATE locks the row on PostgreSQL until
   * the transaction ends (so writes to one cart, from two tabs, run one after the other), and it
   * takes SQLite's write lock at the start of the transaction.
   */
  lockCart(owner: CartOwner, now: string): Promise<CartRecord | undefined> {
    return this.db
      .updateTable("carts")
      .set({ updated_at: now })
      .where(...ownerColumn(owner))
      .returning(["id", "promo_code"])
      .executeTakeFirst();
  }

  /** A cart by id, locked like lockCart (undefined when it no longer exists). */
  lockCartById(cartId: string, now: string): Promise<CartRecord | undefined> {
    return this.db
      .updateTable("carts")
      .set({ updated_at: now })
      .where("id", "=", cartId)
      .returning(["id", "promo_code"])
      .executeTakeFirst();
  }

  /** Deletes the cart's lines of these variants (one statement). */
  async deleteLinesOfVariants(cartId: string, variantIds: readonly number[]): Promise<void> {
    if (variantIds.length === 0) return;
    await this.db
      .deleteFrom("cart_items")
      .where("cart_id", "=", cartId)
      .where("variant_id", "in", [...variantIds])
      .execute();
  }

  /** The owner's cart, created if missing, locked like lockCart (INSERT … ON CONFLICT DO UPDATE). */
  createOrLockCart(owner: CartOwner, newId: string, now: string): Promise<CartRecord> {
    const [column] = ownerColumn(owner);
    return this.db
      .insertInto("carts")
      .values({
        id: newId,
        user_id: owner.kind === "user" ? owner.userId : null,
        guest_session_id: owner.kind === "guest" ? owner.guestSessionId : null,
        promo_code: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column(column).doUpdateSet({ updated_at: now }))
      .returning(["id", "promo_code"])
      .executeTakeFirstOrThrow();
  }

  /** Every line with its variant, product and primary image, in the order added: one statement. */
  findLines(cartId: string): Promise<CartLineRecord[]> {
    return this.db
      .selectFrom("cart_items as ci")
      .innerJoin("variants as v", "v.id", "ci.variant_id")
      .innerJoin("products as p", "p.id", "ci.product_id")
      .select([
        "ci.id",
        "ci.product_id",
        "ci.variant_id",
        "ci.quantity",
        "p.name",
        "v.sku",
        "v.price",
        "v.stock_quantity",
        "v.size",
        "v.color",
        "p.is_active as product_active",
        "p.hsn_code",
        "p.tax_class",
        "v.is_active as variant_active",
      ])
      .select(
        sql<string | null>`(select pi.url from product_images pi where pi.product_id = p.id
          order by pi.is_primary desc, pi.display_order, pi.id limit 1)`.as("image_url"),
      )
      .where("ci.cart_id", "=", cartId)
      .orderBy("ci.id")
      .execute();
  }

  /**
   * A product and one variant as a cart line would read them (Buy Now orders it without putting
   * it in the cart): price, stock and primary image, in one statement. The variant's fields are
   * null when no variant has that id; `variant_product_id` tells whether it belongs to the product.
   */
  findBuyNowTarget(productId: number, variantId: number): Promise<BuyNowTarget | undefined> {
    return this.db
      .selectFrom("products as p")
      .leftJoin("variants as v", (join) => join.on("v.id", "=", variantId))
      .select([
        "p.id as product_id",
        "p.name",
        "p.is_active as product_active",
        "p.hsn_code",
        "p.tax_class",
        "v.id as variant_id",
        "v.product_id as variant_product_id",
        "v.sku",
        "v.price",
        "v.stock_quantity",
        "v.size",
        "v.color",
        "v.is_active as variant_active",
      ])
      .select(
        sql<string | null>`(select pi.url from product_images pi where pi.product_id = p.id
          order by pi.is_primary desc, pi.display_order, pi.id limit 1)`.as("image_url"),
      )
      .where("p.id", "=", productId)
      .executeTakeFirst();
  }

  /** The product, the variant asked for, how many of it the cart holds, and the cart's line count. */
  findAddTarget(cartId: string, productId: number, variantId: number): Promise<AddTarget | undefined> {
    return this.db
      .selectFrom("products as p")
      .leftJoin("variants as v", (join) => join.on("v.id", "=", variantId))
      .leftJoin("cart_items as ci", (join) => join.onRef("ci.variant_id", "=", "v.id").on("ci.cart_id", "=", cartId))
      .select([
        "p.id as product_id",
        "p.is_active as product_active",
        "p.name",
        "v.id as variant_id",
        "v.product_id as variant_product_id",
        "v.is_active as variant_active",
        "v.stock_quantity",
        "v.size",
        "ci.quantity as in_cart",
      ])
      .select(sql<number>`(select count(*) from cart_items c2 where c2.cart_id = ${cartId})`.as("line_count"))
      .where("p.id", "=", productId)
      .executeTakeFirst();
  }

  /**
   * Adds to the variant's line, or creates it (unique cart_id + variant_id). The update only
   * happens while the line stays within `max`; no row back means it would not have.
   */
  async addToLine(
    line: { cartId: string; productId: number; variantId: number; quantity: number },
    max: number,
    now: string,
  ): Promise<boolean> {
    const row = await this.db
      .insertInto("cart_items")
      .values({
        cart_id: line.cartId,
        product_id: line.productId,
        variant_id: line.variantId,
        quantity: line.quantity,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(["cart_id", "variant_id"])
          .doUpdateSet((eb) => ({
            quantity: eb("cart_items.quantity", "+", eb.ref("excluded.quantity")),
            updated_at: now,
          }))
          .where((eb) => eb(eb("cart_items.quantity", "+", eb.ref("excluded.quantity")), "<=", max)),
      )
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sets the quantities of several lines at once (merge): created or overwritten. */
  async putLines(
    cartId: string,
    lines: readonly { productId: number; variantId: number; quantity: number }[],
    now: string,
  ): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .insertInto("cart_items")
      .values(
        lines.map((line) => ({
          cart_id: cartId,
          product_id: line.productId,
          variant_id: line.variantId,
          quantity: line.quantity,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["cart_id", "variant_id"])
          .doUpdateSet((eb) => ({ quantity: eb.ref("excluded.quantity"), updated_at: now })),
      )
      .execute();
  }

  /** One line of the cart with the stock and names its update needs. */
  findLine(
    cartId: string,
    itemId: number,
  ): Promise<{ id: number; quantity: number; stock_quantity: number; size: string | null; name: string } | undefined> {
    return this.db
      .selectFrom("cart_items as ci")
      .innerJoin("variants as v", "v.id", "ci.variant_id")
      .innerJoin("products as p", "p.id", "ci.product_id")
      .select(["ci.id", "ci.quantity", "v.stock_quantity", "v.size", "p.name"])
      .where("ci.cart_id", "=", cartId)
      .where("ci.id", "=", itemId)
      .executeTakeFirst();
  }

  async setLineQuantity(cartId: string, itemId: number, quantity: number, now: string): Promise<void> {
    await this.db
      .updateTable("cart_items")
      .set({ quantity, updated_at: now })
      .where("cart_id", "=", cartId)
      .where("id", "=", itemId)
      .execute();
  }

  async deleteLine(cartId: string, itemId: number): Promise<boolean> {
    const row = await this.db
      .deleteFrom("cart_items")
      .where("cart_id", "=", cartId)
      .where("id", "=", itemId)
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteLines(cartId: string): Promise<void> {
    await this.db.deleteFrom("cart_items").where("cart_id", "=", cartId).execute();
  }

  async setPromoCode(cartId: string, code: string | null, now: string): Promise<void> {
    await this.db.updateTable("carts").set({ promo_code: code, updated_at: now }).where("id", "=", cartId).execute();
  }

  async deleteCart(cartId: string): Promise<void> {
    await this.db.deleteFrom("carts").where("id", "=", cartId).execute();
  }
}

function ownerColumn(owner: CartOwner): ["user_id" | "guest_session_id", "=", string] {
  return owner.kind === "user" ? ["user_id", "=", owner.userId] : ["guest_session_id", "=", owner.guestSessionId];
}
