import { cancellationMessages } from "@vaki/contract/fulfilment";
import { fulfilmentMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedIn, loginAs, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { holdsOf, ledgerOf, newGuest, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  orderRow,
  paymentForm,
  paymentsOf,
  payOnPage,
  shipmentsOf,
  startCheckout,
} from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";

const minutes = (n: number) => n * 60_000;

describe(`cancelling an order (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const product = (name: string, stock = 5) =>
    insertProduct(shop.database.db, { name, price: 149_900, variants: [{ size: "M", stock }] });

  const cancel = (session: LoggedIn | null, orderId: string, extra: Record<string, unknown> = {}) =>
    shop.app.inject({
      method: "POST",
      url: "/api/orders/cancel/order",
      headers: session?.headers ?? {},
      payload: { orderId, ...extra },
    });

  /** A logged-in customer's paid order (upi), optionally with its shipment created by the outbox. */
  async function paidOrder(name: string, options: { ship?: boolean; quantity?: number; method?: string } = {}) {
    const tee = await product(name);
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId: tee.variantIds[0]!, quantity: options.quantity ?? 2 },
    ]);
    await payOnPage(
      shop.app,
      started.token,
      paymentForm({ method: options.method ?? "upi", "contact.email": session.customer.email }),
    );
    if (options.ship) await shop.app.outbox.drain();
    return { session, started, variantId: tee.variantIds[0]! };
  }

  it("cancels a paid order inside the 6-hour window: refund, stock, courier and e-mail follow once", async () => {
    const { session, started, variantId } = await paidOrder("Regret Tee", { ship: true });
    expect(await stockOf(shop.database.db, variantId)).toBe(3);
    clock.advance(minutes(5));

    const response = await cancel(session, started.orderId, { userId: session.userId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: "Refund will be processed within 5-7 business days.",
      data: {
        orderId: started.orderId,
        status: "CANCELLED",
        paymentStatus: "REFUND_PROCESSING",
        paymentStatusLabel: "Refund Processing",
        message: "Refund will be processed within 5-7 business days.",
      },
    });
    expect(await stockOf(shop.database.db, variantId)).toBe(5);
    expect(await holdsOf(shop.database.db, variantId)).toMatchObject({ SOLD: 0, RETURNED: 2 });

    await shop.app.outbox.drain();
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CANCELLED",
      payment_status: "REFUNDED",
    });
    expect(await paymentsOf(shop.database.db, started.orderId)).toMatchObject([{ status: "REFUNDED" }]);
    expect(await shipmentsOf(shop.database.db, started.orderId)).toMatchObject([{ cancelled_at: expect.any(String) }]);
    // The parcel had its AWB, so an invoice was issued; the refund credits it in full.
    const documents = await shop.database.db
      .selectFrom("tax_documents")
      .select(["kind", "total"])
      .where("order_id", "=", started.orderId)
      .orderBy("kind", "desc")
      .execute();
    expect(documents).toEqual([
      { kind: "invoice", total: 299_800 },
      { kind: "credit_note", total: 299_800 },
    ]);
    const courier = await shop.database.db
      .selectFrom("sandbox_shipments")
      .select("cancelled_at")
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    expect(courier.cancelled_at).not.toBeNull();
    const mails = readOutbox(shop.config.dataDir).filter((mail) => mail.to === session.customer.email);
    // The account's welcome e-mail (sign-up) goes out with the first drain, before the order's.
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining("Welcome"),
      expect.stringContaining("is confirmed"),
      expect.stringContaining("has been cancelled"),
    ]);
    expect(mails[2]?.text).toContain("will be processed within 5-7 business days");

    const order = (
      await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}`, headers: session.headers })
    ).json().data;
    expect(order).toMatchObject({
      status: "CANCELLED",
      paymentStatusLabel: "Refunded",
      cancellable: false,
      message: "Your order has been cancelled and your refund has been processed.",
    });
  });

  it("refuses after 6 hours with the spec's message", async () => {
    const { session, started } = await paidOrder("Slow Regret Tee");
    clock.advance(6 * 60 * minutes(1) + minutes(1));
    // Access tokens live 15 minutes: log in again, as the shopper would.
    const response = await cancel(await loginAs(shop.app, session.customer), started.orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(cancellationMessages.outsideWindow);
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ status: "CONFIRMED" });
  });

  it("refuses once the courier has picked the parcel up, with the spec's message", async () => {
    const { session, started, variantId } = await paidOrder("Gone Tee", { ship: true });
    // Before pickup (AWB assigned, pickup scheduled) the courier still lets go of the parcel.
    const before = await cancel(session, started.orderId, { userId: "" });
    expect(before.statusCode).toBe(200);
    const second = await paidOrder("Gone Too Tee", { ship: true });
    clock.advance(minutes(16));
    const response = await cancel(await loginAs(shop.app, second.session.customer), second.started.orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(cancellationMessages.alreadyShipped);
    expect(await orderRow(shop.database.db, second.started.orderId)).toMatchObject({
      status: "SHIPPED",
      payment_status: "SUCCESS",
    });
    expect(await holdsOf(shop.database.db, second.variantId)).toMatchObject({ SOLD: 2 });
    expect(await ledgerOf(shop.database.db, variantId)).toBe(5);
  });

  it("cancels exactly once under two concurrent calls, and gives the stock back once", async () => {
    const { session, started, variantId } = await paidOrder("Twin Cancel Tee", { ship: true, quantity: 3 });
    const answers = await Promise.all([cancel(session, started.orderId), cancel(session, started.orderId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe(fulfilmentMessages.alreadyCancelled);
    expect(await stockOf(shop.database.db, variantId)).toBe(5);
    expect(await holdsOf(shop.database.db, variantId)).toMatchObject({ RETURNED: 3, SOLD: 0 });
    const rows = await shop.database.db
      .selectFrom("outbox")
      .select("kind")
      .where("dedupe_key", "like", `%:${started.orderId}`)
      .orderBy("kind")
      .execute();
    expect(rows.map((row) => row.kind)).toEqual([
      "cancel-shipment",
      "create-shipment",
      "order-cancelled-mail",
      "order-confirmed-mail",
      "refund-payment",
    ]);
    const again = await cancel(session, started.orderId);
    expect(again.statusCode).toBe(409);
  });

  it("cancels an unpaid order as 'no charges were made' and a cash-on-delivery one as cancelled", async () => {
    const tee = await product("Unpaid Tee");
    const session = await registerAndLogin(shop.app);
    const unpaid = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId: tee.variantIds[0]! },
    ]);
    const answer = await cancel(session, unpaid.orderId);
    expect(answer.json()).toMatchObject({
      message: "Payment has been cancelled and no charges were made.",
      data: { status: "CANCELLED", paymentStatus: "CANCELLED" },
    });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(5);

    const cod = await paidOrder("Cash Tee", { method: "cod" });
    const codAnswer = await cancel(cod.session, cod.started.orderId);
    expect(codAnswer.json()).toMatchObject({
      message: "Order has been cancelled.",
      data: { paymentStatus: "CANCELLED" },
    });
    await shop.app.outbox.drain();
    expect(await paymentsOf(shop.database.db, cod.started.orderId)).toMatchObject([{ status: "COD_PENDING" }]);
    expect(await shipmentsOf(shop.database.db, cod.started.orderId)).toMatchObject([
      { cancelled_at: expect.any(String), shipment_id: null },
    ]);
  });

  it("asks a guest to log in, and answers 404 for someone else's order", async () => {
    const { started } = await paidOrder("Guarded Cancel Tee");
    const guest = await shop.app.inject({
      method: "POST",
      url: "/api/orders/cancel/order",
      payload: { orderId: started.orderId, guestSessionId: newGuest().guestSessionId },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe("User must be authenticated to cancel an order");
    const stranger = await registerAndLogin(shop.app);
    expect((await cancel(stranger, started.orderId)).statusCode).toBe(404);
    expect((await cancel(stranger, "not-a-uuid")).statusCode).toBe(400);
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ status: "CONFIRMED" });
  });
});
