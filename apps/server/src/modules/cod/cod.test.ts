import { statSync } from "node:fs";
import path from "node:path";
import { codMessages, orderCustomerMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, holdsOf, newGuest, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, outboxRows, paymentForm, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { lastCodeFor, readSms } from "../../../test/helpers/sms.js";
import { ManualClock } from "../../lib/clock.js";
import { createCommerceModules } from "../commerce.js";

const escaped = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A COD form for the Noida address with this delivery phone (and any other field changed). */
const codForm = (phone: string, overrides: Record<string, string> = {}) =>
  paymentForm({ method: "cod", "contact.phone": phone, "shippingAddress.phone": phone, ...overrides });

async function cheapTee(shop: TestShop, name: string, stock = 100, price = 99_900) {
  return insertProduct(shop.database.db, { name, price, variants: [{ size: "M", stock }] });
}

/** Cart → order → initiate from `remoteAddress`: the hosted page's token and the order. */
async function checkoutFrom(
  shop: TestShop,
  tee: { id: number; variantIds: number[] },
  quantity: number,
  remoteAddress = "127.0.0.1",
) {
  const guest = newGuest();
  await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity });
  const created = await shop.app.inject({ method: "POST", url: "/api/orders/create", payload: guest, remoteAddress });
  if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  const order = created.json().data;
  const initiated = await shop.app.inject({
    method: "POST",
    url: "/api/checkout/initiate",
    payload: { ...guest, orderId: order.id, orderSecret: order.orderSecret },
    remoteAddress,
  });
  if (initiated.statusCode !== 200) throw new Error(`initiate answered ${initiated.statusCode}: ${initiated.body}`);
  return { orderId: order.id as string, token: initiated.json().data.token as string };
}

/** The page's two steps: place (a code is texted), then the code from the data folder. */
async function payCod(shop: TestShop, token: string, form: Record<string, string>) {
  const asked = await submitPaymentPage(shop.app, token, form);
  if (asked.statusCode !== 200) return asked;
  const phone = `+91${form["shippingAddress.phone"]!.replace(/\D/g, "").slice(-10)}`;
  return submitPaymentPage(shop.app, token, { ...form, codCode: lastCodeFor(shop.config.dataDir, phone) });
}

describe(`cash on delivery with a code texted to the delivery phone (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-25T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0", COD_CONFIRM_HOURS: "24" },
      { clock },
    );
  });
  afterAll(async () => shop.close());

  it("texts a six-digit code to the delivery phone and places the order only with it", async () => {
    const tee = await cheapTee(shop, "Code Tee");
    const started = await checkoutFrom(shop, tee, 1);
    const form = codForm("98111 22333");

    const asked = await submitPaymentPage(shop.app, started.token, form);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(escaped(codMessages.codeSent("+919811122333")));
    expect(asked.body).toContain("Code sent to your delivery phone");
    expect((await orderRow(shop.database.db, started.orderId)).payment_status).toBe("CREATED");

    const [sms] = readSms(shop.config.dataDir);
    expect(sms?.to).toBe("+919811122333");
    expect(statSync(sms!.file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(sms!.file)).mode & 0o777).toBe(0o700);
    const code = lastCodeFor(shop.config.dataDir, "+919811122333");
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed: the database never holds the code.
    const rows = await shop.database.db.selectFrom("phone_verifications").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await submitPaymentPage(shop.app, started.token, { ...form, codCode: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(escaped(codMessages.codeWrong));
    expect((await orderRow(shop.database.db, started.orderId)).payment_status).toBe("CREATED");

    const placed = await submitPaymentPage(shop.app, started.token, { ...form, codCode: code });
    expect(placed.statusCode).toBe(303);
    const order = await orderRow(shop.database.db, started.orderId);
    expect(order.payment_status).toBe("COD_PENDING");
    expect(order.cod_phone).toBe("+919811122333");
  });

  it("gives a code five tries and ten minutes, and a new one only after 30 seconds", async () => {
    const tee = await cheapTee(shop, "Tries Tee");
    const form = codForm("98111 44555");
    const first = await checkoutFrom(shop, tee, 1);
    expect((await submitPaymentPage(shop.app, first.token, form)).statusCode).toBe(200);
    const code = lastCodeFor(shop.config.dataDir, "+919811144555");

    const withoutCode = await submitPaymentPage(shop.app, first.token, form);
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.body).toContain(escaped(codMessages.codeRequired));
    const again = await submitPaymentPage(shop.app, first.token, { ...form, codAction: "send" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(escaped(codMessages.resendTooSoon(30)));

    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 4; i += 1) {
      expect((await submitPaymentPage(shop.app, first.token, { ...form, codCode: wrong })).body).toContain(
        escaped(codMessages.codeWrong),
      );
    }
    const fifth = await submitPaymentPage(shop.app, first.token, { ...form, codCode: wrong });
    expect(fifth.body).toContain(escaped(codMessages.tooManyTries));
    // Even the right code is refused once the tries are used up.
    const late = await submitPaymentPage(shop.app, first.token, { ...form, codCode: code });
    expect(late.body).toContain(escaped(codMessages.tooManyTries));

    clock.advance(30_000);
    expect((await submitPaymentPage(shop.app, first.token, { ...form, codAction: "send" })).statusCode).toBe(200);
    const fresh = lastCodeFor(shop.config.dataDir, "+919811144555");
    clock.advance(10 * 60_000);
    const expired = await submitPaymentPage(shop.app, first.token, { ...form, codCode: fresh });
    expect(expired.body).toContain(escaped(codMessages.codeExpired));
    expect((await orderRow(shop.database.db, first.orderId)).payment_status).toBe("CREATED");
  });

  it("throttles the codes sent to one phone", async () => {
    const tee = await cheapTee(shop, "Throttle Tee");
    const form = codForm("98111 66777");
    const started = await checkoutFrom(shop, tee, 1);
    for (let i = 0; i < 5; i += 1) {
      expect((await submitPaymentPage(shop.app, started.token, { ...form, codAction: "send" })).statusCode).toBe(200);
      clock.advance(31_000);
    }
    const sixth = await submitPaymentPage(shop.app, started.token, { ...form, codAction: "send" });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.body).toContain(escaped(codMessages.tooManyCodes));
    clock.advance(60 * 60_000);
  });
});

describe(`COD orders are confirmed before they ship (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-25T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        COD_AUTO_CONFIRM_MAX_PAISE: "300000",
        COD_CONFIRM_HOURS: "24",
        COD_MAX_UNITS_PER_DAY: "50",
        COD_MAX_OPEN_ORDERS: "10",
      },
      { clock },
    );
  });
  afterAll(async () => shop.close());

  it("confirms a small order with a verified phone at once, and books its shipment", async () => {
    const tee = await cheapTee(shop, "Auto Tee");
    const started = await checkoutFrom(shop, tee, 2);
    expect((await payCod(shop, started.token, codForm("97000 11111"))).statusCode).toBe(303);
    const order = await orderRow(shop.database.db, started.orderId);
    expect(order).toMatchObject({ status: "CONFIRMED", payment_status: "COD_PENDING", cod_state: "confirmed" });
    expect(order.cod_confirmed_by).toBe("auto");
    expect(await outboxRows(shop.database.db, `create-shipment:${started.orderId}`)).toHaveLength(1);
    expect((await holdsOf(shop.database.db, tee.variantIds[0]!)).SOLD).toBe(2);
  });

  it("holds a larger order for the owner to confirm: no shipment until then, and the stock stays held", async () => {
    const tee = await cheapTee(shop, "Confirm Tee");
    const started = await checkoutFrom(shop, tee, 4);
    expect((await payCod(shop, started.token, codForm("97000 22222"))).statusCode).toBe(303);
    const waiting = await orderRow(shop.database.db, started.orderId);
    expect(waiting).toMatchObject({ status: "CREATED", payment_status: "COD_PENDING", cod_state: "to_confirm" });
    expect(waiting.hold_expires_at).toBe("2026-11-26T10:00:00.000Z");
    expect(await outboxRows(shop.database.db, `create-shipment:${started.orderId}`)).toHaveLength(0);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 4, SOLD: 0 });

    const [placed] = await shop.app.cod.confirmation.listToConfirm();
    expect(placed?.message).toBe(orderCustomerMessages.combined["CREATED/COD_PENDING"]);
    const listed = await shop.app.cod.confirmation.listToConfirm();
    expect(listed.map((order) => order.id)).toContain(started.orderId);

    const confirmed = await shop.app.cod.confirmation.confirm(started.orderId, "owner@example.com");
    expect(confirmed.status).toBe("CONFIRMED");
    const after = await orderRow(shop.database.db, started.orderId);
    expect(after).toMatchObject({ cod_state: "confirmed", cod_confirmed_by: "owner@example.com" });
    expect(await outboxRows(shop.database.db, `create-shipment:${started.orderId}`)).toHaveLength(1);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 0, SOLD: 4 });
    await expect(shop.app.cod.confirmation.confirm(started.orderId, "owner@example.com")).rejects.toThrow(
      codMessages.notToConfirm,
    );
    expect((await shop.app.cod.confirmation.listToConfirm()).map((order) => order.id)).not.toContain(started.orderId);
  });

  /** One hold sweep now, as another process of the shop would run it (the interval is off here). */
  const sweep = () =>
    createCommerceModules({
      db: shop.database.db,
      dialect: shop.database.dialect,
      clock,
      config: shop.config,
    }).orders.releaseExpiredHolds();

  it("releases the stock of a COD order nobody confirmed in time through the hold sweep", async () => {
    const tee = await cheapTee(shop, "Lapse Tee", 20);
    const started = await checkoutFrom(shop, tee, 5);
    expect((await payCod(shop, started.token, codForm("97000 33333"))).statusCode).toBe(303);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(15);
    clock.advance(23 * 3_600_000);
    expect(await sweep()).toBe(0);
    clock.advance(2 * 3_600_000);
    expect(await sweep()).toBe(1);
    const order = await orderRow(shop.database.db, started.orderId);
    expect(order).toMatchObject({ status: "CANCELLED", payment_status: "CANCELLED" });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(20);
    expect(await outboxRows(shop.database.db, `create-shipment:${started.orderId}`)).toHaveLength(0);
  });
});

describe(`COD refused, prepaid offered: blocks and limits (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop({
      HOLD_SWEEP_INTERVAL_MS: "0",
      OUTBOX_INTERVAL_MS: "0",
      COD_MAX_OPEN_ORDERS: "2",
      COD_MAX_UNITS_PER_DAY: "5",
      COD_MAX_ORDER_PAISE: "500000",
    });
  });
  afterAll(async () => shop.close());

  it("refuses COD for a blocked phone or pincode, sends no code, and still takes a prepaid payment", async () => {
    const tee = await cheapTee(shop, "Block Tee");
    await shop.app.cod.rules.block("phone", "96000 12345", "returned to origin twice");
    await shop.app.cod.rules.block("pincode", "110001");
    const blockedPhone = await checkoutFrom(shop, tee, 1);
    const byPhone = await submitPaymentPage(shop.app, blockedPhone.token, codForm("96000 12345"));
    expect(byPhone.statusCode).toBe(400);
    expect(byPhone.body).toContain(escaped(codMessages.blocked));
    expect(readSms(shop.config.dataDir).filter((sms) => sms.to === "+919600012345")).toHaveLength(0);

    const byPincode = await submitPaymentPage(
      shop.app,
      blockedPhone.token,
      codForm("96000 54321", {
        "shippingAddress.city": "New Delhi",
        "shippingAddress.state": "Delhi",
        "shippingAddress.pincode": "110001",
      }),
    );
    expect(byPincode.body).toContain(escaped(codMessages.blocked));

    const prepaid = await submitPaymentPage(
      shop.app,
      blockedPhone.token,
      paymentForm({ "shippingAddress.phone": "9600012345" }),
    );
    expect(prepaid.statusCode).toBe(303);
    expect((await orderRow(shop.database.db, blockedPhone.orderId)).payment_status).toBe("SUCCESS");

    expect((await shop.app.cod.rules.listBlocks()).map((block) => block.value).sort()).toEqual([
      "+919600012345",
      "110001",
    ]);
    expect(await shop.app.cod.rules.unblock("phone", "+919600012345")).toBe(true);
    const unblocked = await checkoutFrom(shop, tee, 1);
    expect((await submitPaymentPage(shop.app, unblocked.token, codForm("96000 12345"))).statusCode).toBe(200);
  });

  it("limits open COD orders per phone", async () => {
    const tee = await cheapTee(shop, "Phone Limit Tee");
    const line1 = (n: number) => ({ "shippingAddress.line1": `House ${n}, Phone Lane` });
    for (let n = 1; n <= 2; n += 1) {
      const started = await checkoutFrom(shop, tee, 1);
      expect((await payCod(shop, started.token, codForm("95000 00001", line1(n)))).statusCode).toBe(303);
    }
    const third = await checkoutFrom(shop, tee, 1);
    const refused = await submitPaymentPage(shop.app, third.token, codForm("95000 00001", line1(3)));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(escaped(codMessages.tooManyOpen(2)));
  });

  it("limits COD per delivery address however it is typed", async () => {
    const tee = await cheapTee(shop, "Address Limit Tee");
    const address = (line1: string) => ({ "shippingAddress.line1": line1, "shippingAddress.line2": "Sector 18" });
    const first = await checkoutFrom(shop, tee, 1);
    expect((await payCod(shop, first.token, codForm("94000 00001", address("12 Lotus Apartments")))).statusCode).toBe(
      303,
    );
    const second = await checkoutFrom(shop, tee, 1);
    expect(
      (await payCod(shop, second.token, codForm("94000 00002", address("12, LOTUS  apartments")))).statusCode,
    ).toBe(303);
    const third = await checkoutFrom(shop, tee, 1);
    const refused = await submitPaymentPage(
      shop.app,
      third.token,
      codForm("94000 00003", address("12 lotus-apartments")),
    );
    expect(refused.body).toContain(escaped(codMessages.tooManyOpen(2)));
  });

  it("limits COD units a day per client address, and the largest COD order", async () => {
    const tee = await cheapTee(shop, "Client Limit Tee");
    const first = await checkoutFrom(shop, tee, 3, "203.0.113.40");
    expect(
      (await payCod(shop, first.token, codForm("93000 00001", { "shippingAddress.line1": "1 Client Road" })))
        .statusCode,
    ).toBe(303);
    const second = await checkoutFrom(shop, tee, 3, "203.0.113.40");
    const refused = await submitPaymentPage(
      shop.app,
      second.token,
      codForm("93000 00002", { "shippingAddress.line1": "2 Client Road" }),
    );
    expect(refused.body).toContain(escaped(codMessages.tooManyUnits(5)));
    // Another client address is not held to the first one's count.
    const elsewhere = await checkoutFrom(shop, tee, 3, "203.0.113.41");
    expect(
      (await payCod(shop, elsewhere.token, codForm("93000 00003", { "shippingAddress.line1": "3 Client Road" })))
        .statusCode,
    ).toBe(303);

    const pricey = await cheapTee(shop, "Pricey Jacket", 10, 600_000);
    const large = await checkoutFrom(shop, pricey, 1);
    const tooLarge = await submitPaymentPage(shop.app, large.token, codForm("93000 00004"));
    expect(tooLarge.body).toContain(escaped(codMessages.orderTooLarge("₹5,000.00")));
    expect(tooLarge.body).toContain("UPI or card");
  });
});
