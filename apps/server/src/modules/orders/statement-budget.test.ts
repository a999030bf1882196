import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addItem, addOk, applyPromo, createOrder, getCart, newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";

/**
 * Cart and order calls cost a fixed number of SQL statements whatever the number of lines:
 * batch loads, multi-row inserts and one CASE statement for the stock of every line.
 */
describe(`SQL statements per cart and order call (${testEngine})`, () => {
  let shop: TestShop;
  let products: { id: number; variantIds: number[] }[];

  beforeAll(async () => {
    // No background polling or sweeping while statements are counted.
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", CATALOGUE_POLL_MS: "600000" });
    products = [];
    for (let n = 0; n < 9; n += 1) {
      products.push(
        await insertProduct(shop.database.db, { name: `Budget Tee ${n}`, variants: [{ size: "M", stock: 100 }] }),
      );
    }
  });
  afterAll(async () => shop.close());

  async function counted(call: () => Promise<LightMyRequestResponse>, status: number): Promise<number> {
    const before = shop.database.statements.length;
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    return shop.database.statements.length - before;
  }

  /** Statements of GET cart, of adding one more line, and of creating the order, for a cart of `lines` lines. */
  async function measure(lines: number, promo: boolean) {
    const guest = newGuest();
    for (const product of products.slice(0, lines - 1)) {
      await addOk(shop.app, guest, { productId: product.id, variantId: product.variantIds[0]!, quantity: 2 });
    }
    if (promo) expect((await applyPromo(shop.app, guest, "VAKI10")).statusCode).toBe(200);
    const last = products[lines - 1]!;
    const add = await counted(
      () => addItem(shop.app, guest, { productId: last.id, variantId: last.variantIds[0]! }),
      200,
    );
    const get = await counted(() => getCart(shop.app, guest), 200);
    const create = await counted(() => createOrder(shop.app, guest), 201);
    const recheckout = await counted(() => createOrder(shop.app, guest), 201);
    return { add, get, create, recheckout };
  }

  it("runs the same number of statements for a cart of 1 line and of 8 lines", async () => {
    const one = await measure(1, false);
    const eight = await measure(8, false);
    expect(eight).toEqual(one);
    expect(one.get).toBeLessThanOrEqual(2);
    expect(one.add).toBeLessThanOrEqual(8);
    expect(one.create).toBeLessThanOrEqual(14);
  });

  it("runs the same number of statements with a promo code, for 1 line and for 8", async () => {
    const one = await measure(1, true);
    const eight = await measure(8, true);
    expect(eight).toEqual(one);
    expect(one.get).toBeLessThanOrEqual(3);
  });
});
