import { createHash } from "node:crypto";
import { cartMessages, orderMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import {
  addOk,
  clearCart,
  createOrder,
  holdsOf,
  newGuest,
  orderOk,
  type Shopper,
  stockOf,
} from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

describe(`orders (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const product = (name: string, stock = 20, price = 129_900) =>
    insertProduct(shop.database.db, { name, price, variants: [{ size: "L", color: "Acid Lime", stock }] });

  const getOrder = (id: string, query = "", headers: Record<string, string> = {}) =>
    shop.app.inject({ method: "GET", url: `/api/orders/${id}${query}`, headers });

  it("creates a guest's order from the server's cart, holds its stock and hands out the order secret once", async () => {
    const tee = await product("Glow Tee", 5);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 });

    const response = await createOrder(shop.app, guest);
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderNumber: expect.stringMatching(/^VK-1\d{5}$/),
      status: "CREATED",
      paymentStatus: "CREATED",
      subtotal: 259_800,
      discountAmount: 0,
      // 5% GST included in Rs 2,598 (two tees of Rs 1,299): 2,598 - 2,474.29.
      taxAmount: 12_371,
      tax: 0,
      shippingAmount: 0,
      total: 259_800,
      currency: "INR",
      promoCode: null,
      createdAt: "2026-11-22T10:00:00.000Z",
      holdExpiresAt: "2026-11-22T10:30:00.000Z",
      cancellableUntil: "2026-11-22T16:00:00.000Z",
      shippingAddress: null,
      billingAddress: null,
      shiprocketOrderId: null,
      orderSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(order.orderId).toBe(order.id);
    expect(order.items).toEqual([
      {
        id: expect.any(Number),
        productId: tee.id,
        variantId: tee.variantIds[0],
        sku: expect.any(String),
        productName: "Glow Tee",
        name: "Glow Tee",
        imageUrl: expect.stringContaining("glow-tee"),
        image: expect.stringContaining("glow-tee"),
        quantity: 2,
        price: 129_900,
        subtotal: 259_800,
        variantAttributes: [
          { name: "Size", value: "L" },
          { name: "Color", value: "Acid Lime" },
        ],
        size: "L",
        color: "Acid Lime",
      },
    ]);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(3);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 2 });

    const stored = await shop.database.db
      .selectFrom("orders")
      .select(["order_secret_hash", "guest_session_id"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored.order_secret_hash).toBe(createHash("sha256").update(order.orderSecret).digest("hex"));
    expect(stored.guest_session_id).toBe(guest.guestSessionId);
  });

  it("gives every order a different, non-sequential id and a human order number", async () => {
    const tee = await product("Number Tee");
    const ids: string[] = [];
    const numbers: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const guest = newGuest();
      await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
      const order = await orderOk(shop.app, guest);
      ids.push(order.id);
      numbers.push(order.orderNumber as string);
    }
    expect(new Set(ids).size).toBe(3);
    const sequence = numbers.map((number) => Number(number.slice(3)));
    expect(sequence[1]).toBe(sequence[0]! + 1);
    expect(sequence[2]).toBe(sequence[1]! + 1);
  });

  it("prices the order from the server even when the body lies about amounts, lines and currency", async () => {
    const hoodie = await product("Honest Hoodie", 10, 249_900);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[0]!, quantity: 1 });
    const response = await createOrder(shop.app, guest, {
      amount: 1,
      total: 1,
      subtotal: 1,
      discountAmount: 249_800,
      currency: "USD",
      items: [{ productId: hoodie.id, variantId: hoodie.variantIds[0], quantity: 10, price: 1 }],
      cartItems: [{ product_id: 1, variant_id: 1, quantity: 99 }],
      status: "CONFIRMED",
      paymentStatus: "SUCCESS",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      subtotal: 249_900,
      discountAmount: 0,
      total: 249_900,
      currency: "INR",
      status: "CREATED",
      paymentStatus: "CREATED",
    });
    expect(response.json().data.items).toHaveLength(1);
    expect(response.json().data.items[0]).toMatchObject({ quantity: 1, price: 249_900 });
  });

  it("accepts an empty body and no body at all", async () => {
    const tee = await product("Bodyless Tee");
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    const noBody = await shop.app.inject({
      method: "POST",
      url: `/api/orders/create?guestSessionId=${guest.guestSessionId}`,
    });
    expect(noBody.statusCode).toBe(201);
  });

  it("copies names, prices and images into the order: later catalogue changes do not alter it", async () => {
    const tee = await product("Vintage Tee", 10, 99_900);
    const session = await registerAndLogin(shop.app);
    const shopper: Shopper = { headers: session.headers };
    await addOk(shop.app, shopper, { productId: tee.id, variantId: tee.variantIds[0]! });
    const order = await orderOk(shop.app, shopper);
    expect(order.orderSecret).toBeUndefined();
    await shop.database.db.updateTable("variants").set({ price: 1 }).where("id", "=", tee.variantIds[0]!).execute();
    await shop.database.db.updateTable("products").set({ name: "Renamed Tee" }).where("id", "=", tee.id).execute();
    const read = (await getOrder(order.id, "", session.headers)).json().data;
    expect(read.items[0]).toMatchObject({ name: "Vintage Tee", price: 99_900 });
    expect(read.total).toBe(99_900);
  });

  it("refuses an empty cart with 400 'Your cart is empty', whether it never existed or was cleared", async () => {
    const never = await createOrder(shop.app, newGuest());
    expect(never.statusCode).toBe(400);
    expect(never.json().message).toBe(orderMessages.emptyCart);

    const tee = await product("Cleared Tee");
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    await clearCart(shop.app, guest);
    const cleared = await createOrder(shop.app, guest);
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(orderMessages.emptyCart);
  });

  it("refuses with 409 and writes nothing when a line's stock ran out after it was added", async () => {
    const tee = await product("Last Tee", 3);
    const fine = await product("Plenty Tee", 50);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: fine.id, variantId: fine.variantIds[0]!, quantity: 2 });
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 3 });
    await shop.database.db
      .updateTable("variants")
      .set({ stock_quantity: 1 })
      .where("id", "=", tee.variantIds[0]!)
      .execute();
    const ordersBefore = await shop.database.db.selectFrom("orders").select("id").execute();

    const response = await createOrder(shop.app, guest);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Only 1 left in size L");
    expect(await stockOf(shop.database.db, fine.variantIds[0]!)).toBe(50);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(1);
    expect(await shop.database.db.selectFrom("orders").select("id").execute()).toHaveLength(ordersBefore.length);
    expect(await holdsOf(shop.database.db, fine.variantIds[0]!)).toMatchObject({ HELD: 0 });
  });

  it("refuses with 409 when a product in the cart is no longer on sale", async () => {
    const tee = await product("Retired Tee");
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    await shop.database.db.updateTable("products").set({ is_active: 0 }).where("id", "=", tee.id).execute();
    const response = await createOrder(shop.app, guest);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(cartMessages.unavailable("Retired Tee"));
  });

  it("replaces the cart's earlier unpaid order on re-checkout: the old one is cancelled and stock is held once", async () => {
    const tee = await product("Return Trip Tee", 10);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 });
    const first = await orderOk(shop.app, guest);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(8);

    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 1 });
    const second = await orderOk(shop.app, guest);
    expect(second.total).toBe(3 * 129_900);

    const old = (
      await getOrder(first.id, `?guestSessionId=${guest.guestSessionId}&orderSecret=${first.orderSecret}`)
    ).json().data;
    expect(old).toMatchObject({ status: "CANCELLED", paymentStatus: "CANCELLED", holdExpiresAt: null });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(7);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toEqual({ HELD: 3, SOLD: 0, RELEASED: 2, RETURNED: 0 });
  });

  it("does not cancel an order that is already paid when the same cart checks out again", async () => {
    const tee = await product("Paid Tee", 10);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    const paid = await orderOk(shop.app, guest);
    await shop.database.db
      .updateTable("orders")
      .set({ status: "CONFIRMED", payment_status: "SUCCESS" })
      .where("id", "=", paid.id)
      .execute();
    await orderOk(shop.app, guest);
    const row = await shop.database.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("CONFIRMED");
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 2, RELEASED: 0 });
  });

  describe("reading an order", () => {
    let tee: { id: number; variantIds: number[] };
    beforeAll(async () => {
      tee = await product("Private Tee", 50);
    });

    it("shows a user their own order and answers 404 to another user, a guest and a stranger", async () => {
      const owner = await registerAndLogin(shop.app);
      const other = await registerAndLogin(shop.app);
      await addOk(shop.app, { headers: owner.headers }, { productId: tee.id, variantId: tee.variantIds[0]! });
      const order = await orderOk(shop.app, { headers: owner.headers });

      expect((await getOrder(order.id, "", owner.headers)).statusCode).toBe(200);
      expect((await getOrder(order.id, `?requestUserId=${owner.userId}`, owner.headers)).statusCode).toBe(200);
      const byOther = await getOrder(order.id, "", other.headers);
      expect(byOther.statusCode).toBe(404);
      expect(byOther.json().message).toBe(orderMessages.notFound);
      expect((await getOrder(order.id)).statusCode).toBe(404);
      expect((await getOrder(order.id, `?guestSessionId=${newGuest().guestSessionId}`)).statusCode).toBe(404);
      expect((await getOrder(order.id, `?requestUserId=${owner.userId}`, other.headers)).statusCode).toBe(403);
      expect((await getOrder(order.id, `?requestUserId=${owner.userId}`)).statusCode).toBe(401);
    });

    it("shows a guest's order to whoever holds its secret, on any device, never to the session id alone", async () => {
      const guest = newGuest();
      await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
      const order = await orderOk(shop.app, guest);
      const secret = order.orderSecret!;

      const withSecret = await getOrder(order.id, `?guestSessionId=${guest.guestSessionId}&orderSecret=${secret}`);
      expect(withSecret.statusCode).toBe(200);
      expect(withSecret.json().data.orderSecret).toBeUndefined();
      expect((await getOrder(order.id, `?guestSessionId=${guest.guestSessionId}&secret=${secret}`)).statusCode).toBe(
        200,
      );
      expect(
        (await getOrder(order.id, `?orderSecret=${secret}`, { "x-guest-session-id": guest.guestSessionId })).statusCode,
      ).toBe(200);

      // The e-mail's link on another device: the secret alone (R-SHOP-11).
      for (const query of [
        `?orderSecret=${secret}`,
        `?guestSessionId=${newGuest().guestSessionId}&orderSecret=${secret}`,
      ]) {
        expect((await getOrder(order.id, query)).statusCode, query).toBe(200);
      }
      const denied = [
        `?guestSessionId=${guest.guestSessionId}`,
        `?guestSessionId=${guest.guestSessionId}&orderSecret=${secret.slice(0, -2)}xx`,
        `?orderSecret=${secret.slice(0, -1)}`,
      ];
      for (const query of denied) expect((await getOrder(order.id, query)).statusCode, query).toBe(404);
      const user = await registerAndLogin(shop.app);
      expect((await getOrder(order.id, "", user.headers)).statusCode).toBe(404);
      expect((await getOrder(order.id, `?orderSecret=${secret}`, user.headers)).statusCode).toBe(200);
    });

    it("answers 404 for an unknown id and 400 for a malformed one", async () => {
      const session = await registerAndLogin(shop.app);
      expect((await getOrder("6f1c2a9e-1b7d-4c52-9d7e-0a4f2b3c4d5e", "", session.headers)).statusCode).toBe(404);
      expect((await getOrder("12", "", session.headers)).statusCode).toBe(400);
      expect((await getOrder("1%20or%201=1", "", session.headers)).statusCode).toBe(400);
    });
  });

  describe("order history", () => {
    it("lists the user's own orders newest first, paged in the list shape", async () => {
      const tee = await product("History Tee", 50);
      const session = await registerAndLogin(shop.app);
      const stranger = await registerAndLogin(shop.app);
      const shopper: Shopper = { headers: session.headers };
      const ids: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        await addOk(shop.app, shopper, { productId: tee.id, variantId: tee.variantIds[0]! });
        const id = (await orderOk(shop.app, shopper)).id;
        // Paid (as the gateway would record it), so the next checkout does not replace it.
        await shop.database.db
          .updateTable("orders")
          .set({ status: "CONFIRMED", payment_status: "SUCCESS" })
          .where("id", "=", id)
          .execute();
        ids.push(id);
        clock.advance(60_000);
      }
      await addOk(shop.app, { headers: stranger.headers }, { productId: tee.id, variantId: tee.variantIds[0]! });
      await orderOk(shop.app, { headers: stranger.headers });

      const first = await shop.app.inject({
        method: "GET",
        url: `/api/orders/orderHistory?page=1&limit=2&requestUserId=${session.userId}`,
        headers: session.headers,
      });
      expect(first.statusCode).toBe(200);
      const page = first.json().data;
      expect(page.content.map((order: { id: string }) => order.id)).toEqual([ids[2], ids[1]]);
      expect(page.page).toEqual({ number: 0, size: 2, totalElements: 3, totalPages: 2 });
      expect(page.hasNext).toBe(true);
      expect(page.content[0].items).toHaveLength(1);

      const second = (
        await shop.app.inject({
          method: "GET",
          url: "/api/orders/orderHistory?page=2&limit=2",
          headers: session.headers,
        })
      ).json().data;
      expect(second.content.map((order: { id: string }) => order.id)).toEqual([ids[0]]);
      expect(second.hasNext).toBe(false);

      const beyond = (
        await shop.app.inject({
          method: "GET",
          url: "/api/orders/orderHistory?page=5&limit=2",
          headers: session.headers,
        })
      ).json().data;
      expect(beyond).toMatchObject({
        content: [],
        page: { number: 4, totalElements: 3, totalPages: 2 },
        hasNext: false,
      });

      const defaults = (
        await shop.app.inject({ method: "GET", url: "/api/orders/orderHistory", headers: session.headers })
      ).json().data;
      expect(defaults.page).toMatchObject({ number: 0, size: 20 });
    });

    it("leaves out unpaid orders a later checkout replaced, and keeps the ones the shopper cancelled", async () => {
      const tee = await product("Abandoned Tee", 50);
      const session = await registerAndLogin(shop.app);
      const shopper: Shopper = { headers: session.headers };
      await addOk(shop.app, shopper, { productId: tee.id, variantId: tee.variantIds[0]! });
      const replaced = await orderOk(shop.app, shopper);
      clock.advance(60_000);
      const cancelled = await orderOk(shop.app, shopper);
      const cancel = await shop.app.inject({
        method: "POST",
        url: "/api/orders/cancel/order",
        headers: session.headers,
        payload: { orderId: cancelled.id },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      clock.advance(60_000);
      const open = await orderOk(shop.app, shopper);

      const history = (url: string) => shop.app.inject({ method: "GET", url, headers: session.headers });
      const page = (await history("/api/orders/orderHistory?page=2&limit=1")).json().data;
      expect(page.page).toMatchObject({ totalElements: 2, totalPages: 2 });
      const all = (await history("/api/orders/orderHistory")).json().data;
      expect(all.content.map((order: { id: string }) => order.id)).toEqual([open.id, cancelled.id]);
      // The shop keeps the replaced one, and its owner may still open it.
      expect((await getOrder(replaced.id, "", session.headers)).json().data.status).toBe("CANCELLED");
    });

    it("requires a login (401) and refuses another user's id (403)", async () => {
      expect((await shop.app.inject({ method: "GET", url: "/api/orders/orderHistory" })).statusCode).toBe(401);
      const session = await registerAndLogin(shop.app);
      const other = await registerAndLogin(shop.app);
      const response = await shop.app.inject({
        method: "GET",
        url: `/api/orders/orderHistory?requestUserId=${other.userId}`,
        headers: session.headers,
      });
      expect(response.statusCode).toBe(403);
      const badPage = await shop.app.inject({
        method: "GET",
        url: "/api/orders/orderHistory?page=0",
        headers: session.headers,
      });
      expect(badPage.statusCode).toBe(400);
    });
  });

  it("refuses an order for a mismatching userId (403) and a userId without a token (401)", async () => {
    const tee = await product("Claim Tee");
    const session = await registerAndLogin(shop.app);
    await addOk(shop.app, { headers: session.headers }, { productId: tee.id, variantId: tee.variantIds[0]! });
    const other = await registerAndLogin(shop.app);
    const mismatch = await shop.app.inject({
      method: "POST",
      url: "/api/orders/create",
      headers: other.headers,
      payload: { userId: session.userId },
    });
    expect(mismatch.statusCode).toBe(403);
    const anonymous = await shop.app.inject({
      method: "POST",
      url: "/api/orders/create",
      payload: { userId: session.userId },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 0 });
  });
});
