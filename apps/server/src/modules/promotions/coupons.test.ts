import { couponFieldMessages, couponMessages } from "@vaki/contract/admin/coupons";
import { cartMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, applyPromo, newGuest, orderOk } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

const base = {
  code: "drop25",
  description: "25% off the winter drop",
  kind: "percentage",
  value: 25,
  minOrderAmount: 150_000,
  firstOrderOnly: false,
  perCustomerLimit: 1,
  usageLimit: 100,
  startsAt: null,
  endsAt: null,
  active: true,
};

describe(`the admin's coupons (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;
  let catalogue: StaffSession;
  let support: StaffSession;
  let accountant: StaffSession;
  let tee: { id: number; variantIds: number[] };

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-25T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    owner = await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    support = await addStaff(shop.app, clock, "support");
    accountant = await addStaff(shop.app, clock, "accountant");
    tee = await insertProduct(shop.database.db, {
      name: "Coupon Tee",
      price: 99_900,
      variants: [{ size: "M", stock: 50 }],
    });
  });
  afterAll(async () => shop.close());

  const create = (who: StaffSession, payload: Record<string, unknown>) =>
    asStaff(shop.app, who, { method: "POST", url: "/api/admin/coupons", payload });
  const list = async (who: StaffSession) => asStaff(shop.app, who, { method: "GET", url: "/api/admin/coupons" });

  it("lets the catalogue role create a coupon, upper-cased and audited; others may not", async () => {
    expect((await shop.app.inject({ method: "GET", url: "/api/admin/coupons" })).statusCode).toBe(401);
    expect((await list(support)).statusCode).toBe(403);
    expect((await list(accountant)).statusCode).toBe(403);
    expect((await create(accountant, base)).statusCode).toBe(403);

    const created = await create(catalogue, base);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(couponMessages.created("DROP25"));
    expect(created.json().data).toMatchObject({ code: "DROP25", kind: "percentage", value: 25, timesUsed: 0 });

    const again = await create(owner, { ...base, code: "Drop25" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(couponMessages.codeTaken("DROP25"));

    const audit = await asStaff(shop.app, owner, {
      method: "GET",
      url: `/api/admin/audit?entityId=${created.json().data.id}`,
    });
    const events = audit.json().data.items.filter((item: { entityType: string }) => item.entityType === "coupon");
    expect(events.map((item: { action: string }) => item.action)).toEqual(["coupon.create"]);

    const listed = (await list(owner)).json().data.coupons.map((coupon: { code: string }) => coupon.code);
    expect(listed).toEqual(expect.arrayContaining(["DROP25", "VAKI10"]));
  });

  it("refuses bad input with a message beside the field, and saves nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ value: 150 }, "value", couponFieldMessages.percent],
      [{ kind: "fixed", value: 50 }, "value", couponFieldMessages.fixed],
      [{ code: "no spaces" }, "code", couponFieldMessages.code],
      [{ perCustomerLimit: 0 }, "perCustomerLimit", couponFieldMessages.limit],
      [
        { startsAt: "2026-12-02T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" },
        "endsAt",
        couponFieldMessages.dates,
      ],
    ];
    for (const [change, field, message] of cases) {
      const refused = await create(owner, { ...base, code: "BAD1", ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().fieldErrors[field]).toContain(message);
    }
    const codes = (await list(owner)).json().data.coupons.map((coupon: { code: string }) => coupon.code);
    expect(codes).not.toContain("BAD1");
  });

  it("applies the minimum order and the per-customer limit in the cart", async () => {
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 1 });
    const tooSmall = await applyPromo(shop.app, guest, "DROP25");
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe(cartMessages.promoMinimumOrder(150_000));

    const customer = await registerAndLogin(shop.app);
    await addOk(shop.app, customer, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 });
    const applied = await applyPromo(shop.app, customer, "DROP25");
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.discount).toBe(49_950);
    const order = await orderOk(shop.app, customer);
    await shop.database.db
      .updateTable("orders")
      .set({ status: "CONFIRMED", payment_status: "SUCCESS" })
      .where("id", "=", order.id)
      .execute();

    await addOk(shop.app, customer, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 });
    const second = await applyPromo(shop.app, customer, "DROP25");
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(cartMessages.promoCustomerLimit);

    const coupon = (await list(owner)).json().data.coupons.find((c: { code: string }) => c.code === "DROP25");
    expect(coupon).toMatchObject({ timesUsed: 1, paidOrders: 1, discountGiven: 49_950 });
  });

  it("edits a coupon without touching its use count; turning it off stops it at once", async () => {
    const coupon = (await list(owner)).json().data.coupons.find((c: { code: string }) => c.code === "DROP25");
    const edited = await asStaff(shop.app, catalogue, {
      method: "PUT",
      url: `/api/admin/coupons/${coupon.id}`,
      payload: { ...base, minOrderAmount: 0, perCustomerLimit: null, active: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ active: false, minOrderAmount: 0, timesUsed: 1 });

    const guest = newGuest();
    await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 1 });
    expect((await applyPromo(shop.app, guest, "DROP25")).json().message).toBe(cartMessages.promoInvalid);

    const missing = await asStaff(shop.app, owner, { method: "PUT", url: "/api/admin/coupons/999999", payload: base });
    expect(missing.statusCode).toBe(404);
    const clash = await asStaff(shop.app, owner, {
      method: "PUT",
      url: `/api/admin/coupons/${coupon.id}`,
      payload: { ...base, code: "VAKI10" },
    });
    expect(clash.statusCode).toBe(409);
  });
});
