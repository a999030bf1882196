import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { type ReadMail, readOutbox } from "../../../test/helpers/mail.js";

describe(`back in stock (${testEngine})`, () => {
  let shop: TestShop;
  let soldOut: number;
  let inStock: number;
  let other: number;

  const ask = (variantId: number, email: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: "POST", url: "/api/back-in-stock", headers, payload: { variantId, email } });
  const restock = (variantId: number, units: number) =>
    shop.database.db.updateTable("variants").set({ stock_quantity: units }).where("id", "=", variantId).execute();
  const mailsTo = (email: string): ReadMail[] =>
    readOutbox(shop.config.dataDir).filter(
      (mail) => mail.to.includes(email) && mail.subject.startsWith("Back in stock"),
    );

  beforeAll(async () => {
    // The sweep every 50 ms and the outbox every 50 ms: the e-mail follows a restock at once.
    shop = await createTestShop({
      BACK_IN_STOCK_SWEEP_MS: "50",
      OUTBOX_INTERVAL_MS: "50",
      HOLD_SWEEP_INTERVAL_MS: "0",
    });
    const hoodie = await insertProduct(shop.database.db, {
      name: "Orbit Hoodie",
      variants: [
        { size: "S", color: "Acid Lime", stock: 0 },
        { size: "M", color: "Acid Lime", stock: 3 },
        { size: "L", color: "Acid Lime", stock: 0 },
      ],
    });
    [soldOut, inStock, other] = hoodie.variantIds as [number, number, number];
  });
  afterAll(async () => shop.close());

  it("takes an e-mail on a sold-out size only, once per address", async () => {
    expect((await ask(soldOut, " Meera@Example.com ")).statusCode).toBe(201);
    expect((await ask(soldOut, "meera@example.com")).statusCode).toBe(201);
    const rows = await shop.database.db.selectFrom("back_in_stock_requests").selectAll().execute();
    expect(rows.map((row) => [row.variant_id, row.email])).toEqual([[soldOut, "meera@example.com"]]);

    const taken = await ask(inStock, "meera@example.com");
    expect([taken.statusCode, taken.json().message]).toEqual([409, "This size is in stock: add it to your cart now"]);
    expect((await ask(999_999, "meera@example.com")).statusCode).toBe(404);
    expect((await ask(soldOut, "not-an-email")).statusCode).toBe(400);
  });

  it("links a signed-in shopper's request to the account", async () => {
    const { headers, userId, customer } = await registerAndLogin(shop.app);
    expect((await ask(other, customer.email, headers)).statusCode).toBe(201);
    const row = await shop.database.db
      .selectFrom("back_in_stock_requests")
      .selectAll()
      .where("variant_id", "=", other)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(userId);
  });

  it("writes one e-mail per request when the size comes back, with the product and an unsubscribe link", async () => {
    await restock(soldOut, 2);
    await vi.waitFor(() => expect(mailsTo("meera@example.com")).toHaveLength(1), { timeout: 5_000 });
    const [mail] = mailsTo("meera@example.com");
    expect(mail?.subject).toBe("Back in stock: Orbit Hoodie");
    expect(mail?.text).toContain("Orbit Hoodie, Acid Lime, size S is in stock again");
    expect(mail?.text).toMatch(/\/product\/\d+\?color=Acid\+Lime&size=S/);
    const token = mail?.text.match(/back-in-stock\/unsubscribe\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    // Sold out and back again: the request was answered, nothing more is sent.
    await restock(soldOut, 0);
    await restock(soldOut, 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo("meera@example.com")).toHaveLength(1);

    // The link stops every alert still waiting for the address.
    await ask(other, "meera@example.com");
    const stop = await shop.app.inject({ method: "POST", url: "/api/back-in-stock/unsubscribe", payload: { token } });
    expect(stop.statusCode).toBe(200);
    await restock(other, 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo("meera@example.com")).toHaveLength(1);
    const unknown = await shop.app.inject({
      method: "POST",
      url: "/api/back-in-stock/unsubscribe",
      payload: { token: "x".repeat(32) },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
