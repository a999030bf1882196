import { cartMessages } from "@vaki/contract/messages";
import type { PaymentStatus } from "@vaki/contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import {
  addOk,
  applyPromo,
  createOrder,
  getCart,
  newGuest,
  orderOk,
  type Shopper,
} from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";
import { type CommerceModules, createCommerceModules } from "../commerce.js";

describe(`promo codes (${testEngine})`, () => {
  let shop: TestShop;
  let commerce: CommerceModules;
  let tee: { id: number; variantIds: number[] };
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0" }, { clock });
    commerce = createCommerceModules({
      db: shop.database.db,
      dialect: shop.database.dialect,
      clock,
      config: shop.config,
    });
    tee = await insertProduct(shop.database.db, {
      name: "Promo Tee",
      price: 99_999,
      variants: [{ size: "M", stock: 500 }],
    });
  });
  afterAll(async () => shop.close());

  const insertPromotion = (code: string, changes: Record<string, unknown> = {}) =>
    shop.database.db
      .insertInto("promotions")
      .values({
        code,
        description: "Rs. 100 off",
        kind: "fixed",
        value: 10_000,
        first_order_only: 0,
        starts_at: null,
        ends_at: null,
        usage_limit: null,
        active: 1,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
        ...changes,
      })
      .execute();

  const shopperWithTee = async (quantity = 1): Promise<Shopper> => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity });
    return guest;
  };

  /** A paid order as the payment flow (issue 6) will leave it. */
  const markPaid = (orderId: string, status: PaymentStatus = "SUCCESS", contact: Record<string, string> = {}) =>
    shop.database.db
      .updateTable("orders")
      .set({ status: "CONFIRMED", payment_status: status, ...contact })
      .where("id", "=", orderId)
      .execute();

  it("keeps VAKI10 as data: 10% off a first order, first-order only, unlimited", async () => {
    const row = await shop.database.db
      .selectFrom("promotions")
      .selectAll()
      .where("code", "=", "VAKI10")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "percentage", value: 10, first_order_only: 1, usage_limit: null, active: 1 });
  });

  it("takes 10% off a guest's cart, rounded down to whole paise, and says so", async () => {
    const guest = await shopperWithTee();
    const response = await applyPromo(shop.app, guest, " vaki10 ");
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(cartMessages.promoApplied("VAKI10", "10% off your first order"));
    expect(response.json().data).toMatchObject({
      subtotal: 99_999,
      discount: 9_999,
      total: 90_000,
      promoCode: "VAKI10",
      promoMessage: "Code VAKI10 applied: 10% off your first order",
    });
  });

  it("applies the discount to the order, counts the use, and the order's total equals subtotal - discount", async () => {
    const guest = await shopperWithTee(3);
    await applyPromo(shop.app, guest, "VAKI10");
    const order = await orderOk(shop.app, guest);
    expect(order).toMatchObject({ subtotal: 299_997, discountAmount: 29_999, total: 269_998, promoCode: "VAKI10" });
  });

  it("refuses a wrong or inactive code with 400 'This code is not valid'", async () => {
    await insertPromotion("SLEEPY", { active: 0 });
    const guest = await shopperWithTee();
    for (const code of ["NOPE", "SLEEPY", "VAKI 10"]) {
      const response = await applyPromo(shop.app, guest, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().message).toBe(cartMessages.promoInvalid);
    }
    expect((await applyPromo(shop.app, guest, "")).json().message).toBe(cartMessages.promoCodeRequired);
    expect((await getCart(shop.app, guest)).json().data.promoCode).toBeNull();
  });

  it("refuses a code that has expired or not started yet, and drops an expired code's discount from the cart", async () => {
    await insertPromotion("MONSOON", { ends_at: "2026-11-22T12:00:00.000Z" });
    await insertPromotion("DIWALI", { starts_at: "2026-11-23T00:00:00.000Z" });
    const guest = await shopperWithTee();
    expect((await applyPromo(shop.app, guest, "DIWALI")).json().message).toBe(cartMessages.promoNotStarted);
    const applied = await applyPromo(shop.app, guest, "MONSOON");
    expect(applied.json().data).toMatchObject({ discount: 10_000, total: 89_999 });

    clock.advance(3 * 60 * 60 * 1000);
    try {
      const cart = (await getCart(shop.app, guest)).json().data;
      expect(cart).toMatchObject({
        promoCode: "MONSOON",
        discount: 0,
        total: 99_999,
        promoMessage: cartMessages.promoExpired,
      });
      const ordering = await createOrder(shop.app, guest);
      expect(ordering.statusCode).toBe(400);
      expect(ordering.json().message).toBe(cartMessages.promoExpired);
      expect((await applyPromo(shop.app, await shopperWithTee(), "MONSOON")).json().message).toBe(
        cartMessages.promoExpired,
      );
    } finally {
      clock.set(new Date("2026-11-22T10:00:00.000Z"));
    }
  });

  it("refuses a used-up code, counting a use per order and giving it back when an unpaid order expires", async () => {
    await insertPromotion("ONCE", { usage_limit: 1 });
    const first = await shopperWithTee();
    const second = await shopperWithTee();
    await applyPromo(shop.app, first, "ONCE");
    await applyPromo(shop.app, second, "ONCE");
    const order = await orderOk(shop.app, first);
    expect(order.discountAmount).toBe(10_000);

    const refused = await createOrder(shop.app, second);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(cartMessages.promoUsedUp);
    expect((await applyPromo(shop.app, await shopperWithTee(), "ONCE")).json().message).toBe(cartMessages.promoUsedUp);

    // Re-checkout from the same cart swaps its use, it does not need a second one.
    expect((await createOrder(shop.app, first)).statusCode).toBe(201);

    clock.advance(31 * 60 * 1000);
    try {
      expect(await commerce.orders.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
      const row = await shop.database.db
        .selectFrom("promotions")
        .select("times_used")
        .where("code", "=", "ONCE")
        .executeTakeFirstOrThrow();
      expect(row.times_used).toBe(0);
      expect((await createOrder(shop.app, second)).statusCode).toBe(201);
    } finally {
      clock.set(new Date("2026-11-22T10:00:00.000Z"));
    }
  });

  it("keeps VAKI10 to a customer's first order: refused once the user has a paid order", async () => {
    const session = await registerAndLogin(shop.app);
    const user: Shopper = { headers: session.headers };
    await addOk(shop.app, user, { productId: tee.id, variantId: tee.variantIds[0]! });
    expect((await applyPromo(shop.app, user, "VAKI10")).statusCode).toBe(200);
    const order = await orderOk(shop.app, user);
    expect(order.discountAmount).toBe(9_999);
    await markPaid(order.id);

    const cart = (await getCart(shop.app, user)).json().data;
    expect(cart).toMatchObject({ promoCode: "VAKI10", discount: 0, promoMessage: cartMessages.promoFirstOrderOnly });
    const again = await createOrder(shop.app, user);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(cartMessages.promoFirstOrderOnly);
    const reapplied = await applyPromo(shop.app, user, "VAKI10");
    expect(reapplied.statusCode).toBe(400);
    expect(reapplied.json().message).toBe(cartMessages.promoFirstOrderOnly);

    const removed = await shop.app.inject({ method: "DELETE", url: "/api/cart/promo", headers: session.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ promoCode: null, discount: 0 });
    expect((await createOrder(shop.app, user)).statusCode).toBe(201);
  });

  it("does not count an unpaid, failed or cancelled order as a first order", async () => {
    const session = await registerAndLogin(shop.app);
    const user: Shopper = { headers: session.headers };
    await addOk(shop.app, user, { productId: tee.id, variantId: tee.variantIds[0]! });
    const order = await orderOk(shop.app, user);
    for (const status of ["CREATED", "PENDING", "FAILED", "CANCELLED"] as const) {
      await shop.database.db.updateTable("orders").set({ payment_status: status }).where("id", "=", order.id).execute();
      expect(await commerce.promotions.checkFirstOrderEligibility({ userId: session.userId }), status).toEqual({
        eligible: true,
      });
    }
    for (const status of ["SUCCESS", "COMPLETED", "COD_PENDING", "COD_COMPLETED"] as const) {
      await shop.database.db.updateTable("orders").set({ payment_status: status }).where("id", "=", order.id).execute();
      expect(await commerce.promotions.checkFirstOrderEligibility({ userId: session.userId }), status).toEqual({
        eligible: false,
      });
    }
  });

  it("refuses VAKI10 to an account whose e-mail or mobile already paid a guest order", async () => {
    for (const by of ["email", "mobile"] as const) {
      const session = await registerAndLogin(shop.app);
      const guestOrder = await orderOk(shop.app, await shopperWithTee());
      await markPaid(
        guestOrder.id,
        "SUCCESS",
        by === "email"
          ? { contact_email: session.customer.email.toLowerCase() }
          : { contact_phone: `+91${session.customer.mobile}` },
      );
      const user: Shopper = { headers: session.headers };
      await addOk(shop.app, user, { productId: tee.id, variantId: tee.variantIds[0]! });
      const applied = await applyPromo(shop.app, user, "VAKI10");
      expect(applied.statusCode, by).toBe(400);
      expect(applied.json().message, by).toBe(cartMessages.promoFirstOrderOnly);
      expect(await commerce.promotions.checkFirstOrderEligibility({ userId: session.userId }), by).toEqual({
        eligible: false,
      });
    }
    // An account with no paid order anywhere still gets it.
    const fresh = await registerAndLogin(shop.app);
    const user: Shopper = { headers: fresh.headers };
    await addOk(shop.app, user, { productId: tee.id, variantId: tee.variantIds[0]! });
    expect((await applyPromo(shop.app, user, "VAKI10")).statusCode).toBe(200);
  });

  it("checks a guest's first order by e-mail and phone once the address is known", async () => {
    const guest = await shopperWithTee();
    await applyPromo(shop.app, guest, "VAKI10");
    const order = await orderOk(shop.app, guest);
    await markPaid(order.id, "COD_PENDING", { contact_email: "asha@example.com", contact_phone: "+919811122233" });

    const { promotions } = commerce;
    expect(await promotions.checkFirstOrderEligibility({ email: "ASHA@example.com" })).toEqual({ eligible: false });
    expect(await promotions.checkFirstOrderEligibility({ phone: "+919811122233" })).toEqual({ eligible: false });
    expect(await promotions.checkFirstOrderEligibility({ email: "new@example.com", phone: "+919800000000" })).toEqual({
      eligible: true,
    });
    expect(await promotions.checkFirstOrderEligibility({})).toEqual({ eligible: true });
    // A new guest may still apply the code; the payment step checks the address again.
    expect((await applyPromo(shop.app, await shopperWithTee(), "VAKI10")).statusCode).toBe(200);
  });
});
