import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, outboxRows, paymentForm, startCheckout, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";
import { shippingStagesReached } from "./courier-codes.js";

const minute = 60_000;

/*
 * The sandbox courier moves one step a minute here from the AWB: picked up at 2, shipped at 3,
 * out for delivery at 6, delivered at 7. Nobody opens tracking here: My Orders and the order's
 * details must still read the courier's truth, and the shipping e-mails go once each.
 */
describe(`orders follow the courier without tracking being opened (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        COURIER_SYNC_INTERVAL_MS: "0",
        SANDBOX_COURIER_MINUTES_PER_STEP: "1",
      },
      { clock },
    );
  });
  afterAll(async () => shop.close());

  it("shows a shipped order as Shipped without Cancel, and mails shipped, out for delivery and delivered once each", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Courier Tee", variants: [{ size: "M", stock: 5 }] });
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId: tee.variantIds[0]! },
    ]);
    await submitPaymentPage(shop.app, started.token, paymentForm({ "contact.email": "courier.news@example.com" }));
    await shop.app.outbox.drain();
    const history = async () =>
      (
        await shop.app.inject({
          method: "GET",
          url: "/api/orders/orderHistory?page=1&limit=10",
          headers: session.headers,
        })
      ).json().data.content[0];
    const details = async () =>
      (await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}`, headers: session.headers })).json()
        .data;

    expect(await history()).toMatchObject({ status: "PROCESSING", cancellable: true });

    clock.advance(3.5 * minute);
    expect(await history()).toMatchObject({ status: "SHIPPED", statusLabel: "Shipped", cancellable: false });
    expect(await details()).toMatchObject({ status: "SHIPPED", cancellable: false });

    clock.advance(3 * minute);
    await history();
    clock.advance(1 * minute);
    expect(await details()).toMatchObject({ status: "DELIVERED", cancellable: false });
    expect((await orderRow(shop.database.db, started.orderId)).status).toBe("DELIVERED");
    // Asked again: no second e-mail of any kind.
    await history();
    await details();

    const rows = await outboxRows(shop.database.db, "shipping-update-mail:");
    expect(rows.map((row) => row.dedupe_key).sort()).toEqual(
      ["delivered", "out-for-delivery", "shipped"].map((stage) => `shipping-update-mail:${stage}:${started.orderId}`),
    );
    await shop.app.outbox.drain();
    const mails = readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes("courier.news@example.com"));
    // A customer's confirmation points at My Orders for cancelling.
    expect(mails.find((mail) => mail.subject.endsWith("is confirmed"))?.text).toContain("from My Orders");
    const news = mails.filter((mail) => /on its way|out for delivery|delivered/.test(mail.subject));
    expect(news.map((mail) => mail.subject.replace(/VK-\d+/, "VK-n"))).toEqual([
      "Your VAKI order VK-n is on its way",
      "Your VAKI order VK-n is out for delivery",
      "Your VAKI order VK-n has been delivered",
    ]);
    const awb = (await orderRow(shop.database.db, started.orderId)).tracking_number!;
    for (const mail of news) {
      expect(mail.text).toContain(`AWB ${awb}`);
      expect(mail.text).toContain(`/orders?awb=${awb}`);
    }
  });

  it("mails only the news that still holds when the parcel jumps ahead", () => {
    const at = (status: "PROCESSING" | "SHIPPED" | "DELIVERED", code: number | null) => ({
      status,
      courier_status_code: code,
    });
    expect(shippingStagesReached(at("PROCESSING", 4), at("SHIPPED", 6))).toEqual(["shipped"]);
    expect(shippingStagesReached(at("PROCESSING", 4), at("SHIPPED", 19))).toEqual(["out-for-delivery"]);
    expect(shippingStagesReached(at("SHIPPED", 20), at("SHIPPED", 19))).toEqual(["out-for-delivery"]);
    expect(shippingStagesReached(at("SHIPPED", 19), at("SHIPPED", 19))).toEqual([]);
    expect(shippingStagesReached(at("PROCESSING", 4), at("DELIVERED", 7))).toEqual(["delivered"]);
    expect(shippingStagesReached(at("DELIVERED", 7), at("DELIVERED", 7))).toEqual([]);
    expect(shippingStagesReached(at("PROCESSING", 4), at("PROCESSING", 51))).toEqual([]);
  });
});
