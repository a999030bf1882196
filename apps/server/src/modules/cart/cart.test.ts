import { cartMessages } from "@vaki/contract/messages";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addItem, addOk, clearCart, getCart, newGuest, removeItem, updateItem } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";

describe(`cart (${testEngine})`, () => {
  let shop: TestShop;
  let hoodie: { id: number; variantIds: number[] };
  let tee: { id: number; variantIds: number[] };

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0" });
    const db = shop.database.db;
    hoodie = await insertProduct(db, {
      name: "Orbit Hoodie",
      price: 249_900,
      variants: [
        { size: "M", color: "Midnight Black", stock: 20 },
        { size: "L", color: "Midnight Black", stock: 2 },
        { size: "XL", color: "Midnight Black", stock: 0 },
      ],
    });
    tee = await insertProduct(db, {
      name: "Moonwalk Tee",
      price: 119_900,
      variants: [{ size: "S", color: "Off White", stock: 30, price: 109_900 }],
    });
  });
  afterAll(async () => shop.close());

  const [m, l, xl] = [0, 1, 2];

  it("answers an empty cart, not 404, for a guest who has none yet", async () => {
    const response = await getCart(shop.app, newGuest());
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json().data).toEqual({
      id: null,
      items: [],
      subtotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      itemCount: 0,
      currency: "INR",
      promoCode: null,
    });
  });

  it("adds a variant with its catalogue price, image, size and colour, all money in paise", async () => {
    const guest = newGuest();
    const response = await addItem(shop.app, guest, {
      productId: hoodie.id,
      variantId: hoodie.variantIds[m]!,
      quantity: 2,
      price: 1,
      name: "Free hoodie",
    });
    expect(response.statusCode).toBe(200);
    const cart = response.json().data;
    expect(cart).toMatchObject({
      id: expect.any(String),
      subtotal: 499_800,
      discount: 0,
      total: 499_800,
      itemCount: 2,
      promoCode: null,
    });
    expect(cart.items).toEqual([
      {
        id: expect.any(Number),
        productId: hoodie.id,
        variantId: hoodie.variantIds[m],
        sku: expect.any(String),
        name: "Orbit Hoodie",
        productName: "Orbit Hoodie",
        image: expect.stringMatching(/orbit-hoodie.*-0\.svg$/),
        imageUrl: expect.stringMatching(/orbit-hoodie.*-0\.svg$/),
        price: 249_900,
        quantity: 2,
        subtotal: 499_800,
        variantAttributes: [
          { name: "Size", value: "M" },
          { name: "Color", value: "Midnight Black" },
        ],
        size: "M",
        color: "Midnight Black",
        inStock: true,
        availableQuantity: 20,
      },
    ]);
  });

  it("increases the line when the same variant is added again, and defaults the quantity to 1", async () => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[m]!, quantity: 3 });
    const cart = await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[m]! });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(4);
  });

  it("prices lines from the catalogue at every read, not at the time they were added", async () => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 });
    await shop.database.db
      .updateTable("variants")
      .set({ price: 99_900 })
      .where("id", "=", tee.variantIds[0]!)
      .execute();
    const cart = (await getCart(shop.app, guest)).json().data;
    expect(cart.items[0].price).toBe(99_900);
    expect(cart.subtotal).toBe(199_800);
    await shop.database.db
      .updateTable("variants")
      .set({ price: 109_900 })
      .where("id", "=", tee.variantIds[0]!)
      .execute();
  });

  it("updates, removes and clears lines, and the totals always equal the lines", async () => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[m]! });
    const added = await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    const [hoodieLine, teeLine] = added.items;

    const updated = await updateItem(shop.app, guest, hoodieLine!.id, 5);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ subtotal: 5 * 249_900 + 109_900, itemCount: 6 });

    const removed = await removeItem(shop.app, guest, teeLine!.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ subtotal: 5 * 249_900, total: 5 * 249_900, itemCount: 5 });

    const cleared = await clearCart(shop.app, guest);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ items: [], subtotal: 0, total: 0, itemCount: 0 });
  });

  it("answers 'Item not found' for a line that is not in the caller's cart", async () => {
    const owner = newGuest();
    const other = newGuest();
    const cart = await addOk(shop.app, owner, { productId: tee.id, variantId: tee.variantIds[0]! });
    const lineId = cart.items[0]!.id;
    for (const response of [
      await updateItem(shop.app, other, lineId, 2),
      await removeItem(shop.app, other, lineId),
      await updateItem(shop.app, owner, 999_999, 2),
      await removeItem(shop.app, owner, 999_999),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(cartMessages.itemNotFound);
    }
    expect((await getCart(shop.app, owner)).json().data.items[0].quantity).toBe(1);
  });

  it("refuses quantities outside 1-10 with 400 and field errors", async () => {
    const guest = newGuest();
    const cart = await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    // Only whole numbers: a boolean, an array, hex or exponent text is not a quantity.
    for (const quantity of [0, -1, 11, 2.5, "many", true, [1], "0x3", "1e1", "", null, { n: 1 }]) {
      const adding = await addItem(shop.app, guest, {
        productId: tee.id,
        variantId: tee.variantIds[0]!,
        quantity: quantity as number,
      });
      expect(adding.statusCode, `add ${quantity}`).toBe(400);
      expect(adding.json()).toMatchObject({
        message: cartMessages.quantityInvalid,
        fieldErrors: { quantity: expect.any(Array) },
      });
      const updating = await updateItem(shop.app, guest, cart.items[0]!.id, quantity as number);
      expect(updating.statusCode, `update ${quantity}`).toBe(400);
    }
    expect((await getCart(shop.app, guest)).json().data.items[0].quantity).toBe(1);
    const asText = await updateItem(shop.app, guest, cart.items[0]!.id, "3" as unknown as number);
    expect(asText.statusCode).toBe(200);
  });

  it("refuses to grow a line beyond 10 with 409 and says why", async () => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[m]!, quantity: 8 });
    const response = await addItem(shop.app, guest, {
      productId: hoodie.id,
      variantId: hoodie.variantIds[m]!,
      quantity: 3,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(cartMessages.lineLimit(10));
    expect((await getCart(shop.app, guest)).json().data.items[0].quantity).toBe(8);
  });

  it("refuses more than the stock with 409 'Only 2 left in size L', and a sold-out size by name", async () => {
    const guest = newGuest();
    const tooMany = await addItem(shop.app, guest, {
      productId: hoodie.id,
      variantId: hoodie.variantIds[l]!,
      quantity: 3,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("Only 2 left in size L");

    const cart = await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[l]!, quantity: 2 });
    const raising = await updateItem(shop.app, guest, cart.items[0]!.id, 3);
    expect(raising.statusCode).toBe(409);
    expect(raising.json().message).toBe("Only 2 left in size L");

    const soldOut = await addItem(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[xl]! });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe("Sorry, Orbit Hoodie (XL) just sold out");
  });

  it("lets a shopper lower a line even when the stock has fallen below it", async () => {
    const guest = newGuest();
    const product = await insertProduct(shop.database.db, { name: "Fading Cap", variants: [{ size: "M", stock: 5 }] });
    const cart = await addOk(shop.app, guest, {
      productId: product.id,
      variantId: product.variantIds[0]!,
      quantity: 4,
    });
    await shop.database.db
      .updateTable("variants")
      .set({ stock_quantity: 1 })
      .where("id", "=", product.variantIds[0]!)
      .execute();
    const view = (await getCart(shop.app, guest)).json().data;
    expect(view.items[0]).toMatchObject({ quantity: 4, inStock: false, availableQuantity: 1 });
    expect((await updateItem(shop.app, guest, cart.items[0]!.id, 2)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown or inactive product and an unknown variant, 400 for another product's variant", async () => {
    const guest = newGuest();
    const hidden = await insertProduct(shop.database.db, { name: "Secret Drop", active: false });
    const cases: [object, number, string][] = [
      [{ productId: 987_654, variantId: hoodie.variantIds[m] }, 404, cartMessages.productNotFound(987_654)],
      [{ productId: hidden.id, variantId: hidden.variantIds[0] }, 404, cartMessages.productNotFound(hidden.id)],
      [{ productId: hoodie.id, variantId: 987_654 }, 404, cartMessages.variantNotFound],
      [{ productId: hoodie.id, variantId: tee.variantIds[0] }, 400, cartMessages.variantOfOtherProduct],
    ];
    for (const [item, status, message] of cases) {
      const response = await addItem(shop.app, guest, item as { productId: number; variantId: number });
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await getCart(shop.app, guest)).json().data.id).toBeNull();
  });

  it("refuses a malformed guest session id with 400, in the body, the query or the header", async () => {
    const item = { productId: tee.id, variantId: tee.variantIds[0]! };
    const inBody = await shop.app.inject({
      method: "POST",
      url: "/api/cart/item/add",
      payload: { ...item, guestSessionId: "guest_1700000000_abc" },
    });
    const inQuery = await shop.app.inject({ method: "GET", url: "/api/cart?guestSessionId=1234" });
    const inHeader = await shop.app.inject({
      method: "GET",
      url: "/api/cart",
      headers: { "x-guest-session-id": "not-a-uuid" },
    });
    const notV4 = await shop.app.inject({
      method: "GET",
      url: "/api/cart?guestSessionId=00000000-0000-1000-8000-000000000000",
    });
    for (const response of [inBody, inQuery, inHeader, notV4]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(cartMessages.guestSessionInvalid);
    }
  });

  it("answers malformed input with 400 and field errors, never 500", async () => {
    const guestSessionId = newGuest().guestSessionId;
    const requests: InjectOptions[] = [
      { method: "POST", url: "/api/cart/item/add", payload: [1, 2] },
      { method: "POST", url: "/api/cart/item/add", payload: "productId=1", headers: { "content-type": "text/plain" } },
      { method: "POST", url: "/api/cart/item/add", payload: { productId: "abc", variantId: 1, guestSessionId } },
      {
        method: "POST",
        url: "/api/cart/item/add",
        payload: { productId: 1, variantId: 99_999_999_999, guestSessionId },
      },
      { method: "POST", url: "/api/cart/item/add", payload: { productId: 1, variantId: { $gt: 0 }, guestSessionId } },
      { method: "POST", url: "/api/cart/item/add", payload: { productId: 1, variantId: 1, guestSessionId: 42 } },
      { method: "PUT", url: "/api/cart/item/update", payload: { itemId: -1, quantity: 1, guestSessionId } },
      { method: "DELETE", url: `/api/cart/item/remove?itemId=abc&guestSessionId=${guestSessionId}` },
      { method: "DELETE", url: `/api/cart/item/remove?guestSessionId=${guestSessionId}` },
      { method: "POST", url: "/api/cart/promo", payload: { code: "x".repeat(500), guestSessionId } },
      { method: "POST", url: "/api/cart/promo", payload: { code: "DROP TABLE;", guestSessionId } },
      { method: "POST", url: "/api/orders/create", payload: { guestSessionId: "'; --" } },
      { method: "GET", url: `/api/orders/6f1c2a9e-1b7d-4c52-9d7e-0a4f2b3c4d5e?orderSecret=${"a".repeat(300)}` },
      { method: "GET", url: "/api/orders/orderHistory?page=abc" },
    ];
    for (const request of requests) {
      const response = await shop.app.inject(request);
      expect([400, 401, 415], `${request.method} ${request.url}: ${response.body}`).toContain(response.statusCode);
      expect(response.json().success).toBe(false);
    }
  });

  it("asks for a login or a guest session id when the caller names neither", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/api/cart" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: cartMessages.ownerMissing,
      fieldErrors: { guestSessionId: [cartMessages.ownerMissing] },
    });
  });

  it("finds the guest cart by the X-Guest-Session-Id header as well as by the query", async () => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    const byHeader = await shop.app.inject({
      method: "GET",
      url: "/api/cart",
      headers: { "x-guest-session-id": guest.guestSessionId.toUpperCase() },
    });
    expect(byHeader.json().data.itemCount).toBe(1);
  });

  it("keeps a user's cart by the access token, refusing another userId (403) and a userId without a token (401)", async () => {
    const session = await registerAndLogin(shop.app);
    await addOk(shop.app, { headers: session.headers }, { productId: tee.id, variantId: tee.variantIds[0]! });

    const own = await shop.app.inject({
      method: "GET",
      url: `/api/cart?userId=${session.userId}`,
      headers: session.headers,
    });
    expect(own.json().data.itemCount).toBe(1);

    const other = await registerAndLogin(shop.app);
    const claimed = await shop.app.inject({
      method: "GET",
      url: `/api/cart?userId=${session.userId}`,
      headers: other.headers,
    });
    expect(claimed.statusCode).toBe(403);
    const removing = await shop.app.inject({
      method: "DELETE",
      url: `/api/cart/clear?requestUserId=${session.userId}`,
      headers: other.headers,
    });
    expect(removing.statusCode).toBe(403);
    const adding = await shop.app.inject({
      method: "POST",
      url: "/api/cart/item/add",
      headers: other.headers,
      payload: { productId: tee.id, variantId: tee.variantIds[0], userId: session.userId },
    });
    expect(adding.statusCode).toBe(403);

    const anonymous = await shop.app.inject({ method: "GET", url: `/api/cart?userId=${session.userId}` });
    expect(anonymous.statusCode).toBe(401);
    const badToken = await shop.app.inject({ method: "GET", url: "/api/cart", headers: bearer("e30.e30.e30") });
    expect(badToken.statusCode).toBe(401);

    expect((await getCart(shop.app, { headers: session.headers })).json().data.itemCount).toBe(1);
    expect((await getCart(shop.app, { headers: other.headers })).json().data.itemCount).toBe(0);
  });

  it("gives another guest id simply another, empty cart", async () => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    const stranger = await getCart(shop.app, newGuest());
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().data).toMatchObject({ id: null, items: [] });
  });

  it("stays consistent when two tabs write to the same cart at once: no lost line, totals equal the lines", async () => {
    const guest = newGuest();
    const products = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        insertProduct(shop.database.db, {
          name: `Tab Tee ${n}`,
          price: 50_000 + n * 1_000,
          variants: [{ size: "M", stock: 50 }],
        }),
      ),
    );
    const adds = products.flatMap((product) =>
      [1, 2].map(() =>
        addItem(shop.app, guest, { productId: product.id, variantId: product.variantIds[0]!, quantity: 1 }),
      ),
    );
    const answers = await Promise.all(adds);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const cart = (await getCart(shop.app, guest)).json().data;
    expect(cart.items).toHaveLength(6);
    expect(cart.items.every((item: { quantity: number }) => item.quantity === 2)).toBe(true);
    const lines = cart.items.reduce((sum: number, item: { subtotal: number }) => sum + item.subtotal, 0);
    expect(cart.subtotal).toBe(lines);
    expect(cart.total).toBe(lines);

    // Concurrent updates and removals of the same lines: every answer is internally consistent.
    const [first, second] = cart.items;
    const mixed = await Promise.all([
      updateItem(shop.app, guest, first.id, 7),
      updateItem(shop.app, guest, first.id, 3),
      removeItem(shop.app, guest, second.id),
      removeItem(shop.app, guest, second.id),
      addItem(shop.app, guest, { productId: products[5]!.id, variantId: products[5]!.variantIds[0]!, quantity: 1 }),
    ]);
    expect(mixed.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 404]);
    for (const answer of mixed.filter((a) => a.statusCode === 200)) {
      const data = answer.json().data;
      const sum = data.items.reduce((total: number, item: { subtotal: number }) => total + item.subtotal, 0);
      expect(data.subtotal).toBe(sum);
      expect(data.items.every((item: { quantity: number }) => item.quantity >= 1 && item.quantity <= 10)).toBe(true);
    }
    const after = (await getCart(shop.app, guest)).json().data;
    expect(after.items).toHaveLength(5);
    expect([3, 7]).toContain(after.items.find((item: { id: number }) => item.id === first.id).quantity);
    expect(
      after.items.find((item: { variantId: number }) => item.variantId === products[5]!.variantIds[0]).quantity,
    ).toBe(3);
  });

  it("adds at most one line per variant when the same variant is added from two tabs at once", async () => {
    const guest = newGuest();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        addItem(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    const cart = (await getCart(shop.app, guest)).json().data;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(10);
  });
});
