import { orderMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, createOrder, newGuest, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

const minutes = (n: number) => n * 60_000;

describe(`stock held by nobody (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        MAX_HELD_UNITS_PER_GUEST: "5",
        MAX_HELD_UNITS_PER_ADDRESS: "8",
      },
      { clock },
    );
  });
  afterAll(async () => shop.close());

  const product = (name: string, stock = 50) =>
    insertProduct(shop.database.db, { name, price: 99_900, variants: [{ size: "L", stock }] });

  it("does not let a repeat checkout push a hold past the first one's deadline", async () => {
    const tee = await product("Deadline Tee");
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    const first = (await createOrder(shop.app, guest)).json().data;
    expect(first.holdExpiresAt).toBe("2026-11-22T10:30:00.000Z");
    clock.advance(minutes(20));
    const again = await createOrder(shop.app, guest);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.holdExpiresAt).toBe("2026-11-22T10:30:00.000Z");
    // Once that deadline has passed, checking out again is a new checkout with its own hold.
    clock.advance(minutes(15));
    const later = await createOrder(shop.app, guest);
    expect(later.json().data.holdExpiresAt).toBe("2026-11-22T11:05:00.000Z");
  });

  it("limits the units one guest session holds at once", async () => {
    const tee = await product("Session Tee");
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 6 });
    const refused = await createOrder(shop.app, guest);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(orderMessages.tooManyHeld);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(50);

    const fewer = newGuest();
    await addOk(shop.app, fewer, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 5 });
    expect((await createOrder(shop.app, fewer)).statusCode).toBe(201);
  });

  it("limits the units the orders of one client address hold at once, over every guest session", async () => {
    const tee = await product("Address Tee");
    const orderFrom = async (remoteAddress: string, quantity: number) => {
      const guest = newGuest();
      await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity });
      return shop.app.inject({
        method: "POST",
        url: "/api/orders/create",
        payload: guest,
        remoteAddress,
      });
    };
    expect((await orderFrom("203.0.113.70", 5)).statusCode).toBe(201);
    expect((await orderFrom("203.0.113.70", 3)).statusCode).toBe(201);
    const refused = await orderFrom("203.0.113.70", 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(orderMessages.tooManyHeld);
    expect((await orderFrom("203.0.113.71", 1)).statusCode).toBe(201);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(50 - 9);
  });
});
