import { sql } from "kysely";
import type { Db } from "../../db/connection.js";

/** A variant of a product on sale whose stock is at or under its product's low-stock threshold. */
export interface LowStockRow {
  productId: number;
  productName: string;
  sku: string;
  color: string | null;
  size: string | null;
  stock: number;
  threshold: number;
}

/** The stock digest's one read (SQL only). */
export class StockDigestRepo {
  constructor(private readonly db: Db) {}

  /**
   * Active variants of active products at or under their product's threshold (sold out first,
   * then the fewest left): the admin's "Low stock" and "Out of stock" rule, on products on sale.
   */
  async lowAndOut(limit: number): Promise<LowStockRow[]> {
    const rows = await this.db
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select([
        "p.id as product_id",
        "p.name as product_name",
        "v.sku",
        "v.color",
        "v.size",
        "v.stock_quantity",
        "p.low_stock_threshold",
      ])
      .where("p.status", "=", "active")
      .where("v.is_active", "=", 1)
      .where(sql<boolean>`v.stock_quantity <= p.low_stock_threshold`)
      .orderBy("v.stock_quantity", "asc")
      .orderBy("p.name", "asc")
      .orderBy("v.id", "asc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      productId: row.product_id,
      productName: row.product_name,
      sku: row.sku,
      color: row.color,
      size: row.size,
      stock: Number(row.stock_quantity),
      threshold: Number(row.low_stock_threshold),
    }));
  }
}
