/**
 * Synthetic orders for the admin inbox bench: N orders over the last year with a realistic mix of
 * statuses, payment methods and statuses, courier codes, states, contacts, AWBs and totals, plus
 * their lines, shipments and a few thousand accounts. Batched inserts, one transaction per batch,
 * on SQLite or PostgreSQL (the database must be migrated already).
 *
 *   BENCH_ORDERS=100000 node --import tsx bench/seed-orders.ts   (DATA_DIR or DATABASE_URL)
 */
import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import type { Db } from "../src/db/connection.js";
import type { Database } from "../src/db/schema.js";
import { nameWordsOf } from "../src/lib/name-words.js";

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Deterministic (mulberry32): two runs seed the same shop, so figures compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = ["Aarav", "Vivaan", "Aditya", "Ananya", "Diya", "Ishaan", "Kavya", "Meera", "Rohan", "Saanvi"];
const lastNames = ["Sharma", "Iyer", "Patel", "Reddy", "Nair", "Gupta", "Das", "Khan", "Singh", "Menon"];
const states: [string, string, string][] = [
  ["Maharashtra", "Mumbai", "400001"],
  ["Karnataka", "Bengaluru", "560001"],
  ["Delhi", "New Delhi", "110001"],
  ["Tamil Nadu", "Chennai", "600001"],
  ["West Bengal", "Kolkata", "700001"],
  ["Telangana", "Hyderabad", "500001"],
  ["Gujarat", "Ahmedabad", "380001"],
  ["Kerala", "Kochi", "682001"],
];
const couriers = ["Delhivery", "Blue Dart", "Xpressbees", "Ekart", "DTDC"];
const products = ["Oversized Tee", "Hoodie", "Joggers", "Cap", "Tote", "Sweatshirt", "Shorts", "Socks"];

/** The first order's number; order i is `VK-${firstOrderNumber + i}` (so the bench can search one). */
export const firstOrderNumber = 200_000;
/** Order i's contacts and AWB, the same formulas the bench searches by. */
export const benchEmailOf = (i: number) => `shopper${i}@example.in`;
export const benchPhoneOf = (i: number) => `+9198${String(10_000_000 + ((i * 7919) % 90_000_000)).padStart(8, "0")}`;
export const benchAwbOf = (i: number) => `BD${String(7_000_000_000 + i * 13)}`;

export interface SeedOptions {
  orders: number;
  batchSize?: number;
  /** Accounts some orders belong to (the rest are guests). */
  users?: number;
  now?: Date;
}

export async function seedOrders(db: Db, options: SeedOptions): Promise<{ orders: number; ms: number }> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 500;
  const userCount = Math.min(options.users ?? 5_000, options.orders);
  const rand = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

  const userIds: string[] = [];
  const userNames = new Map<string, string>();
  for (let start = 0; start < userCount; start += batchSize) {
    const users: Row<"users">[] = [];
    for (let i = start; i < Math.min(userCount, start + batchSize); i++) {
      const id = randomUUID();
      userIds.push(id);
      userNames.set(id, `${pick(firstNames)} ${pick(lastNames)}`);
      const at = new Date(now.getTime() - 400 * 86_400_000).toISOString();
      users.push({
        id,
        name: userNames.get(id) ?? "",
        email: `account${i}@example.in`,
        mobile: null,
        // Never signs in: not a valid argon2 hash on purpose.
        password_hash: "bench",
        role: "customer",
        birthday: null,
        preferences: "{}",
        created_at: at,
        updated_at: at,
      });
    }
    await db.insertInto("users").values(users).execute();
  }

  const yearMs = 365 * 86_400_000;
  for (let start = 0; start < options.orders; start += batchSize) {
    const orders: Row<"orders">[] = [];
    const items: Row<"order_items">[] = [];
    const shipments: Row<"shipments">[] = [];
    for (let i = start; i < Math.min(options.orders, start + batchSize); i++) {
      // Older orders first, spread over the year; newer ones are mostly still open.
      const createdMs = now.getTime() - yearMs + Math.floor(((i + rand()) / options.orders) * yearMs);
      const createdAt = new Date(createdMs).toISOString();
      const age = (now.getTime() - createdMs) / 86_400_000;
      const cod = rand() < 0.35;
      const r = rand();
      let status: Row<"orders">["status"];
      // Older than two weeks: delivered, cancelled, returned to origin (4%) or lost in transit (1%).
      if (age > 14) status = r < 0.85 ? "DELIVERED" : r < 0.95 ? "CANCELLED" : "SHIPPED";
      else if (age > 3) status = r < 0.5 ? "SHIPPED" : r < 0.8 ? "DELIVERED" : r < 0.9 ? "PROCESSING" : "CANCELLED";
      else status = r < 0.3 ? "CREATED" : r < 0.6 ? "CONFIRMED" : r < 0.8 ? "PROCESSING" : "SHIPPED";
      const paid = status !== "CREATED" && status !== "CANCELLED";
      const paymentStatus: Row<"orders">["payment_status"] = cod
        ? status === "DELIVERED"
          ? "COD_COMPLETED"
          : "COD_PENDING"
        : paid
          ? pick(["SUCCESS", "PAID", "COMPLETED"] as const)
          : status === "CANCELLED"
            ? pick(["FAILED", "REFUNDED"] as const)
            : "PENDING";
      const shipped = status === "SHIPPED" || status === "DELIVERED";
      // Shipped orders carry a courier code: mostly in transit, some failed deliveries and RTOs.
      const c = rand();
      const courierCode =
        status === "DELIVERED"
          ? 7
          : status !== "SHIPPED"
            ? null
            : age > 14
              ? c < 0.8
                ? 16
                : 18
              : c < 0.8
                ? 18
                : c < 0.9
                  ? 36
                  : c < 0.95
                    ? 89
                    : 15;
      const packed = (status === "CONFIRMED" || status === "PROCESSING") && rand() < 0.4;
      const [state, city, pincode] = pick(states);
      const fullName = `${pick(firstNames)} ${pick(lastNames)}`;
      const phone = benchPhoneOf(i);
      const lines = 1 + Math.floor(rand() * 3);
      let subtotal = 0;
      const id = randomUUID();
      for (let line = 0; line < lines; line++) {
        const unit = 49_900 + Math.floor(rand() * 30) * 10_000;
        const quantity = 1 + Math.floor(rand() * 2);
        subtotal += unit * quantity;
        items.push({
          order_id: id,
          product_id: 1 + Math.floor(rand() * 2_000),
          variant_id: 1 + Math.floor(rand() * 10_000),
          sku: `SKU-${Math.floor(rand() * 100_000)}`,
          product_name: pick(products),
          image_url: null,
          size: pick(["S", "M", "L", "XL"]),
          color: pick(["Black", "Grey", "Lime"]),
          unit_price: unit,
          quantity,
          line_total: unit * quantity,
        });
      }
      const shipping = subtotal >= 99_900 ? 0 : 9_900;
      const discount = rand() < 0.15 ? Math.floor(subtotal * 0.1) : 0;
      const tax = Math.floor((subtotal - discount) * 0.05);
      const address = JSON.stringify({
        fullName,
        line1: `${1 + Math.floor(rand() * 300)}, ${pick(["MG Road", "Linking Road", "Park Street", "Anna Salai"])}`,
        city,
        state,
        pincode,
        country: "IN",
        phone,
      });
      const awb = shipped || (status === "CANCELLED" && rand() < 0.1) ? benchAwbOf(i) : null;
      orders.push({
        id,
        order_number: `VK-${firstOrderNumber + i}`,
        user_id: userIds.length > 0 && rand() < 0.4 ? pick(userIds) : null,
        guest_session_id: null,
        cart_id: null,
        order_secret_hash: null,
        status,
        payment_status: paymentStatus,
        currency: "INR",
        subtotal,
        discount_amount: discount,
        tax_amount: tax,
        shipping_amount: shipping,
        total: subtotal - discount + tax + shipping,
        promo_code: discount > 0 ? "WELCOME10" : null,
        contact_email: benchEmailOf(i),
        contact_phone: phone,
        shipping_method: "standard",
        shipping_address: address,
        billing_address: address,
        tracking_number: awb,
        shiprocket_order_id: awb ? String(900_000 + i) : null,
        hold_expires_at: null,
        client_address_hash: null,
        created_at: createdAt,
        updated_at: createdAt,
        courier_name: awb ? pick(couriers) : null,
        courier_status_code: courierCode,
        confirmed_at: paid || shipped ? createdAt : null,
        shipped_at: shipped ? createdAt : null,
        delivered_at: status === "DELIVERED" ? createdAt : null,
        cancelled_at: status === "CANCELLED" ? createdAt : null,
        cod_phone: cod ? phone : null,
        cod_state: cod ? (status === "CREATED" ? (rand() < 0.7 ? "to_confirm" : null) : "confirmed") : null,
        packed_at: packed ? createdAt : null,
      });
      if (awb || packed) {
        shipments.push({
          order_id: id,
          provider: "sandbox",
          payment_method: cod ? "COD" : "Prepaid",
          provider_order_id: String(900_000 + i),
          shipment_id: String(800_000 + i),
          awb,
          courier_id: 1,
          courier_name: awb ? pick(couriers) : null,
          status_code: courierCode,
          pickup_requested_at: awb ? createdAt : null,
          created_at: createdAt,
          updated_at: createdAt,
          cancelled_at: null,
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("orders").values(orders).execute();
      await trx.insertInto("order_items").values(items).execute();
      if (shipments.length > 0) await trx.insertInto("shipments").values(shipments).execute();
      // The inbox's name search words, as the order's confirmation writes them.
      const words = orders.flatMap((order) =>
        nameWordsOf(order.shipping_address ?? null, order.user_id ? userNames.get(order.user_id) : null).map(
          (word) => ({
            word,
            order_id: order.id,
            created_at: order.created_at,
          }),
        ),
      );
      for (let start = 0; start < words.length; start += 5_000) {
        await trx
          .insertInto("order_name_words")
          .values(words.slice(start, start + 5_000))
          .execute();
      }
    });
  }
  return { orders: options.orders, ms: Date.now() - started };
}
