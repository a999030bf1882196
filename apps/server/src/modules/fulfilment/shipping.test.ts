import { fulfilmentMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  guestQuery,
  orderRow,
  paymentForm,
  shipmentsOf,
  startCheckout,
  submitPaymentPage,
} from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

describe(`delivery checks, shipments and tracking (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const serviceability = (query: string) =>
    shop.app.inject({ method: "GET", url: `/api/shipping/serviceability?${query}` });

  describe("serviceability", () => {
    it("promises Delhi-NCR 1-2 working days with cash on delivery", async () => {
      const response = await serviceability("pincode=110001");
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        pincode: "110001",
        serviceable: true,
        codAvailable: true,
        estimatedDays: { min: 1, max: 2 },
        region: "delhi-ncr",
        courierName: "Delhivery Surface",
        message: "Delivery in 1-2 working days",
      });
    });

    it("promises Mumbai (elsewhere in India) 3-5 business days", async () => {
      const data = (await serviceability("pincode=400001&cod=true")).json().data;
      expect(data).toMatchObject({
        serviceable: true,
        codAvailable: true,
        estimatedDays: { min: 3, max: 5 },
        region: "india",
        message: "Delivery in 3-5 business days",
      });
    });

    it("promises abroad 5-7 business days (7-14 to some destinations), without cash on delivery", async () => {
      const prepaid = (await serviceability("pincode=SW1A%201AA&country=United%20Kingdom")).json().data;
      expect(prepaid).toMatchObject({
        serviceable: true,
        codAvailable: false,
        estimatedDays: { min: 5, max: 14 },
        region: "international",
        message: "Delivery in 5-7 business days (7-14 to some destinations)",
      });
      const cod = (await serviceability("pincode=10001&country=US&cod=1")).json().data;
      expect(cod).toMatchObject({ serviceable: false, codAvailable: false, region: "international" });
    });

    it("says an impossible pincode is not valid, and refuses malformed input with 400", async () => {
      for (const pincode of ["011001", "999999", "912345"]) {
        const invalid = (await serviceability(`pincode=${pincode}`)).json().data;
        expect(invalid, pincode).toMatchObject({
          serviceable: false,
          codAvailable: false,
          message: fulfilmentMessages.invalidPincode,
        });
      }
      for (const query of ["pincode=%3Cscript%3E", "pincode=", "", "pincode=110001&cod=maybe"]) {
        const response = await serviceability(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ success: false, error: "InvalidInput" });
      }
    });
  });

  describe("the confirmation page's ensure calls", () => {
    it("create the paid order's shipment and AWB once, whoever asks first, and answer the courier id", async () => {
      const tee = await insertProduct(shop.database.db, { name: "Ensure Tee", variants: [{ size: "S", stock: 5 }] });
      const guest = newGuest();
      const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
      const ensure = (url: string, body: Record<string, unknown> = {}) =>
        shop.app.inject({
          method: "POST",
          url,
          payload: {
            orderId: started.orderId,
            userId: "",
            guestSessionId: guest.guestSessionId,
            orderSecret: started.orderSecret,
            ...body,
          },
        });

      const unpaid = await ensure("/api/orders/create/shiprocket");
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toBe(fulfilmentMessages.shipmentAfterPayment);

      await submitPaymentPage(shop.app, started.token, paymentForm({ "shippingAddress.pincode": "560001" }));
      // The guest session alone does not reach the order's shipment: the secret does (R-SHOP-11).
      expect((await ensure("/api/orders/create/shiprocket", { orderSecret: undefined })).statusCode).toBe(404);
      const [created, again] = await Promise.all([
        ensure("/api/orders/create/shiprocket"),
        ensure("/api/orders/create/shiprocket", { guestSessionId: undefined }),
      ]);
      expect(created.statusCode).toBe(200);
      const answer = created.json();
      expect(answer.courierId).toEqual(expect.any(Number));
      expect(answer.data).toMatchObject({
        orderId: started.orderId,
        shiprocketOrderId: expect.stringMatching(/^\d{9}$/),
        shipmentId: expect.stringMatching(/^\d{9}$/),
        awb: expect.any(String),
        trackingNumber: answer.data.awb,
        courierId: answer.courierId,
        orderStatus: "PROCESSING",
      });
      expect(again.json().data.awb).toBe(answer.data.awb);
      const awb = await ensure("/api/orders/generate/awb", { courierId: 2 });
      expect(awb.json().data.awb).toBe(answer.data.awb);

      await shop.app.outbox.drain();
      expect(await shipmentsOf(shop.database.db, started.orderId)).toHaveLength(1);
      const courier = await shop.database.db
        .selectFrom("sandbox_shipments")
        .select("shipment_id")
        .where("order_id", "=", started.orderId)
        .execute();
      expect(courier).toHaveLength(1);
      expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ tracking_number: answer.data.awb });

      const stranger = await shop.app.inject({
        method: "POST",
        url: "/api/orders/generate/awb",
        payload: { orderId: started.orderId, guestSessionId: newGuest().guestSessionId },
      });
      expect(stranger.statusCode).toBe(404);
    });
  });

  describe("tracking", () => {
    it("answers an order without a shipment with track_status 0 and the timeline at Created", async () => {
      const tee = await insertProduct(shop.database.db, { name: "Untracked Tee", variants: [{ size: "S", stock: 5 }] });
      const guest = newGuest();
      const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
      const access = guestQuery(guest.guestSessionId, started.orderSecret);
      const response = await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}/track?${access}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        orderId: started.orderId,
        awb: null,
        courierName: null,
        status: "CREATED",
        statusLabel: "Awaiting Payment",
        tracking_data: {
          track_status: 0,
          shipment_status: 0,
          shipment_track: [],
          shipment_track_activities: [],
          // A guest's link to follow the order: its page with the secret, on any device.
          track_url: `http://localhost/order-confirmation/${started.orderId}?orderSecret=${started.orderSecret}`,
          etd: null,
          error: fulfilmentMessages.noTrackingYet,
        },
        timeline: [
          { step: "Created", done: true, at: "2026-11-22T10:00:00.000Z" },
          { step: "Processing", done: false },
          { step: "Shipped", done: false },
          { step: "Delivered", done: false },
        ],
      });

      await submitPaymentPage(shop.app, started.token, paymentForm());
      const paid = (
        await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}/track?${access}` })
      ).json().data;
      expect(paid).toMatchObject({ status: "CONFIRMED", tracking_data: { track_status: 0 } });
    });

    it("shows tracking only to the order's owner", async () => {
      const tee = await insertProduct(shop.database.db, { name: "Owned Tee", variants: [{ size: "S", stock: 5 }] });
      const session = await registerAndLogin(shop.app);
      const started = await startCheckout(shop.app, { headers: session.headers }, [
        { productId: tee.id, variantId: tee.variantIds[0]! },
      ]);
      await submitPaymentPage(shop.app, started.token, paymentForm());
      await shop.app.outbox.drain();
      const { tracking_number: awb } = await orderRow(shop.database.db, started.orderId);
      const other = await registerAndLogin(shop.app);

      const mine = await shop.app.inject({
        method: "GET",
        url: `/api/orders/track/awb/${awb}`,
        headers: session.headers,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data.tracking_data.track_status).toBe(1);
      for (const [url, headers] of [
        [`/api/orders/track/awb/${awb}`, other.headers],
        [`/api/orders/track/awb/${awb}`, {}],
        [`/api/orders/track/awb/${awb}?guestSessionId=${newGuest().guestSessionId}`, {}],
        [`/api/orders/${started.orderId}/track`, other.headers],
        [`/api/orders/${started.orderId}/track`, {}],
      ] as const) {
        const response = await shop.app.inject({ method: "GET", url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().message, url).toBe("Order not found or no data returned");
      }
      const unknown = await shop.app.inject({
        method: "GET",
        url: "/api/orders/track/awb/NOPE123",
        headers: session.headers,
      });
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, "Order not found or no data returned"]);
      const malformed = await shop.app.inject({ method: "GET", url: "/api/orders/track/awb/x" });
      expect([malformed.statusCode, malformed.json().message]).toEqual([400, "AWB code is required for tracking"]);
    });
  });
});
