import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import { type Dialect, withSqliteWriteLock } from "./connection.js";
import { catalogueTables } from "./migrations/0001-catalogue.js";
import { accountTables } from "./migrations/0002-accounts.js";
import { cartAndOrderTables } from "./migrations/0003-cart-orders.js";
import { checkoutAndFulfilmentTables } from "./migrations/0004-checkout-fulfilment.js";
import { accountHousekeepingIndexes } from "./migrations/0005-account-housekeeping.js";
import { coloursAndCharacters } from "./migrations/0006-colours-characters.js";
import { holdLimits } from "./migrations/0007-hold-limits.js";
import { staffAdminTables } from "./migrations/0008-staff-admin.js";
import { cashOnDelivery } from "./migrations/0009-cod.js";
import { catalogueAdmin } from "./migrations/0010-catalogue-admin.js";
import { orderInbox } from "./migrations/0011-order-inbox.js";
import { gstInvoices } from "./migrations/0012-gst-invoices.js";
import { shopperExtras } from "./migrations/0013-shopper-extras.js";
import { coupons } from "./migrations/0014-coupons.js";
import { savedAddresses } from "./migrations/0015-saved-addresses.js";
import { customerBlocks } from "./migrations/0016-customer-blocks.js";
import { productPhotos } from "./migrations/0017-product-photos.js";
import { failedDeliveries } from "./migrations/0018-failed-deliveries.js";
import { inboxIndexes } from "./migrations/0019-inbox-indexes.js";
import { refundLines } from "./migrations/0020-refund-lines.js";
import { exchanges } from "./migrations/0021-exchanges.js";
import { orderNameWords } from "./migrations/0022-order-name-words.js";
import { productSlugRedirects } from "./migrations/0023-product-slug-redirects.js";
import { categoryPictures } from "./migrations/0024-category-pictures.js";
import { orderNameWordsTime } from "./migrations/0025-order-name-words-time.js";
import { catalogueChanges } from "./migrations/0026-catalogue-changes.js";
import { adminProductIndexes } from "./migrations/0027-admin-product-indexes.js";
import { productSearchWords } from "./migrations/0028-product-search-words.js";
import { adminProductStatusIndexes } from "./migrations/0029-admin-product-status-indexes.js";

/** Migrations in order; each gets the dialect so both engines end with equivalent schemas. */
export type DialectMigration = (dialect: Dialect) => Migration;

const migrations: Record<string, DialectMigration> = {
  "0001-catalogue": catalogueTables,
  "0002-accounts": accountTables,
  "0003-cart-orders": cartAndOrderTables,
  "0004-checkout-fulfilment": checkoutAndFulfilmentTables,
  "0005-account-housekeeping": accountHousekeepingIndexes,
  "0006-colours-characters": coloursAndCharacters,
  "0007-hold-limits": holdLimits,
  "0008-staff-admin": staffAdminTables,
  "0009-cod": cashOnDelivery,
  "0010-catalogue-admin": catalogueAdmin,
  "0011-order-inbox": orderInbox,
  "0012-gst-invoices": gstInvoices,
  "0013-shopper-extras": shopperExtras,
  "0014-coupons": coupons,
  "0015-saved-addresses": savedAddresses,
  "0016-customer-blocks": customerBlocks,
  "0017-product-photos": productPhotos,
  "0018-failed-deliveries": failedDeliveries,
  "0019-inbox-indexes": inboxIndexes,
  "0020-refund-lines": refundLines,
  "0021-exchanges": exchanges,
  "0022-order-name-words": orderNameWords,
  "0023-product-slug-redirects": productSlugRedirects,
  "0024-category-pictures": categoryPictures,
  "0025-order-name-words-time": orderNameWordsTime,
  "0026-catalogue-changes": catalogueChanges,
  "0027-admin-product-indexes": adminProductIndexes,
  "0028-product-search-words": productSearchWords,
  "0029-admin-product-status-indexes": adminProductStatusIndexes,
};

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(this.dialect)]));
  }
}

/**
 * Applies the migrations not yet applied. On PostgreSQL the migrator's own bookkeeping tables
 * go into `schema` when one is given (Kysely otherwise finds them in any schema of the database,
 * which breaks a second shop, or test, in another schema of the same database).
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
  db: Kysely<any>,
  dialect: Dialect,
  schema?: string,
): Promise<string[]> {
  // Kysely takes no migration lock on SQLite: processes started together would race on the DDL.
  if (dialect === "sqlite") return withSqliteWriteLock(db, (connection) => runMigrations(connection, dialect));
  return runMigrations(db, dialect, schema);
}

async function runMigrations(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
  db: Kysely<any>,
  dialect: Dialect,
  schema?: string,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrations(dialect),
    ...(dialect === "postgres" && schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
