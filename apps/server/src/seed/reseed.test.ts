import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/helpers/app.js";
import { addOk, newGuest, orderOk } from "../../test/helpers/cart.js";
import { insertProduct } from "../../test/helpers/catalog.js";
import { testEngine } from "../../test/helpers/database.js";
import { replaceCatalogue, SeedRefused } from "./seed.js";

describe(`npm run seed on a shop (${testEngine})`, () => {
  let shop: TestShop;
  const mediaDir = () => `${shop.config.dataDir}/media`;
  const count = async (table: "products" | "categories" | "orders") =>
    Number(
      (
        await shop.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" });
  });
  afterAll(async () => shop.close());

  it("replaces a catalogue without orders, in one go, as often as asked", async () => {
    await insertProduct(shop.database.db, { name: "Old Tee", price: 99_900, variants: [{ size: "L", stock: 3 }] });
    const first = await replaceCatalogue(shop.database.db, shop.database.dialect, { mediaDir: mediaDir() });
    expect(await count("products")).toBe(first.products);
    const again = await replaceCatalogue(shop.database.db, shop.database.dialect, { mediaDir: mediaDir() });
    expect(again).toEqual(first);
    expect(await count("products")).toBe(first.products);
    const ids = await shop.database.db.selectFrom("categories").select("id").where("parent_id", "is", null).execute();
    expect(ids.map((row) => row.id).sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it("refuses, with a clear message and before touching anything, once the shop has orders", async () => {
    const tee = await insertProduct(shop.database.db, {
      name: "Ordered Tee",
      price: 99_900,
      variants: [{ size: "L", stock: 3 }],
    });
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
    await orderOk(shop.app, guest);
    const products = await count("products");
    const categories = await count("categories");

    const refused = replaceCatalogue(shop.database.db, shop.database.dialect, { mediaDir: mediaDir() });
    await expect(refused).rejects.toBeInstanceOf(SeedRefused);
    await expect(refused).rejects.toThrow(/This shop has 1 order\(s\).*Seed an empty database instead/);
    expect(await count("products")).toBe(products);
    expect(await count("categories")).toBe(categories);
    expect(await count("orders")).toBe(1);
  });
});
