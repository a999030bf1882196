import { createHmac } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import type { App } from "../../src/app.js";
import type { Config } from "../../src/config.js";
import type { Db } from "../../src/db/connection.js";
import type { Clock } from "../../src/lib/clock.js";
import { codPhone as normalisePhone } from "../../src/modules/cod/service.js";
import { addOk, orderOk, type Shopper } from "./cart.js";
import { lastCodeFor } from "./sms.js";

const headersOf = (shopper: Shopper) => ("headers" in shopper ? shopper.headers : {});
const guestOf = (shopper: Shopper) => ("guestSessionId" in shopper ? { guestSessionId: shopper.guestSessionId } : {});

/** A London address as the sandbox page stores it (country name, phone as E.164). */
export const londonAddress = {
  fullName: "Riya Sharma",
  line1: "221B Baker Street",
  line2: "",
  city: "London",
  state: "Greater London",
  pincode: "NW1 6XE",
  country: "United Kingdom",
  phone: "+442079460958",
} as const;

/** A Dubai address as the page's form fields: the UAE has no postal codes. */
export const dubaiFormFields = {
  "shippingAddress.line1": "Villa 12, Street 5, Al Wasl",
  "shippingAddress.city": "Dubai",
  "shippingAddress.state": "Dubai",
  "shippingAddress.pincode": "",
  "shippingAddress.country": "United Arab Emirates",
  "shippingAddress.phone": "050 123 4567",
} as const;

/** The sandbox page's form as a browser posts it (flat names), for a Noida (Delhi-NCR) address. */
export function paymentForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    method: "upi",
    "contact.email": "riya@example.com",
    "contact.phone": "98765 43210",
    upiId: "",
    "shippingAddress.fullName": "Riya Sharma",
    "shippingAddress.line1": "Flat 4B, Lotus Towers",
    "shippingAddress.line2": "Sector 62",
    "shippingAddress.city": "Noida",
    "shippingAddress.state": "Uttar Pradesh",
    "shippingAddress.pincode": "201301",
    "shippingAddress.country": "India",
    "shippingAddress.phone": "9876543210",
    billingSameAsShipping: "on",
    ...overrides,
  };
}

/** The same form for a London address, phones with the UK's country code, paid by UPI. */
export function ukPaymentForm(overrides: Record<string, string> = {}): Record<string, string> {
  return paymentForm({
    "contact.phone": "+44 7700 900123",
    "shippingAddress.fullName": "Riya Sharma",
    "shippingAddress.line1": "221B Baker Street",
    "shippingAddress.line2": "Marylebone",
    "shippingAddress.city": "London",
    "shippingAddress.state": "Greater London",
    "shippingAddress.pincode": "NW1 6XE",
    "shippingAddress.country": "United Kingdom",
    "shippingAddress.phone": "+44 20 7946 0958",
    ...overrides,
  });
}

export function initiate(app: App, shopper: Shopper, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/checkout/initiate",
    headers: headersOf(shopper),
    payload: { ...guestOf(shopper), ...body },
  });
}

export interface StartedCheckout {
  orderId: string;
  orderSecret: string | undefined;
  token: string;
  checkoutId: string;
  total: number;
}

/** Cart line(s) → order → initiate: the start of every purchase test. */
export async function startCheckout(
  app: App,
  shopper: Shopper,
  lines: { productId: number; variantId: number; quantity?: number }[],
): Promise<StartedCheckout> {
  for (const line of lines) await addOk(app, shopper, line);
  const order = await orderOk(app, shopper);
  const response = await initiate(app, shopper, { orderId: order.id, orderSecret: order.orderSecret });
  if (response.statusCode !== 200) throw new Error(`initiate answered ${response.statusCode}: ${response.body}`);
  const data = response.json().data;
  return {
    orderId: order.id,
    orderSecret: order.orderSecret,
    token: data.token,
    checkoutId: data.checkoutId,
    total: order.total as number,
  };
}

/** Posts the hosted page's form, urlencoded, as the browser does. */
export function submitPaymentPage(
  app: App,
  token: string,
  form: Record<string, string>,
  query = "",
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `/sandbox/pay/${token}${query}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
}

/**
 * Posts the hosted page's form as the browser does; for cash on delivery, both steps: the first
 * post texts a code to the delivery phone, the second carries it (read from DATA_DIR/sms).
 */
export async function payOnPage(
  app: App,
  token: string,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const first = await submitPaymentPage(app, token, form);
  if (form.method !== "cod" || first.statusCode !== 200) return first;
  const phone = normalisePhone(form["shippingAddress.phone"] ?? "");
  return submitPaymentPage(app, token, { ...form, codCode: lastCodeFor(app.shopConfig.dataDir, phone) });
}

/** A sandbox webhook signed with the shop's sandbox secret (hex HMAC-SHA256 of the raw body). */
export function sandboxWebhook(config: Config, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const signature = createHmac("sha256", config.payment.sandbox.secret).update(raw).digest("hex");
  return {
    payload: raw,
    headers: { "content-type": "application/json", "x-sandbox-signature": signature },
  };
}

export function postWebhook(
  app: App,
  webhook: { payload: string | Buffer; headers: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/checkout/webhook",
    headers: webhook.headers,
    payload: webhook.payload,
  });
}

export function checkoutDetails(app: App, checkoutId: string, query: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url: `/api/checkout/${checkoutId}/details?type=payment&${query}`, headers });
}

export async function orderRow(db: Db, orderId: string) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

export async function paymentsOf(db: Db, orderId: string) {
  return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).execute();
}

export async function shipmentsOf(db: Db, orderId: string) {
  return db.selectFrom("shipments").selectAll().where("order_id", "=", orderId).execute();
}

export async function outboxRows(db: Db, dedupePrefix: string) {
  return db.selectFrom("outbox").selectAll().where("dedupe_key", "like", `${dedupePrefix}%`).execute();
}

/** The query a guest reads its own order with. */
export const guestQuery = (guestSessionId: string, orderSecret: string | undefined) =>
  `guestSessionId=${guestSessionId}${orderSecret ? `&orderSecret=${orderSecret}` : ""}`;

/**
 * The sandbox gateway records a payment (UPI) or a failure as its page would, without the page's
 * in-process webhook: the shop has not heard of it (a lost webhook) until it asks.
 */
export async function payAtSandboxGateway(
  db: Db,
  clock: Clock,
  checkoutId: string,
  status: "SUCCESS" | "FAILED" = "SUCCESS",
  email = "asha@example.com",
): Promise<void> {
  await db
    .updateTable("sandbox_checkouts")
    .set({
      status,
      payment_type: "PREPAID",
      method: status === "SUCCESS" ? "upi" : "fail",
      payment_id: `sbx_pay_${checkoutId}`,
      gateway_transaction_id: "SBXUPITEST",
      email,
      phone: "9123456780",
      shipping_address: JSON.stringify({
        fullName: "Asha Rao",
        line1: "12 MG Road",
        line2: "",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560001",
        country: "India",
        phone: "9123456780",
      }),
      completed_at: clock.now().toISOString(),
    })
    .where("checkout_id", "=", checkoutId)
    .execute();
}
