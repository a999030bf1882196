import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { TaxDocumentsTable } from "../../db/schema.js";

export type TaxDocumentRecord = Selectable<TaxDocumentsTable>;
export type Series = "invoice" | "credit_note";

/** SQL of the shop's settings, the number series and the issued documents. */
export class InvoicesRepo {
  constructor(private readonly db: Db) {}

  in(trx: Db): InvoicesRepo {
    return new InvoicesRepo(trx);
  }

  transaction<T>(work: (repo: InvoicesRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new InvoicesRepo(trx), trx));
  }

  async settings(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom("shop_settings").select(["key", "value"]).execute();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async saveSettings(values: Record<string, string>, now: string): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      await this.db
        .insertInto("shop_settings")
        .values({ key, value, updated_at: now })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updated_at: now }))
        .execute();
    }
  }

  /**
   * The next number of a series in a financial year, inside the caller's transaction: the
   * increment locks the series row until the transaction ends, so two callers never get the same
   * number and a rolled-back one gives its number back (no gap).
   */
  async nextNumber(series: Series, fiscalYear: string): Promise<number> {
    await this.db
      .insertInto("document_series")
      .values({ series, fiscal_year: fiscalYear, last_number: 0 })
      .onConflict((conflict) => conflict.columns(["series", "fiscal_year"]).doNothing())
      .execute();
    const row = await this.db
      .updateTable("document_series")
      .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
      .where("series", "=", series)
      .where("fiscal_year", "=", fiscalYear)
      .returning("last_number")
      .executeTakeFirstOrThrow();
    return row.last_number;
  }

  async insert(row: Insertable<TaxDocumentsTable>): Promise<TaxDocumentRecord> {
    return this.db.insertInto("tax_documents").values(row).returningAll().executeTakeFirstOrThrow();
  }

  findBySource(orderId: string, kind: Series, sourceKey: string): Promise<TaxDocumentRecord | undefined> {
    return this.db
      .selectFrom("tax_documents")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("kind", "=", kind)
      .where("source_key", "=", sourceKey)
      .executeTakeFirst();
  }

  findForOrder(orderId: string): Promise<TaxDocumentRecord[]> {
    return this.db
      .selectFrom("tax_documents")
      .selectAll()
      .where("order_id", "=", orderId)
      .orderBy("issued_at")
      .orderBy("number")
      .execute();
  }

  findById(id: string): Promise<TaxDocumentRecord | undefined> {
    return this.db.selectFrom("tax_documents").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Documents issued in [from, to) (ISO instants), in the order they were issued. */
  findIssuedBetween(from: string, to: string): Promise<TaxDocumentRecord[]> {
    return this.db
      .selectFrom("tax_documents")
      .selectAll()
      .where("issued_at", ">=", from)
      .where("issued_at", "<", to)
      .orderBy("issued_at")
      .orderBy("kind")
      .orderBy("sequence")
      .execute();
  }

  /** The invoices of these orders (a month's credit notes' invoices, which may be older). */
  async findInvoicesOf(orderIds: readonly string[]): Promise<TaxDocumentRecord[]> {
    const rows: TaxDocumentRecord[] = [];
    // In chunks: a statement's parameters are limited (SQLite, PostgreSQL).
    for (let start = 0; start < orderIds.length; start += 500) {
      const chunk = orderIds.slice(start, start + 500);
      rows.push(
        ...(await this.db
          .selectFrom("tax_documents")
          .selectAll()
          .where("kind", "=", "invoice")
          .where("order_id", "in", chunk)
          .execute()),
      );
    }
    return rows;
  }

  /** Credit notes of an order so far (what is left to credit). */
  async creditedTotal(orderId: string): Promise<number> {
    const row = await this.db
      .selectFrom("tax_documents")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total"), eb.lit(0)).as("credited"))
      .where("order_id", "=", orderId)
      .where("kind", "=", "credit_note")
      .executeTakeFirst();
    return Number(row?.credited ?? 0);
  }
}
