import { sql } from "kysely";
import type { Db } from "../../src/db/connection.js";

/** Stock of every variant before a test starts moving it: the "initial" of the stock equation. */
export async function snapshotStock(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom("variants").select(["id", "stock_quantity"]).execute();
  const holds = await db
    .selectFrom("stock_holds")
    .select(["variant_id", sql<number>`sum(quantity)`.as("quantity")])
    .where("status", "in", ["HELD", "SOLD"])
    .groupBy("variant_id")
    .execute();
  const taken = new Map(holds.map((hold) => [hold.variant_id, Number(hold.quantity)]));
  return new Map(rows.map((row) => [row.id, row.stock_quantity + (taken.get(row.id) ?? 0)]));
}

/**
 * The shop's data invariants, as a list of broken ones (empty when all hold):
 * stock never negative; for every variant available + held + sold = initial; every order's
 * total equals its lines less the discount plus tax and shipping; every cart line holds 1–10.
 */
export async function brokenInvariants(db: Db, initialStock: Map<number, number>): Promise<string[]> {
  const broken: string[] = [];
  const now = await snapshotStock(db);
  const variants = await db.selectFrom("variants").select(["id", "stock_quantity"]).execute();
  for (const variant of variants) {
    if (variant.stock_quantity < 0) broken.push(`variant ${variant.id} has stock ${variant.stock_quantity}`);
    const initial = initialStock.get(variant.id);
    if (initial !== undefined && now.get(variant.id) !== initial) {
      broken.push(`variant ${variant.id}: available + held + sold = ${now.get(variant.id)}, initially ${initial}`);
    }
  }

  const orders = await db
    .selectFrom("orders as o")
    .leftJoin("order_items as i", "i.order_id", "o.id")
    .select([
      "o.id",
      "o.subtotal",
      "o.discount_amount",
      "o.tax_amount",
      "o.shipping_amount",
      "o.total",
      sql<number>`coalesce(sum(i.line_total), 0)`.as("lines_total"),
      sql<number>`coalesce(sum(case when i.line_total <> i.unit_price * i.quantity then 1 else 0 end), 0)`.as(
        "bad_lines",
      ),
    ])
    .groupBy(["o.id", "o.subtotal", "o.discount_amount", "o.tax_amount", "o.shipping_amount", "o.total"])
    .execute();
  for (const order of orders) {
    if (Number(order.lines_total) !== order.subtotal) {
      broken.push(`order ${order.id}: subtotal ${order.subtotal} but its lines add up to ${order.lines_total}`);
    }
    if (order.total !== order.subtotal - order.discount_amount + order.tax_amount + order.shipping_amount) {
      broken.push(`order ${order.id}: total ${order.total} does not follow from its subtotal, discount, tax, shipping`);
    }
    if (Number(order.bad_lines) > 0) broken.push(`order ${order.id}: a line total is not price × quantity`);
  }

  const badCartLines = await db
    .selectFrom("cart_items")
    .select(["id", "quantity"])
    .where((eb) => eb.or([eb("quantity", "<", 1), eb("quantity", ">", 10)]))
    .execute();
  for (const line of badCartLines) broken.push(`cart line ${line.id} holds ${line.quantity}`);
  return broken;
}
