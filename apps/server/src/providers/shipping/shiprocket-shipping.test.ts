import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeShiprocketApi, startFakeShiprocketApi } from "../../../test/fakes/fake-shiprocket-api.js";
import { londonAddress } from "../../../test/helpers/checkout.js";
import { noidaAddress as address, shipmentOrder } from "../../../test/helpers/shipping.js";
import { ManualClock } from "../../lib/clock.js";
import { InvalidInput, NotFound } from "../../lib/errors.js";
import { ShippingProviderError } from "./shipping-provider.js";
import { ShiprocketShippingProvider } from "./shiprocket-shipping.js";

const email = "api-user@vaki.example";
const password = "Sr-api-Pa55word!";
const day = 24 * 60 * 60 * 1000;

describe("Shiprocket shipping against a local fake of its v1 external API", () => {
  let fake: FakeShiprocketApi;
  let clock: ManualClock;
  const provider = (overrides: { password?: string; pickupLocation?: string; apiUrl?: string } = {}) =>
    new ShiprocketShippingProvider({
      apiUrl: overrides.apiUrl ?? `${fake.url}/v1/external`,
      email,
      password: overrides.password ?? password,
      pickupLocation: overrides.pickupLocation ?? "Primary",
      pickupPincode: "110020",
      clock,
    });

  beforeAll(async () => {
    fake = await startFakeShiprocketApi({ email, password });
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
    fake.requests.length = 0;
  });

  describe("the login token", () => {
    it("logs in once for ten calls in a row and sends the token as a bearer", async () => {
      const before = fake.logins;
      const shiprocket = provider();
      for (let i = 0; i < 10; i += 1) await shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 });
      expect(fake.logins - before).toBe(1);
      expect(fake.requestsTo("auth/login")[0]?.json).toEqual({ email, password });
      const calls = fake.requestsTo("courier/serviceability/");
      expect(calls).toHaveLength(10);
      const tokens = new Set(calls.map((call) => call.headers.authorization));
      expect(tokens.size).toBe(1);
      expect([...tokens][0]).toMatch(/^Bearer ey/);
    });

    it("logs in once for calls made at the same time", async () => {
      const before = fake.logins;
      const shiprocket = provider();
      await Promise.all(
        Array.from({ length: 5 }, () => shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 })),
      );
      expect(fake.logins - before).toBe(1);
    });

    it("renews the token after 9 days, before its 10-day life ends", async () => {
      const shiprocket = provider();
      await shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 });
      const before = fake.logins;
      clock.advance(9 * day - 1);
      await shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 });
      expect(fake.logins).toBe(before);
      clock.advance(1);
      await shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 });
      expect(fake.logins).toBe(before + 1);
    });

    it("logs in again once when the API says the token expired, and retries the call", async () => {
      const shiprocket = provider();
      await shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 });
      const before = fake.logins;
      fake.expireTokens();
      fake.requests.length = 0;
      const answer = await shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 });
      expect(answer.serviceable).toBe(true);
      expect(fake.logins).toBe(before + 1);
      expect(fake.requests.map((r) => `${r.path.replace("/v1/external/", "")} ${r.status}`)).toEqual([
        "courier/serviceability/ 401",
        "auth/login 200",
        "courier/serviceability/ 200",
      ]);
    });

    it("gives up after one re-login when the API keeps answering 401", async () => {
      const shiprocket = provider();
      await shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 });
      const unauthorised = { status: 401, body: { message: "Token has expired", status_code: 401 } };
      fake.failNext(unauthorised, { path: "courier/serviceability/" });
      fake.failNext(unauthorised, { path: "courier/serviceability/" });
      const before = fake.logins;
      await expect(shiprocket.serviceability({ pincode: "560001", cod: false, weightKg: 0.5 })).rejects.toMatchObject({
        name: "ShippingProviderError",
        upstreamStatus: 401,
        retryable: false,
      });
      expect(fake.logins).toBe(before + 1);
    });

    it("reports wrong credentials without repeating the password", async () => {
      const error = (await provider({ password: "wrong-password-123" })
        .serviceability({ pincode: "560001", cod: false, weightKg: 0.5 })
        .catch((e: unknown) => e)) as ShippingProviderError;
      expect(error).toBeInstanceOf(ShippingProviderError);
      expect(error.upstreamStatus).toBe(400);
      expect(error.message).toMatch(/login failed.*Invalid email and password/);
      expect(error.message).not.toContain("wrong-password-123");
    });
  });

  describe("creating an order", () => {
    it("sends every required field, with prices in rupees and India-time order date", async () => {
      const order = shipmentOrder({
        billing: { ...address, city: "Sahibzada Ajit Singh Nagar (Mohali) District", email: "riya@example.com" },
        shipping: { ...address, city: "Sahibzada Ajit Singh Nagar (Mohali) District" },
      });
      const created = await provider().createShipment(order);
      expect(created).toEqual({
        providerOrderId: expect.stringMatching(/^\d+$/),
        shipmentId: expect.stringMatching(/^\d+$/),
        statusCode: 1,
      });

      const sent = fake.requestsTo("orders/create/adhoc")[0];
      expect(sent?.status).toBe(200);
      expect(sent?.json).toEqual({
        order_id: order.orderNumber,
        order_date: "2026-11-22 15:25",
        pickup_location: "Primary",
        billing_customer_name: "Riya Sharma",
        billing_last_name: "",
        billing_address: "Flat 4B, Lotus Towers",
        billing_address_2: "Sector 62",
        billing_city: "Sahibzada Ajit Singh Nagar (Mo",
        billing_pincode: "201301",
        billing_state: "Uttar Pradesh",
        billing_country: "India",
        billing_email: "riya@example.com",
        billing_phone: "9876543210",
        shipping_is_billing: true,
        order_items: [
          { name: "Moonkid Oversized Tee", sku: "VK-MOON-TEE-BLK-M", units: 2, selling_price: 1299 },
          { name: "Orb Cap", sku: "VK-ORB-CAP-LIM", units: 1, selling_price: 499.5 },
        ],
        payment_method: "Prepaid",
        sub_total: 3097.5,
        length: 30,
        breadth: 25,
        height: 4,
        weight: 0.75,
      });
      expect(fake.orders.get(Number(created.providerOrderId))?.shipmentId).toBe(Number(created.shipmentId));
    });

    it("sends the shipping address when it differs from billing, and cash on delivery", async () => {
      await provider().createShipment(
        shipmentOrder({
          paymentMethod: "COD",
          shipping: {
            ...address,
            fullName: "Kabir Rao",
            line1: "12 MG Road",
            city: "Bengaluru",
            state: "Karnataka",
            pincode: "560001",
            phone: "09123456780",
          },
        }),
      );
      const sent = fake.requestsTo("orders/create/adhoc")[0]?.json as Record<string, unknown>;
      expect(sent).toMatchObject({
        payment_method: "COD",
        shipping_is_billing: false,
        shipping_customer_name: "Kabir Rao",
        shipping_address: "12 MG Road",
        shipping_city: "Bengaluru",
        shipping_pincode: "560001",
        shipping_state: "Karnataka",
        shipping_country: "India",
        shipping_phone: "9123456780",
      });
    });

    it("sends the parcel's address as billing when the shopper's billing address is abroad", async () => {
      await provider().createShipment(
        shipmentOrder({
          billing: { ...londonAddress, email: "riya@example.co.uk" },
        }),
      );
      const sent = fake.requestsTo("orders/create/adhoc")[0]?.json as Record<string, unknown>;
      expect(sent).toMatchObject({
        billing_customer_name: address.fullName,
        billing_address: address.line1,
        billing_pincode: address.pincode,
        billing_country: "India",
        billing_email: "riya@example.co.uk",
        shipping_is_billing: true,
      });
      expect(JSON.stringify(sent)).not.toContain("NW1 6XE");
    });

    it("surfaces the API's 422 field errors", async () => {
      const error = (await provider({ pickupLocation: "Warehouse 9" })
        .createShipment(shipmentOrder({ dimensionsCm: { length: 0.4, breadth: 25, height: 4 } }))
        .catch((e: unknown) => e)) as ShippingProviderError;
      expect(error).toBeInstanceOf(ShippingProviderError);
      expect(error.upstreamStatus).toBe(422);
      expect(error.retryable).toBe(false);
      expect(error.fieldErrors).toEqual({
        pickup_location: ["Wrong Pickup location entered."],
        length: ["The length must be greater than 0.5."],
      });
    });

    it("refuses an order number longer than Shiprocket's 50 characters before calling", async () => {
      await expect(provider().createShipment(shipmentOrder({ orderNumber: "X".repeat(51) }))).rejects.toBeInstanceOf(
        InvalidInput,
      );
      expect(fake.requestsTo("orders/create/adhoc")).toHaveLength(0);
    });

    it("marks 5xx and 429 answers as retryable", async () => {
      const shiprocket = provider();
      fake.failNext({ status: 502, body: { message: "Bad Gateway" } }, { path: "orders/create/adhoc" });
      await expect(shiprocket.createShipment(shipmentOrder())).rejects.toMatchObject({
        upstreamStatus: 502,
        retryable: true,
      });
      fake.failNext({ status: 429, body: { message: "Too Many Attempts." } }, { path: "orders/create/adhoc" });
      await expect(shiprocket.createShipment(shipmentOrder())).rejects.toMatchObject({
        upstreamStatus: 429,
        retryable: true,
      });
    });

    it("reports an unreachable API as retryable", async () => {
      await expect(
        provider({ apiUrl: "http://127.0.0.1:9/v1/external" }).createShipment(shipmentOrder()),
      ).rejects.toMatchObject({
        upstreamStatus: null,
        retryable: true,
      });
    });
  });

  describe("serviceability", () => {
    it("asks with the pickup pincode, cod 0/1 and the weight, and maps the couriers", async () => {
      const answer = await provider().serviceability({ pincode: "560001", cod: false, weightKg: 0.75 });
      expect(answer).toEqual({
        serviceable: true,
        codAvailable: true,
        estimatedDays: { min: 2, max: 5 },
        region: "india",
        courierName: "Xpressbees Surface",
      });
      const query = fake.requestsTo("courier/serviceability/")[0]?.query;
      expect(Object.fromEntries(query ?? [])).toEqual({
        pickup_postcode: "110020",
        delivery_postcode: "560001",
        cod: "0",
        weight: "0.75",
      });
    });

    it("keeps to couriers that collect cash when COD is wanted", async () => {
      const answer = await provider().serviceability({ pincode: "110017", cod: true, weightKg: 0.5 });
      expect(answer).toMatchObject({
        serviceable: true,
        codAvailable: true,
        estimatedDays: { min: 4, max: 5 },
        region: "delhi-ncr",
      });
      expect(fake.requestsTo("courier/serviceability/")[0]?.query.get("cod")).toBe("1");
    });

    it("answers not serviceable when no courier goes there", async () => {
      fake.couriersFor.set("795001", [
        {
          courier_company_id: 43,
          courier_name: "Blue Dart Air",
          cod: 0,
          estimated_delivery_days: "6",
          etd: "",
          rate: 200,
        },
      ]);
      expect(await provider().serviceability({ pincode: "795001", cod: true, weightKg: 0.5 })).toMatchObject({
        serviceable: false,
        codAvailable: false,
        courierName: null,
      });
      fake.failNext(
        { status: 200, body: { status: 404, message: "No courier serviceable" } },
        { path: "courier/serviceability/" },
      );
      expect(await provider().serviceability({ pincode: "795001", cod: false, weightKg: 0.5 })).toMatchObject({
        serviceable: false,
      });
    });

    it("does not ask the domestic API about foreign or invalid codes", async () => {
      expect(
        await provider().serviceability({ pincode: "10001", country: "United States", cod: false, weightKg: 1 }),
      ).toMatchObject({
        serviceable: false,
        region: "international",
      });
      expect((await provider().serviceability({ pincode: "012345", cod: false, weightKg: 1 })).serviceable).toBe(false);
      expect(fake.requestsTo("courier/serviceability/")).toHaveLength(0);
    });
  });

  describe("AWB, pickup, tracking and cancel", () => {
    it("assigns an AWB for the shipment, with or without a chosen courier", async () => {
      const shiprocket = provider();
      const created = await shiprocket.createShipment(shipmentOrder());
      const awb = await shiprocket.assignAwb({ shipmentId: created.shipmentId }, 43);
      expect(awb).toEqual({ awb: expect.stringMatching(/^1411\d{11}$/), courierId: 43, courierName: "Blue Dart Air" });
      expect(fake.requestsTo("courier/assign/awb")[0]?.json).toEqual({
        shipment_id: Number(created.shipmentId),
        courier_id: 43,
      });

      const other = await shiprocket.createShipment(shipmentOrder());
      expect((await shiprocket.assignAwb({ shipmentId: other.shipmentId })).courierName).toBe("Delhivery Surface");
      expect(fake.requestsTo("courier/assign/awb")[1]?.json).toEqual({ shipment_id: Number(other.shipmentId) });
    });

    it("reports an AWB the API did not assign", async () => {
      fake.failNext(
        {
          status: 200,
          body: { awb_assign_status: 0, response: { data: { awb_assign_error: "Courier not serviceable" } } },
        },
        { path: "courier/assign/awb" },
      );
      await expect(provider().assignAwb({ shipmentId: "1" })).rejects.toThrow(/Courier not serviceable/);
    });

    it("requests the pickup for one shipment", async () => {
      const shiprocket = provider();
      const created = await shiprocket.createShipment(shipmentOrder());
      await shiprocket.assignAwb({ shipmentId: created.shipmentId });
      expect(await shiprocket.requestPickup({ shipmentId: created.shipmentId })).toEqual({
        pickupScheduledDate: "2026-11-23 11:00:00",
      });
      expect(fake.requestsTo("courier/generate/pickup")[0]?.json).toEqual({
        shipment_id: [Number(created.shipmentId)],
      });
    });

    it("passes tracking through in the spec's shape", async () => {
      fake.tracking.set("14110000001", {
        tracking_data: {
          track_status: 1,
          shipment_status: 18,
          shipment_track: [
            {
              id: 1,
              awb_code: "14110000001",
              courier_company_id: 51,
              current_status: "IN TRANSIT",
              courier_name: "Xpressbees Surface",
              weight: "0.75",
              pickup_date: "2026-11-22 18:02:00",
              delivered_date: null,
              origin: "Delhi",
              destination: "Noida",
            },
          ],
          shipment_track_activities: [
            {
              date: "2026-11-23 04:10:00",
              status: "IT",
              activity: "In Transit",
              location: "Delhi Hub",
              "sr-status": "18",
              "sr-status-label": "IN TRANSIT",
            },
            {
              date: "2026-11-22 18:02:00",
              status: "PKD",
              activity: "Picked up",
              location: "Okhla",
              "sr-status": 42,
              "sr-status-label": "PICKED UP",
            },
          ],
          track_url: "https://shiprocket.co/tracking/14110000001",
          etd: "2026-11-24 20:00:00",
        },
      });
      const answer = await provider().track("14110000001");
      expect(answer.tracking_data).toMatchObject({
        track_status: 1,
        shipment_status: 18,
        shipment_track: [{ awb_code: "14110000001", current_status: "IN TRANSIT", courier_company_id: 51 }],
        track_url: "https://shiprocket.co/tracking/14110000001",
      });
      expect(answer.tracking_data.shipment_track_activities.map((scan) => scan["sr-status"])).toEqual(["18", "42"]);
    });

    it("reads the no-activities-yet answer, and NotFound for an unknown AWB", async () => {
      const shiprocket = provider();
      const created = await shiprocket.createShipment(shipmentOrder());
      const { awb } = await shiprocket.assignAwb({ shipmentId: created.shipmentId });
      const answer = await shiprocket.track(awb);
      expect(answer.tracking_data.track_status).toBe(0);
      expect(answer.tracking_data.shipment_track_activities).toEqual([]);
      await expect(shiprocket.track("99999999999")).rejects.toBeInstanceOf(NotFound);
    });

    it("cancels by Shiprocket order id and accepts the 204", async () => {
      const shiprocket = provider();
      const created = await shiprocket.createShipment(shipmentOrder());
      await shiprocket.cancel({ providerOrderId: created.providerOrderId });
      const sent = fake.requestsTo("orders/cancel")[0];
      expect(sent?.json).toEqual({ ids: [Number(created.providerOrderId)] });
      expect(sent?.status).toBe(204);
      expect(fake.orders.get(Number(created.providerOrderId))?.status).toBe("CANCELED");
    });

    it("books a reverse pickup: the return order from the customer to the warehouse, then its AWB with is_return", async () => {
      const warehouse = {
        name: "Vaki Warehouse",
        address: "Okhla Phase III",
        city: "New Delhi",
        state: "Delhi",
        pincode: "110020",
        phone: "+91 98100 00000",
      };
      const shiprocket = new ShiprocketShippingProvider({
        apiUrl: `${fake.url}/v1/external`,
        email,
        password,
        pickupLocation: "Primary",
        pickupPincode: "110020",
        clock,
        returnAddress: warehouse,
      });
      const booked = await shiprocket.createReturn({
        orderId: "order-9:r3",
        orderNumber: "VK-100042-R3",
        orderDate: new Date("2026-11-22T09:55:00.000Z"),
        subTotal: 129_950,
        lines: [{ name: "Moonkid Oversized Tee", sku: "VK-MOON-TEE-BLK-M", units: 1, sellingPrice: 129_950 }],
        pickup: { ...address, email: "riya@example.com" },
        weightKg: 0.5,
        dimensionsCm: { length: 30, breadth: 25, height: 7 },
      });
      const created = fake.requestsTo("orders/create/return")[0];
      expect(created?.status).toBe(200);
      expect(created?.json).toMatchObject({
        order_id: "VK-100042-R3",
        order_date: "2026-11-22",
        pickup_customer_name: address.fullName,
        pickup_pincode: address.pincode,
        pickup_phone: "9876543210",
        shipping_customer_name: "Vaki Warehouse",
        shipping_pincode: "110020",
        shipping_phone: "9810000000",
        order_items: [{ name: "Moonkid Oversized Tee", sku: "VK-MOON-TEE-BLK-M", units: 1, selling_price: 1299.5 }],
        payment_method: "Prepaid",
        sub_total: 1299.5,
      });
      const assigned = fake.requestsTo("courier/assign/awb")[0];
      expect(assigned?.json).toEqual({ shipment_id: Number(booked.shipmentId), is_return: 1 });
      expect(booked).toMatchObject({ providerOrderId: expect.any(String), awb: expect.stringMatching(/^1411\d{11}$/) });
      // Without an address given, the pickup location's own (read once from the account).
      const fromAccount = provider();
      const more = (n: number) => ({
        orderId: `order-9:r${n}`,
        orderNumber: `VK-100042-R${n}`,
        orderDate: new Date("2026-11-22T09:55:00.000Z"),
        subTotal: 129_950,
        lines: [{ name: "Moonkid Oversized Tee", sku: "VK-MOON-TEE-BLK-M", units: 1, sellingPrice: 129_950 }],
        pickup: { ...address, email: "riya@example.com" },
        weightKg: 0.5,
        dimensionsCm: { length: 30, breadth: 25, height: 7 },
      });
      await fromAccount.createReturn(more(4));
      await fromAccount.createReturn(more(5));
      expect(fake.requestsTo("settings/company/pickup")).toHaveLength(1);
      expect(fake.requestsTo("orders/create/return")[1]?.json).toMatchObject({
        shipping_address: "Plot 7, Okhla Phase III",
        shipping_city: "New Delhi",
        shipping_pincode: "110020",
      });
      await expect(provider({ pickupLocation: "Nowhere" }).createReturn(more(6))).rejects.toBeInstanceOf(
        ShippingProviderError,
      );
    });

    it("answers a failed delivery with NDR actions: re-attempt with day and phone, or return", async () => {
      const shiprocket = provider();
      const created = await shiprocket.createShipment(shipmentOrder());
      const { awb } = await shiprocket.assignAwb({ shipmentId: created.shipmentId });
      await shiprocket.ndrAction(awb, { action: "re-attempt", date: "2026-11-24", phone: "9876543210" });
      await shiprocket.ndrAction(awb, { action: "return" });
      const sent = fake.requestsTo(`ndr/${awb}/action`);
      expect(sent.map((request) => [request.method, request.status])).toEqual([
        ["POST", 200],
        ["POST", 200],
      ]);
      expect(sent[0]?.json).toEqual({
        action: "re-attempt",
        comments: "Re-attempt delivery on 2026-11-24",
        phone: "9876543210",
        deferred_date: "2026-11-24",
      });
      expect(sent[1]?.json).toEqual({ action: "return", comments: "Return to origin" });
      await expect(shiprocket.ndrAction("99999999999", { action: "return" })).rejects.toBeInstanceOf(NotFound);
    });
  });
});
