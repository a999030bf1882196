import type { AdminCustomerSummary, AdminCustomersQuery } from "@vaki/contract/admin/schemas";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { decodeCursor, encodeCursor } from "../../lib/keyset.js";
import { containsPattern } from "../../lib/like-pattern.js";

/** Customers (shop accounts) as the owner's side reads them: newest first. Reads only. */
export class CustomerAdminReads {
  constructor(private readonly db: Db) {}

  async list(query: AdminCustomersQuery): Promise<{ items: AdminCustomerSummary[]; nextCursor: string | null }> {
    const cursor = query.cursor ? decodeCursor(query.cursor, ["string", "string"]) : undefined;
    let select = this.summaries();
    if (query.q) select = this.matching(select, query.q);
    if (cursor) {
      const [at, id] = cursor as [string, string];
      select = select.where((eb) =>
        eb.or([eb("users.created_at", "<", at), eb.and([eb("users.created_at", "=", at), eb("users.id", "<", id)])]),
      );
    }
    const rows = await select
      .orderBy("users.created_at", "desc")
      .orderBy("users.id", "desc")
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toSummary),
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
    };
  }

  /** Up to `limit` customers whose name, e-mail or mobile contains `q`. */
  async search(q: string, limit: number) {
    const rows = await this.matching(this.summaries(), q)
      .orderBy("users.created_at", "desc")
      .orderBy("users.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, phone: row.mobile }));
  }

  async summary(id: string): Promise<AdminCustomerSummary | null> {
    const row = await this.summaries().where("users.id", "=", id).executeTakeFirst();
    return row ? toSummary(row) : null;
  }

  private matching(select: ReturnType<CustomerAdminReads["summaries"]>, q: string) {
    const pattern = containsPattern(q);
    const compact = containsPattern(q.replace(/[\s\-().]/g, ""));
    return select.where((eb) =>
      eb.or([
        sql<boolean>`lower(users.name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(users.email) like ${pattern} escape '\\'`,
        sql<boolean>`users.mobile like ${compact} escape '\\'`,
      ]),
    );
  }

  private summaries() {
    return this.db.selectFrom("users").select((eb) => [
      "users.id",
      "users.name",
      "users.email",
      "users.mobile",
      "users.created_at",
      eb
        .selectFrom("orders")
        .select((o) => o.fn.countAll<number | string>().as("n"))
        .whereRef("orders.user_id", "=", "users.id")
        .as("orders_count"),
    ]);
  }
}

function toSummary(row: {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  created_at: string;
  orders_count: number | string | null;
}): AdminCustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.mobile,
    ordersCount: Number(row.orders_count ?? 0),
    createdAt: row.created_at,
  };
}
