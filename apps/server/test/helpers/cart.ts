import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import type { App } from "../../src/app.js";
import type { Db } from "../../src/db/connection.js";

/** Who calls: a guest by session id, or a logged-in user by bearer headers (from registerAndLogin). */
export type Shopper = { guestSessionId: string } | { headers: Record<string, string> };

/** A new guest, as the storefront makes one: a random v4 UUID. */
export function newGuest(): { guestSessionId: string } {
  return { guestSessionId: randomUUID() };
}

const headersOf = (shopper: Shopper) => ("headers" in shopper ? shopper.headers : {});
const guestOf = (shopper: Shopper) => ("guestSessionId" in shopper ? { guestSessionId: shopper.guestSessionId } : {});
const guestQuery = (shopper: Shopper) =>
  "guestSessionId" in shopper ? `guestSessionId=${encodeURIComponent(shopper.guestSessionId)}` : "";

export function getCart(app: App, shopper: Shopper): Promise<LightMyRequestResponse> {
  return app.inject({ method: "GET", url: `/api/cart?${guestQuery(shopper)}`, headers: headersOf(shopper) });
}

export function addItem(
  app: App,
  shopper: Shopper,
  item: { productId: number; variantId: number; quantity?: number } & Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/cart/item/add",
    headers: headersOf(shopper),
    payload: { ...item, ...guestOf(shopper) },
  });
}

export function updateItem(
  app: App,
  shopper: Shopper,
  itemId: number,
  quantity: number,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "PUT",
    url: "/api/cart/item/update",
    headers: headersOf(shopper),
    payload: { itemId, quantity, ...guestOf(shopper) },
  });
}

export function removeItem(app: App, shopper: Shopper, itemId: number): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "DELETE",
    url: `/api/cart/item/remove?itemId=${itemId}&${guestQuery(shopper)}`,
    headers: headersOf(shopper),
  });
}

export function clearCart(app: App, shopper: Shopper): Promise<LightMyRequestResponse> {
  return app.inject({ method: "DELETE", url: `/api/cart/clear?${guestQuery(shopper)}`, headers: headersOf(shopper) });
}

export function applyPromo(app: App, shopper: Shopper, code: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/cart/promo",
    headers: headersOf(shopper),
    payload: { code, ...guestOf(shopper) },
  });
}

export function createOrder(
  app: App,
  shopper: Shopper,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/orders/create",
    headers: headersOf(shopper),
    payload: { ...body, ...guestOf(shopper) },
  });
}

/** Adds one item and answers the cart, failing loudly if the shop refused. */
export async function addOk(
  app: App,
  shopper: Shopper,
  item: { productId: number; variantId: number; quantity?: number },
): Promise<{ items: { id: number; variantId: number; quantity: number }[] }> {
  const response = await addItem(app, shopper, item);
  if (response.statusCode !== 200) throw new Error(`add answered ${response.statusCode}: ${response.body}`);
  return response.json().data;
}

/** Creates an order and answers its data (with orderSecret for a guest), failing loudly otherwise. */
export async function orderOk(
  app: App,
  shopper: Shopper,
): Promise<{ id: string; orderSecret?: string } & Record<string, unknown>> {
  const response = await createOrder(app, shopper);
  if (response.statusCode !== 201) throw new Error(`create order answered ${response.statusCode}: ${response.body}`);
  return response.json().data;
}

export async function stockOf(db: Db, variantId: number): Promise<number> {
  const row = await db
    .selectFrom("variants")
    .select("stock_quantity")
    .where("id", "=", variantId)
    .executeTakeFirstOrThrow();
  return row.stock_quantity;
}

/** Units of the variant in holds of each status. */
export async function holdsOf(db: Db, variantId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("stock_holds")
    .select(["status", "quantity"])
    .where("variant_id", "=", variantId)
    .execute();
  const totals: Record<string, number> = { HELD: 0, SOLD: 0, RELEASED: 0, RETURNED: 0 };
  for (const row of rows) totals[row.status] = (totals[row.status] ?? 0) + row.quantity;
  return totals;
}

/** The invariant issue 7 checks: available + held + sold = the stock the variant started with. */
export async function ledgerOf(db: Db, variantId: number): Promise<number> {
  const holds = await holdsOf(db, variantId);
  return (await stockOf(db, variantId)) + (holds.HELD ?? 0) + (holds.SOLD ?? 0);
}
