import { ManualClock } from "../../src/lib/clock.js";
import type { CheckoutOrder } from "../../src/providers/payment/payment-provider.js";
import { InMemorySandboxCheckoutStore } from "../../src/providers/payment/sandbox-checkout-store.js";
import { SandboxPaymentProvider } from "../../src/providers/payment/sandbox-payment.js";
import type { readPaymentForm } from "../../src/providers/payment/sandbox-payment-form.js";
import { paymentForm } from "./checkout.js";

/** The field errors of a refused form; fails the test when the form was accepted. */
export function refusedWith(read: ReturnType<typeof readPaymentForm>) {
  if (read.ok) throw new Error(`expected the form to be refused, got ${JSON.stringify(read.payment)}`);
  return read.fieldErrors;
}

export const secret = "sandbox-secret-for-tests-0123456789";

export function order(overrides: Partial<CheckoutOrder> = {}): CheckoutOrder {
  return {
    orderId: "7d1e2f3a-0000-4000-8000-000000000042",
    orderNumber: "VK-100042",
    amount: 233_800,
    currency: "INR",
    lines: [
      {
        variantId: 11,
        sku: "VK-MOON-TEE-BLK-M",
        name: "Moonkid Tee",
        quantity: 2,
        unitPrice: 129_900,
        imageUrl: "/img/moon.svg",
      },
    ],
    discount: 26_000,
    couponCode: "VAKI10",
    redirectUrl: "http://localhost:3000/order-confirmation/7d1e2f3a-0000-4000-8000-000000000042",
    customer: { email: "riya@example.com", phone: "+919876543210" },
    ...overrides,
  };
}

/** The page's form as the browser posts it (flat names). */
export function form(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  // The page's Noida form, with an e-mail in mixed case and a phone with its country code to normalise.
  return {
    ...paymentForm({ "contact.email": "Riya@Example.com", "shippingAddress.phone": "+91 98765 43210" }),
    ...overrides,
  };
}

/** A London shipping address as the page posts it, paid by card. */
export function ukAddress(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    method: "card",
    "contact.phone": "+44 7700 900123",
    "shippingAddress.fullName": "Riya Sharma",
    "shippingAddress.line1": "221B Baker Street",
    "shippingAddress.line2": "",
    "shippingAddress.city": "London",
    "shippingAddress.state": "Greater London",
    "shippingAddress.pincode": "nw1 6xe",
    "shippingAddress.country": "United Kingdom",
    "shippingAddress.phone": "+44 20 7946 0958",
    ...overrides,
  };
}

/** The same address fields under billing's names (contact and method left out). */
export function billingOf(fields: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => name.startsWith("shippingAddress."))
      .map(([name, value]) => [name.replace("shippingAddress.", "billingAddress."), value]),
  );
}

export function sandbox(clock = new ManualClock()) {
  const store = new InMemorySandboxCheckoutStore();
  const provider = new SandboxPaymentProvider({ store, secret, clock, sessionTtlMs: 30 * 60_000 });
  return { provider, store, clock };
}
