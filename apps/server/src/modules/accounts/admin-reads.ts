import type { AdminCustomerProfile, UsedAddress } from "@vaki/contract/admin/customers";
import type { AdminCustomerSummary, AdminCustomersQuery } from "@vaki/contract/admin/schemas";
import type { Address, OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import { addressSchema } from "@vaki/contract/orders";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { decodeCursor, encodeCursor } from "../../lib/keyset.js";
import { containsPattern } from "../../lib/like-pattern.js";

export type CustomerProfileExtras = Pick<
  AdminCustomerProfile,
  "blockedAt" | "blockedReason" | "lifetimeValue" | "club" | "addresses"
>;

/** Payment statuses under which the shop holds the order's money (refunds are taken off after). */
const moneyTaken: readonly PaymentStatus[] = [
  "SUCCESS",
  "PAID",
  "COMPLETED",
  "COD_COMPLETED",
  "PARTIALLY_REFUNDED",
  "REFUND_PROCESSING",
];

/** What one order is worth to the shop now: paid (online or cash collected) minus refunds; a cancelled order is refunded whole. */
function orderValue(order: {
  total: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  refunded_amount: number;
}): number {
  if (order.status === "CANCELLED" || !moneyTaken.includes(order.payment_status)) return 0;
  return Math.max(0, Number(order.total) - Number(order.refunded_amount));
}

function parseStored(json: string | null): Address | null {
  if (!json) return null;
  try {
    const parsed = addressSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One spelling of an address (line1 or addressLine1, pincode or postalCode): the same place once. */
function normalised(address: Address): Address {
  const { addressLine1, addressLine2, postalCode, ...rest } = address;
  const line1 = address.line1 ?? addressLine1;
  const line2 = address.line2 ?? addressLine2;
  const pincode = address.pincode ?? postalCode;
  return {
    ...rest,
    ...(line1 ? { line1 } : {}),
    ...(line2 ? { line2 } : {}),
    ...(pincode ? { pincode } : {}),
  };
}

const placeKey = (a: Address) =>
  [a.fullName, a.line1, a.line2, a.city, a.state, a.pincode, a.country]
    .map((part) => (part ?? "").trim().toLowerCase().replace(/\s+/g, " "))
    .join("|");

/** Saved addresses first, then each other place their orders went to or were billed to, most used first. */
function addressesUsed(
  saved: readonly {
    full_name: string;
    phone: string;
    line1: string;
    line2: string;
    city: string;
    state: string;
    pincode: string;
    country: string;
  }[],
  orders: readonly { shipping_address: string | null; billing_address: string | null }[],
): UsedAddress[] {
  const used = new Map<string, UsedAddress>();
  for (const row of saved) {
    const address = normalised({
      fullName: row.full_name,
      phone: row.phone,
      line1: row.line1,
      ...(row.line2 ? { line2: row.line2 } : {}),
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      country: row.country,
    });
    used.set(placeKey(address), { ...address, source: "saved", orders: 0 });
  }
  for (const order of orders) {
    const places = new Set<string>();
    for (const json of [order.shipping_address, order.billing_address]) {
      const parsed = parseStored(json);
      if (!parsed) continue;
      const address = normalised(parsed);
      const key = placeKey(address);
      if (places.has(key)) continue;
      places.add(key);
      const known = used.get(key);
      if (known) known.orders += 1;
      else used.set(key, { ...address, source: "order", orders: 1 });
    }
  }
  const all = [...used.values()];
  return [
    ...all.filter((a) => a.source === "saved"),
    ...all.filter((a) => a.source === "order").sort((a, b) => b.orders - a.orders),
  ];
}

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

  /** What the customer's page adds to the summary: block state, lifetime value, Club, addresses used. */
  async profile(id: string): Promise<CustomerProfileExtras | null> {
    const user = await this.db
      .selectFrom("users")
      .select(["id", "email", "blocked_at", "blocked_reason"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!user) return null;
    const [orders, saved, club] = await Promise.all([
      this.db
        .selectFrom("orders")
        .select(["total", "status", "payment_status", "refunded_amount", "shipping_address", "billing_address"])
        .where("user_id", "=", id)
        .execute(),
      this.db
        .selectFrom("saved_addresses")
        .selectAll()
        .where("user_id", "=", id)
        .orderBy("is_default", "desc")
        .orderBy("created_at", "asc")
        .execute(),
      this.db
        .selectFrom("club_members")
        .select(["id", "name", "email", "phone", "created_at"])
        .where((eb) => eb.or([eb("user_id", "=", id), eb("email", "=", user.email)]))
        .orderBy("created_at", "asc")
        .executeTakeFirst(),
    ]);
    return {
      blockedAt: user.blocked_at,
      blockedReason: user.blocked_reason,
      lifetimeValue: orders.reduce((sum, order) => sum + orderValue(order), 0),
      club: club
        ? { id: club.id, name: club.name, email: club.email, phone: club.phone, joinedAt: club.created_at }
        : null,
      addresses: addressesUsed(saved, orders),
    };
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
