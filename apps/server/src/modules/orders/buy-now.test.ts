import { cartMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, applyPromo, createOrder, getCart, holdsOf, newGuest, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { initiate, paymentForm, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

describe(`Buy Now orders one line and leaves the cart as it is (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const product = (name: string, price: number, stock = 10) =>
    insertProduct(shop.database.db, { name, price, variants: [{ size: "M", color: "Sand", stock }] });
  const cartLines = async (guest: { guestSessionId: string }) =>
    ((await getCart(shop.app, guest)).json().data.items as { variantId: number; quantity: number }[]).map(
      (item) => `${item.variantId}x${item.quantity}`,
    );

  it("charges only the chosen line, priced from the catalogue, and holds only its stock", async () => {
    const inCart = await product("Cart Hoodie", 249_900);
    const other = await product("Cart Cap", 79_900);
    const chosen = await product("Chosen Tee", 129_900);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: inCart.id, variantId: inCart.variantIds[0]!, quantity: 2 });
    await addOk(shop.app, guest, { productId: other.id, variantId: other.variantIds[0]!, quantity: 1 });
    const before = await cartLines(guest);

    const response = await createOrder(shop.app, guest, {
      buyNow: { productId: chosen.id, variantId: chosen.variantIds[0]!, quantity: 2 },
      amount: 1,
      items: [{ productId: inCart.id, quantity: 5 }],
    });

    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({ subtotal: 259_800, total: 259_800, itemCount: 2 });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ productId: chosen.id, variantId: chosen.variantIds[0], quantity: 2 });
    expect(await cartLines(guest)).toEqual(before);
    expect(await stockOf(shop.database.db, chosen.variantIds[0]!)).toBe(8);
    expect(await holdsOf(shop.database.db, chosen.variantIds[0]!)).toMatchObject({ HELD: 2 });
    expect(await stockOf(shop.database.db, inCart.variantIds[0]!)).toBe(10);
  });

  it("works for a guest without a cart, and the paid order takes only its own line out of the cart", async () => {
    const tee = await product("Solo Tee", 99_900);
    const cap = await product("Solo Cap", 59_900);
    const guest = newGuest();

    const first = await createOrder(shop.app, guest, { buyNow: { productId: tee.id, variantId: tee.variantIds[0]! } });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ total: 99_900, itemCount: 1 });
    expect(await cartLines(guest)).toEqual([]);

    // The cart holds the same variant and another; Buy Now of the first, paid: only that line leaves.
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 3 });
    await addOk(shop.app, guest, { productId: cap.id, variantId: cap.variantIds[0]!, quantity: 1 });
    const bought = (
      await createOrder(shop.app, guest, { buyNow: { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 1 } })
    ).json().data;
    expect(bought.total).toBe(99_900);
    const started = await initiate(shop.app, guest, { orderId: bought.id, orderSecret: bought.orderSecret });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.amount).toBe(99_900);
    const paid = await submitPaymentPage(shop.app, started.json().data.token, paymentForm());
    expect(paid.statusCode).toBe(303);

    expect(await cartLines(guest)).toEqual([`${cap.variantIds[0]}x1`]);
  });

  it("keeps the cart's unpaid order payable when Buy Now checks out, and the other way round", async () => {
    const hoodie = await product("Tab Hoodie", 249_900);
    const tee = await product("Tab Tee", 99_900);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[0]! });
    const cartOrder = (await createOrder(shop.app, guest)).json().data;
    const buyNow = { buyNow: { productId: tee.id, variantId: tee.variantIds[0]! } };
    const firstBuyNow = (await createOrder(shop.app, guest, buyNow)).json().data;

    // Both payment pages stay open: neither checkout cancelled the other's order.
    const cartPage = await initiate(shop.app, guest, { orderId: cartOrder.id, orderSecret: cartOrder.orderSecret });
    expect(cartPage.statusCode).toBe(200);
    expect(
      (await initiate(shop.app, guest, { orderId: firstBuyNow.id, orderSecret: firstBuyNow.orderSecret })).statusCode,
    ).toBe(200);

    // A second Buy Now replaces the first Buy Now only; a second cart checkout the cart's only.
    const secondBuyNow = (await createOrder(shop.app, guest, buyNow)).json().data;
    const statusOf = async (id: string) =>
      (await shop.database.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow())
        .status;
    expect(await statusOf(firstBuyNow.id)).toBe("CANCELLED");
    expect(await statusOf(cartOrder.id)).toBe("CREATED");
    const secondCart = (await createOrder(shop.app, guest)).json().data;
    expect(await statusOf(cartOrder.id)).toBe("CANCELLED");
    expect(await statusOf(secondBuyNow.id)).toBe("CREATED");
    expect(await statusOf(secondCart.id)).toBe("CREATED");
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 1, RELEASED: 1 });
    expect(await holdsOf(shop.database.db, hoodie.variantIds[0]!)).toMatchObject({ HELD: 1, RELEASED: 1 });
  });

  it("applies the cart's promo code under the first-order rule, like a cart checkout", async () => {
    const tee = await product("Promo Tee", 100_000);
    const guest = newGuest();
    expect((await applyPromo(shop.app, guest, "VAKI10")).statusCode).toBe(200);
    const response = await createOrder(shop.app, guest, {
      buyNow: { productId: tee.id, variantId: tee.variantIds[0]! },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ subtotal: 100_000, discountAmount: 10_000, total: 90_000 });
  });

  it("refuses a variant of another product, an unknown product and more than the stock", async () => {
    const tee = await product("Refusing Tee", 99_900, 1);
    const cap = await product("Refusing Cap", 59_900);
    const guest = newGuest();

    const mixed = await createOrder(shop.app, guest, { buyNow: { productId: tee.id, variantId: cap.variantIds[0]! } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(cartMessages.variantOfOtherProduct);

    const unknown = await createOrder(shop.app, guest, { buyNow: { productId: 999_999, variantId: 1 } });
    expect(unknown.statusCode).toBe(404);

    const tooMany = await createOrder(shop.app, guest, {
      buyNow: { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(1);

    const badQuantity = await createOrder(shop.app, guest, {
      buyNow: { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 11 },
    });
    expect(badQuantity.statusCode).toBe(400);
    for (const quantity of [true, [1], "0x3", "1e1", 1.5]) {
      const notWhole = await createOrder(shop.app, guest, {
        buyNow: { productId: tee.id, variantId: tee.variantIds[0]!, quantity: quantity as number },
      });
      expect(notWhole.statusCode, `buy now ${JSON.stringify(quantity)}`).toBe(400);
    }
  });
});
