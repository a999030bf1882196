import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { type FakeAnswer, type HttpFake, type RecordedRequest, startHttpFake } from "./http-fake.js";

/*
 * A local stand-in for Shiprocket Checkout's two server-to-server calls (docs/providers.md "Switching to Shiprocket"),
 * strict where the real one is: the bare X-Api-Key, the Base64 HMAC-SHA256 of the exact body
 * bytes, and the required body fields. Its signatures are computed here with node:crypto, not
 * with the shop's helpers, so a mistake in those cannot hide itself.
 */

export interface FakeCheckoutOrder {
  orderId: string;
  token: string;
  items: { variant_id: string; quantity: number }[];
  redirectUrl: string;
  createdAt: Date;
  /** Extra or overriding fields of the order-details `result` (status, payment_type, addresses...). */
  outcome: Record<string, unknown>;
}

export interface FakeShiprocketCheckout extends HttpFake {
  orders: Map<string, FakeCheckoutOrder>;
  /** The requests to one path. */
  requestsTo(path: string): RecordedRequest[];
  /** Decides how checkout `orderId` ended: fields merged into its order-details answer. */
  setOutcome(orderId: string, outcome: Record<string, unknown>): void;
  /** The order-details `result` the fake would answer now. */
  detailsOf(orderId: string): Record<string, unknown>;
  /** A webhook as Shiprocket would send it: the details as body, signed (or with a custom header). */
  webhook(
    orderId: string,
    options?: { secret?: string; customHeader?: { name: string; value: string }; sign?: boolean },
  ): { rawBody: Buffer; headers: Record<string, string> };
}

const base64Hmac = (secret: string, body: Buffer | string) =>
  createHmac("sha256", secret).update(body).digest("base64");

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const fail = (status: number, message: string): FakeAnswer => ({ status, body: { ok: false, message } });

/** "yyyy-mm-dd hh:mm:ss" in India time, as Shiprocket writes dates. */
function indiaTime(date: Date): string {
  return new Date(date.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

export async function startFakeShiprocketCheckout(options: {
  apiKey: string;
  secret: string;
  /** Rupees per unit by variant id; 999 when not listed. */
  prices?: Record<string, number>;
}): Promise<FakeShiprocketCheckout> {
  const orders = new Map<string, FakeCheckoutOrder>();
  const priceOf = (variantId: string) => options.prices?.[variantId] ?? 999;

  function detailsOf(orderId: string): Record<string, unknown> {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no checkout order ${orderId}`);
    const subtotal = order.items.reduce((sum, item) => sum + priceOf(item.variant_id) * item.quantity, 0);
    return {
      order_id: order.orderId,
      platform_order_id: null,
      fastrr_order_id: `FST${order.orderId}`,
      cart_id: null,
      status: "INITIATED",
      payment_status: "Pending",
      payment_type: null,
      phone: null,
      email: null,
      subtotal_price: subtotal,
      shipping_charges: 0,
      cod_charges: 0,
      coupon_discount: 0,
      prepaid_discount: 0,
      total_discount: 0,
      coupon_codes: [],
      total_amount_payable: subtotal,
      cart_data: { items: order.items },
      shipping_address: null,
      billing_address: null,
      order_created_date: indiaTime(order.createdAt),
      edd: null,
      ...order.outcome,
    };
  }

  function authenticate(request: Omit<RecordedRequest, "status">): FakeAnswer | null {
    const key = request.headers["x-api-key"];
    const signature = request.headers["x-api-hmac-sha256"];
    if (typeof key !== "string" || !sameText(key, options.apiKey)) return fail(401, "Unauthorized: invalid api key");
    if (typeof signature !== "string" || !sameText(signature, base64Hmac(options.secret, request.rawBody))) {
      return fail(401, "Unauthorized: HMAC signature mismatch");
    }
    if (!String(request.headers["content-type"] ?? "").startsWith("application/json")) {
      return fail(415, "Content-Type must be application/json");
    }
    return null;
  }

  const validTimestamp = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

  const server = await startHttpFake((request) => {
    if (request.method !== "POST") return fail(405, "Method not allowed");
    const refused = authenticate(request);
    if (refused) return refused;
    const body = request.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== "object") return fail(400, "Body must be JSON");

    if (request.path === "/api/v1/access-token/checkout") {
      const cart = body.cart_data as { items?: unknown } | undefined;
      const items = cart?.items;
      if (!Array.isArray(items) || items.length === 0) return fail(400, "cart_data.items is required");
      for (const item of items as Record<string, unknown>[]) {
        if (typeof item.variant_id !== "string" || item.variant_id === "") {
          return fail(400, "cart_data.items[].variant_id must be a string");
        }
        if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1) {
          return fail(400, "cart_data.items[].quantity must be an integer >= 1");
        }
      }
      if (typeof body.redirect_url !== "string" || !body.redirect_url) return fail(400, "redirect_url is required");
      if (!validTimestamp(body.timestamp)) return fail(400, "timestamp is required");
      const orderId = String(randomInt(10_000_000, 99_999_999));
      const token = randomBytes(24).toString("hex");
      const createdAt = new Date();
      orders.set(orderId, {
        orderId,
        token,
        items: (items as { variant_id: string; quantity: number }[]).map((item) => ({ ...item })),
        redirectUrl: body.redirect_url,
        createdAt,
        outcome: {},
      });
      return {
        status: 200,
        body: {
          ok: true,
          result: {
            token,
            expires_at: new Date(createdAt.getTime() + 15 * 60_000).toISOString(),
            data: { order_id: orderId },
          },
        },
      };
    }

    if (request.path === "/api/v1/custom-platform-order/details") {
      if (typeof body.order_id !== "string" || !body.order_id) return fail(400, "order_id is required");
      if (!validTimestamp(body.timestamp)) return fail(400, "timestamp is required");
      if (!orders.has(body.order_id)) return fail(404, "Order not found");
      return { status: 200, body: { ok: true, result: detailsOf(body.order_id) } };
    }

    return fail(404, "No such route");
  });

  return {
    ...server,
    orders,
    requestsTo: (path) => server.requests.filter((request) => request.path === path),
    setOutcome(orderId, outcome) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no checkout order ${orderId}`);
      order.outcome = { ...order.outcome, ...outcome };
    },
    detailsOf,
    webhook(orderId, webhookOptions = {}) {
      const rawBody = Buffer.from(JSON.stringify(detailsOf(orderId)));
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (webhookOptions.sign ?? true) {
        headers["x-api-hmac-sha256"] = base64Hmac(webhookOptions.secret ?? options.secret, rawBody);
      }
      if (webhookOptions.customHeader) headers[webhookOptions.customHeader.name] = webhookOptions.customHeader.value;
      return { rawBody, headers };
    },
  };
}
