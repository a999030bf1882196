import { randomBytes } from "node:crypto";
import { type FakeAnswer, type HttpFake, type RecordedRequest, startHttpFake } from "./http-fake.js";

/*
 * A local stand-in for Shiprocket's shipping API v1 external (docs/providers.md "Switching to Shiprocket"): auth/login,
 * bearer tokens (which the test can expire), the order, serviceability, AWB, pickup, tracking
 * and cancel calls, each validating its required fields with Shiprocket's 422 shape
 * `{message, errors: {field: [..]}, status_code: 422}`.
 */

export interface FakeShiprocketOrder {
  id: number;
  shipmentId: number;
  body: Record<string, unknown>;
  status: "NEW" | "CANCELED";
  awb: string | null;
  courierId: number | null;
  pickupRequested: boolean;
}

export interface FakeCourier {
  courier_company_id: number;
  courier_name: string;
  cod: 0 | 1;
  estimated_delivery_days: string;
  etd: string;
  rate: number;
}

export interface FakeShiprocketApi extends HttpFake {
  /** Successful logins so far. */
  logins: number;
  orders: Map<number, FakeShiprocketOrder>;
  /** Couriers answered by serviceability, per delivery pincode; `defaultCouriers` otherwise. */
  couriersFor: Map<string, FakeCourier[]>;
  /** Tracking answers by AWB (the official `tracking_data` shape). */
  tracking: Map<string, unknown>;
  /** Every token issued so far stops working (as after 10 days). */
  expireTokens(): void;
  /** The requests whose path ends with `path` (e.g. "orders/create/adhoc"). */
  requestsTo(path: string): RecordedRequest[];
}

export const defaultCouriers: FakeCourier[] = [
  {
    courier_company_id: 10,
    courier_name: "Delhivery Surface",
    cod: 1,
    estimated_delivery_days: "4",
    etd: "Nov 26, 2026",
    rate: 78.5,
  },
  {
    courier_company_id: 43,
    courier_name: "Blue Dart Air",
    cod: 0,
    estimated_delivery_days: "2",
    etd: "Nov 24, 2026",
    rate: 142,
  },
  {
    courier_company_id: 51,
    courier_name: "Xpressbees Surface",
    cod: 1,
    estimated_delivery_days: "5",
    etd: "Nov 27, 2026",
    rate: 71,
  },
];

const invalid = (errors: Record<string, string[]>): FakeAnswer => ({
  status: 422,
  body: { message: "Oops! Invalid Data.", errors, status_code: 422 },
});

const required = [
  "order_id",
  "order_date",
  "pickup_location",
  "billing_customer_name",
  "billing_address",
  "billing_city",
  "billing_pincode",
  "billing_state",
  "billing_country",
  "billing_email",
  "billing_phone",
  "payment_method",
  "sub_total",
  "length",
  "breadth",
  "height",
  "weight",
] as const;
const requiredWhenShippingDiffers = [
  "shipping_customer_name",
  "shipping_address",
  "shipping_city",
  "shipping_pincode",
  "shipping_state",
  "shipping_country",
  "shipping_phone",
] as const;

function adhocOrderErrors(body: Record<string, unknown>, pickupLocations: string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const blank = (value: unknown) => value === undefined || value === null || value === "";
  for (const field of required)
    if (blank(body[field])) add(field, `The ${field.replaceAll("_", " ")} field is required.`);
  if (typeof body.shipping_is_billing !== "boolean")
    add("shipping_is_billing", "The shipping is billing field is required.");
  if (body.shipping_is_billing === false) {
    for (const field of requiredWhenShippingDiffers) {
      if (blank(body[field]))
        add(field, `The ${field.replaceAll("_", " ")} field is required when shipping is billing is false.`);
    }
  }
  if (typeof body.order_id === "string" && body.order_id.length > 50)
    add("order_id", "The order id may not be greater than 50 characters.");
  if (typeof body.order_date === "string" && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/.test(body.order_date)) {
    add("order_date", "The order date does not match the format Y-m-d H:i.");
  }
  if (typeof body.pickup_location === "string" && !pickupLocations.includes(body.pickup_location)) {
    add("pickup_location", "Wrong Pickup location entered.");
  }
  if (typeof body.billing_city === "string" && body.billing_city.length > 30) {
    add("billing_city", "The billing city may not be greater than 30 characters.");
  }
  if (!blank(body.billing_pincode) && !/^[1-9]\d{5}$/.test(String(body.billing_pincode))) {
    add("billing_pincode", "The billing pincode must be 6 digits.");
  }
  if (!blank(body.billing_phone) && !/^\d{10}$/.test(String(body.billing_phone))) {
    add("billing_phone", "The billing phone must be 10 digits.");
  }
  if (!blank(body.payment_method) && !["COD", "Prepaid"].includes(String(body.payment_method))) {
    add("payment_method", "The selected payment method is invalid.");
  }
  if (!blank(body.sub_total) && typeof body.sub_total !== "number") add("sub_total", "The sub total must be a number.");
  for (const field of ["length", "breadth", "height"]) {
    if (!blank(body[field]) && !(Number(body[field]) > 0.5)) add(field, `The ${field} must be greater than 0.5.`);
  }
  if (!blank(body.weight) && !(Number(body.weight) > 0)) add("weight", "The weight must be greater than 0.");
  const items = body.order_items;
  if (!Array.isArray(items) || items.length === 0) {
    add("order_items", "The order items field is required.");
  } else {
    items.forEach((item: Record<string, unknown>, index) => {
      for (const field of ["name", "sku", "units", "selling_price"]) {
        if (blank(item[field]))
          add(`order_items.${index}.${field}`, `The order_items.${index}.${field} field is required.`);
      }
      if (!Number.isInteger(item.units) || (item.units as number) < 1) {
        add(`order_items.${index}.units`, "The units must be an integer of at least 1.");
      }
      if (typeof item.selling_price !== "number")
        add(`order_items.${index}.selling_price`, "The selling price must be a number.");
    });
  }
  return errors;
}

export async function startFakeShiprocketApi(options: {
  email: string;
  password: string;
  pickupLocations?: string[];
}): Promise<FakeShiprocketApi> {
  const validTokens = new Set<string>();
  const orders = new Map<number, FakeShiprocketOrder>();
  const couriersFor = new Map<string, FakeCourier[]>();
  const tracking = new Map<string, unknown>();
  const pickupLocations = options.pickupLocations ?? ["Primary"];
  let nextOrderId = 412_000_101;
  let logins = 0;

  const unauthenticated: FakeAnswer = { status: 401, body: { message: "Token has expired", status_code: 401 } };
  const shipmentById = (id: unknown) => [...orders.values()].find((order) => order.shipmentId === Number(id));

  const server = await startHttpFake((request) => {
    const body = (request.json ?? {}) as Record<string, unknown>;
    const route = `${request.method} ${request.path.replace(/^\/v1\/external/, "")}`;

    if (route === "POST /auth/login") {
      if (body.email !== options.email || body.password !== options.password) {
        return { status: 400, body: { message: "Invalid email and password combination", status_code: 400 } };
      }
      logins += 1;
      const token = `ey${randomBytes(24).toString("base64url")}`;
      validTokens.add(token);
      return {
        status: 200,
        body: { id: 1, first_name: "API", last_name: "User", email: options.email, company_id: 77, token },
      };
    }

    const authorization = request.headers.authorization ?? "";
    const bearer = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!bearer || !validTokens.has(bearer)) return unauthenticated;

    if (route === "POST /orders/create/adhoc") {
      const errors = adhocOrderErrors(body, pickupLocations);
      const existing = [...orders.values()].find((order) => order.body.order_id === body.order_id);
      if (existing?.status === "CANCELED") errors.order_id = ["Order id already exists and is cancelled."];
      if (Object.keys(errors).length > 0) return invalid(errors);
      const order = existing ?? {
        id: nextOrderId,
        shipmentId: nextOrderId + 7_000_000,
        body,
        status: "NEW" as const,
        awb: null,
        courierId: null,
        pickupRequested: false,
      };
      if (!existing) {
        orders.set(order.id, order);
        nextOrderId += 1;
      }
      return {
        status: 200,
        body: {
          order_id: order.id,
          shipment_id: order.shipmentId,
          status: "NEW",
          status_code: 1,
          onboarding_completed_now: 0,
          awb_code: order.awb ?? "",
          courier_company_id: order.courierId ?? "",
          courier_name: "",
        },
      };
    }

    // The account's pickup addresses (Settings → Pickup Addresses), as the returns' destination.
    if (route === "GET /settings/company/pickup") {
      return {
        status: 200,
        body: {
          data: {
            shipping_address: pickupLocations.map((name, index) => ({
              id: 9000 + index,
              pickup_location: name,
              name: "Vaki Warehouse",
              email: "warehouse@vaki.example",
              phone: "9810000000",
              address: "Plot 7, Okhla Phase III",
              address_2: "",
              city: "New Delhi",
              state: "Delhi",
              country: "India",
              pin_code: "110020",
            })),
          },
        },
      };
    }

    // A return order (reverse pickup): the customer's pickup address and the warehouse's, both required.
    if (route === "POST /orders/create/return") {
      const required = ["order_id", "order_date", "pickup_customer_name", "pickup_address", "pickup_city"];
      const more = ["pickup_pincode", "pickup_state", "pickup_country", "pickup_phone", "shipping_customer_name"];
      const rest = ["shipping_address", "shipping_city", "shipping_pincode", "shipping_state", "shipping_phone"];
      const errors: Record<string, string[]> = {};
      for (const field of [...required, ...more, ...rest, "order_items", "sub_total", "weight"]) {
        if (body[field] === undefined || body[field] === "") errors[field] = [`The ${field} field is required.`];
      }
      if (Object.keys(errors).length > 0) return invalid(errors);
      const existing = [...orders.values()].find((order) => order.body.order_id === body.order_id);
      const order = existing ?? {
        id: nextOrderId,
        shipmentId: nextOrderId + 7_000_000,
        body,
        status: "NEW" as const,
        awb: null,
        courierId: null,
        pickupRequested: false,
      };
      if (!existing) {
        orders.set(order.id, order);
        nextOrderId += 1;
      }
      return {
        status: 200,
        body: { order_id: order.id, shipment_id: order.shipmentId, status: "RETURN PENDING", status_code: 21 },
      };
    }

    if (route === "GET /courier/serviceability/" || route === "GET /courier/serviceability") {
      const q = request.query;
      const errors: Record<string, string[]> = {};
      if (!q.get("pickup_postcode")) errors.pickup_postcode = ["The pickup postcode field is required."];
      if (!q.get("delivery_postcode")) errors.delivery_postcode = ["The delivery postcode field is required."];
      if (!q.get("order_id") && (!q.has("cod") || !q.get("weight"))) {
        errors.weight = ["The weight field is required when order id is not present."];
        if (!q.has("cod")) errors.cod = ["The cod field is required when order id is not present."];
      }
      if (Object.keys(errors).length > 0) return invalid(errors);
      const all = couriersFor.get(q.get("delivery_postcode") ?? "") ?? defaultCouriers;
      const couriers = q.get("cod") === "1" ? all.filter((courier) => courier.cod === 1) : all;
      if (couriers.length === 0) return { status: 404, body: { status: 404, message: "No courier serviceable" } };
      return {
        status: 200,
        body: {
          status: 200,
          data: {
            available_courier_companies: couriers,
            recommended_courier_company_id: couriers[couriers.length - 1]?.courier_company_id,
            shiprocket_recommended_courier_id: couriers[0]?.courier_company_id,
          },
        },
      };
    }

    if (route === "POST /courier/assign/awb") {
      if (body.shipment_id === undefined) return invalid({ shipment_id: ["The shipment id field is required."] });
      const order = shipmentById(body.shipment_id);
      if (!order || order.status === "CANCELED") return { status: 400, body: { message: "Invalid shipment id" } };
      if (!order.awb) {
        const courier =
          defaultCouriers.find((c) => c.courier_company_id === body.courier_id) ??
          (body.courier_id === undefined ? defaultCouriers[0] : undefined);
        if (!courier) return { status: 400, body: { message: "Courier not serviceable" } };
        order.awb = `1411${String(order.shipmentId).padStart(11, "0")}`;
        order.courierId = courier.courier_company_id;
      }
      const courier = defaultCouriers.find((c) => c.courier_company_id === order.courierId);
      return {
        status: 200,
        body: {
          awb_assign_status: 1,
          response: {
            data: {
              awb_code: order.awb,
              courier_company_id: order.courierId,
              courier_name: courier?.courier_name,
              shipment_id: order.shipmentId,
              order_id: order.id,
              pickup_scheduled_date: null,
              applied_weight: 0.5,
              routing_code: "DEL/GGN",
            },
          },
        },
      };
    }

    if (route === "POST /courier/generate/pickup") {
      const ids = body.shipment_id;
      if (!Array.isArray(ids) || ids.length === 0)
        return invalid({ shipment_id: ["The shipment id field is required."] });
      const order = shipmentById(ids[0]);
      if (!order?.awb) return { status: 400, body: { message: "Please assign AWB before generating pickup" } };
      order.pickupRequested = true;
      return {
        status: 200,
        body: {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: "2026-11-23 11:00:00",
            pickup_token_number: "Reference No: 194582",
            status: 3,
            pickup_generated_date: { date: "2026-11-22 16:00:00.000000", timezone_type: 3, timezone: "Asia/Kolkata" },
            data: "Pickup is confirmed by Delhivery Surface For AWB :- 1411",
          },
        },
      };
    }

    const track = /^GET \/courier\/track\/awb\/([^/]+)$/.exec(route);
    if (track) {
      const awb = decodeURIComponent(track[1] ?? "");
      const answer = tracking.get(awb);
      if (answer) return { status: 200, body: answer };
      const order = [...orders.values()].find((o) => o.awb === awb);
      if (!order) return { status: 404, body: { message: "Awb not found", status_code: 404 } };
      return {
        status: 200,
        body: {
          tracking_data: {
            track_status: 0,
            shipment_status: 0,
            shipment_track: [{ id: 0, awb_code: awb, current_status: "", pickup_date: null, delivered_date: null }],
            shipment_track_activities: null,
            error: "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.",
          },
        },
      };
    }

    const ndr = /^POST \/ndr\/([^/]+)\/action$/.exec(route);
    if (ndr) {
      const awb = decodeURIComponent(ndr[1] ?? "");
      if (![...orders.values()].some((o) => o.awb === awb)) {
        return { status: 404, body: { message: "Awb not found", status_code: 404 } };
      }
      if (body.action !== "re-attempt" && body.action !== "return") {
        return invalid({ action: ["The selected action is invalid."] });
      }
      if (body.action === "re-attempt" && (!body.deferred_date || !body.phone)) {
        return invalid({ deferred_date: ["The deferred date field is required when action is re-attempt."] });
      }
      return { status: 200, body: { message: "NDR action taken successfully", status_code: 200 } };
    }

    if (route === "POST /orders/cancel") {
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.length === 0) return invalid({ ids: ["The ids field is required."] });
      for (const id of ids) {
        const order = orders.get(Number(id));
        if (order) order.status = "CANCELED";
      }
      return { status: 204 };
    }

    return { status: 404, body: { message: "Not Found", status_code: 404 } };
  });

  return {
    ...server,
    get logins() {
      return logins;
    },
    orders,
    couriersFor,
    tracking,
    expireTokens() {
      validTokens.clear();
    },
    requestsTo: (path) => server.requests.filter((request) => request.path.endsWith(path)),
  };
}
