import { WISHLIST_MAX } from "@vaki/contract/wishlist";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";

describe(`wishlist API (${testEngine})`, () => {
  let shop: TestShop;
  const products: number[] = [];
  let hidden: number;

  const call = (
    method: "GET" | "PUT" | "DELETE" | "POST",
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) => shop.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    shop = await createTestShop({ OUTBOX_INTERVAL_MS: "0", HOLD_SWEEP_INTERVAL_MS: "0" });
    for (const name of ["Orbit Hoodie", "Luna Tee", "Crater Cap"]) {
      products.push((await insertProduct(shop.database.db, { name })).id);
    }
    hidden = (await insertProduct(shop.database.db, { name: "Retired Tee", active: false })).id;
  });
  afterAll(async () => shop.close());

  it("keeps a signed-in shopper's products newest first, each once, and removes them", async () => {
    const { headers } = await registerAndLogin(shop.app);
    expect((await call("GET", "/api/wishlist", headers)).json().data.productIds).toEqual([]);
    await call("PUT", `/api/wishlist/${products[0]}`, headers);
    const added = await call("PUT", `/api/wishlist/${products[1]}`, headers);
    expect(added.statusCode).toBe(200);
    expect(added.json().data.productIds).toEqual([products[1], products[0]]);
    // Saving again changes nothing.
    expect((await call("PUT", `/api/wishlist/${products[0]}`, headers)).json().data.productIds).toHaveLength(2);
    const removed = await call("DELETE", `/api/wishlist/${products[1]}`, headers);
    expect(removed.json().data.productIds).toEqual([products[0]]);
    expect(removed.headers["cache-control"]).toBe("no-store");
  });

  it("refuses guests, unknown or hidden products and malformed ids", async () => {
    expect((await call("GET", "/api/wishlist", {})).statusCode).toBe(401);
    const { headers } = await registerAndLogin(shop.app);
    expect((await call("PUT", `/api/wishlist/${hidden}`, headers)).statusCode).toBe(404);
    expect((await call("PUT", "/api/wishlist/999999", headers)).statusCode).toBe(404);
    expect((await call("PUT", "/api/wishlist/abc", headers)).statusCode).toBe(400);
  });

  it("merges the browser's list at login in its order, dropping hidden products and ones already saved", async () => {
    const { headers } = await registerAndLogin(shop.app);
    await call("PUT", `/api/wishlist/${products[0]}`, headers);
    const merged = await call("POST", "/api/wishlist/merge", headers, {
      productIds: [products[2], hidden, products[0], products[1]],
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data.productIds).toEqual([products[2], products[1], products[0]]);
    // A second merge of the same list changes nothing.
    const again = await call("POST", "/api/wishlist/merge", headers, { productIds: [products[2], products[1]] });
    expect(again.json().data.productIds).toEqual([products[2], products[1], products[0]]);
    const tooMany = Array.from({ length: WISHLIST_MAX + 1 }, (_, i) => i + 1);
    expect((await call("POST", "/api/wishlist/merge", headers, { productIds: tooMany })).statusCode).toBe(400);
  });
});
