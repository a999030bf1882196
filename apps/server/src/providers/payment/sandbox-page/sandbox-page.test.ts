import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { destinationCountries } from "../../shipping/destination-countries.js";
import type { SandboxCheckoutSummary } from "../sandbox-payment.js";
import { indianStates, readPaymentForm } from "../sandbox-payment-form.js";
import { sandboxCheckoutScript } from "./checkout-script.js";
import {
  formatOrderAmount,
  renderPaymentPage,
  renderPaymentStatusPage,
  safeFallbackUrl,
} from "./render-payment-page.js";

const summary: SandboxCheckoutSummary = {
  checkoutId: "sbx_chk_1",
  orderId: "order-1",
  orderNumber: "VK-100042",
  amount: 233_800,
  currency: "INR",
  discount: 26_000,
  couponCode: "VAKI10",
  lines: [
    { variantId: 1, sku: "VK-MOON-TEE-BLK-M", name: "Moonkid <Tee>", quantity: 2, unitPrice: 129_900, imageUrl: null },
  ],
  prefill: { email: "riya@example.com", phone: "+919876543210", address: null },
  expiresAt: "2026-11-22T10:30:00.000Z",
  lastAttemptFailed: false,
  completedRedirectUrl: null,
};
const options = { shopName: "VAKI", actionUrl: "/sandbox/pay/tok_123", cancelUrl: "http://localhost:3000/cart" };

describe("the sandbox payment page", () => {
  it("is a plain form posted to the pay URL, with no script at all", () => {
    const html = renderPaymentPage(summary, options);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<form class="checkout" method="post" action="/sandbox/pay/tok_123" novalidate>');
    expect(html).not.toMatch(/<script|onclick=|onload=|javascript:/i);
  });

  it("shows the order: lines, discount with its code, and the amount as ₹ with paise", () => {
    const html = renderPaymentPage(summary, options);
    expect(formatOrderAmount(233_800)).toBe("₹2,338.00");
    expect(html).toContain("Moonkid &lt;Tee&gt;");
    expect(html).toContain("₹2,598.00");
    expect(html).toContain("−₹260.00");
    expect(html).toContain('<span class="coupon">VAKI10</span>');
    expect(html).toContain("Pay ₹2,338.00");
  });

  it("asks for contact, a full shipping address with every Indian state, billing and the payment method", () => {
    const html = renderPaymentPage(summary, options);
    for (const name of [
      "contact.email",
      "contact.phone",
      "shippingAddress.fullName",
      "shippingAddress.line1",
      "shippingAddress.line2",
      "shippingAddress.city",
      "shippingAddress.state",
      "shippingAddress.pincode",
      "shippingAddress.country",
      "shippingAddress.phone",
      "billingAddress.fullName",
      "billingAddress.pincode",
    ]) {
      expect(html, name).toContain(`name="${name}"`);
    }
    expect(html.match(/<datalist id="indian-states">/g)).toHaveLength(1);
    for (const state of indianStates) expect(html).toContain(`<option>${state}</option>`);
    expect(html).toMatch(/id="f-shippingAddress-state" name="shippingAddress.state" type="text" list="indian-states"/);
    expect(html).toMatch(/id="f-billingAddress-state" name="billingAddress.state" type="text" list="indian-states"/);
    expect(html).toMatch(/name="billingSameAsShipping" value="on" checked/);
    for (const method of ["upi", "card", "cod", "fail"]) expect(html).toContain(`value="${method}"`);
    expect(html).toMatch(/id="method-upi" name="method" value="upi" checked/);
    expect(html).toContain("Make this payment fail");
  });

  it("offers every country the shop ships to, India first and chosen, for shipping and billing", () => {
    const html = renderPaymentPage(summary, options);
    for (const block of ["shippingAddress", "billingAddress"]) {
      const select = new RegExp(`<select id="f-${block}-country" name="${block}.country"[^>]*>(.*?)</select>`).exec(
        html,
      );
      expect(select, block).not.toBeNull();
      const choices = [...(select?.[1] ?? "").matchAll(/<option( selected)?>([^<]+)<\/option>/g)];
      expect(choices.map((choice) => choice[2])).toEqual(destinationCountries.map((country) => country.name));
      expect(choices.filter((choice) => choice[1]).map((choice) => choice[2])).toEqual(["India"]);
    }
    expect(destinationCountries.length).toBeGreaterThanOrEqual(40);
    expect(html).toContain("Pincode / Postal code");
    expect(html).toContain("State / Region");
    expect(html).toContain("Cash on delivery");
    expect(html).toContain("Available only within India.");
  });

  it("prefills the e-mail and the 10-digit phone", () => {
    const html = renderPaymentPage(summary, options);
    expect(html).toContain('value="riya@example.com"');
    expect(html).toContain('value="9876543210"');
  });

  it("fills the shipping block with a chosen saved address, which typed values still replace", () => {
    const address = {
      fullName: "Asha <Rao>",
      line1: "12 MG Road",
      line2: "Near the park",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560001",
      country: "India",
      phone: "9123456789",
    };
    const html = renderPaymentPage({ ...summary, prefill: { ...summary.prefill, address } }, options);
    expect(html).toMatch(/name="shippingAddress\.fullName"[^>]*value="Asha &lt;Rao&gt;"/);
    expect(html).toMatch(/name="shippingAddress\.line1"[^>]*value="12 MG Road"/);
    expect(html).toMatch(/name="shippingAddress\.pincode"[^>]*value="560001"/);
    expect(html).toMatch(/name="shippingAddress\.state"[^>]*value="Karnataka"/);
    expect(html).toMatch(/name="shippingAddress\.phone"[^>]*value="9123456789"/);
    // The billing block stays empty; the contact number stays the account's.
    expect(html).toMatch(/name="billingAddress\.fullName"[^>]*value=""/);
    expect(html).toMatch(/name="contact\.phone"[^>]*value="9876543210"/);
    const abroad = renderPaymentPage(
      { ...summary, prefill: { ...summary.prefill, address: { ...address, country: "United Kingdom", state: "" } } },
      options,
    );
    expect(abroad).toMatch(/<select id="f-shippingAddress-country"[^>]*>.*<option selected>United Kingdom<\/option>/s);
    const typed = renderPaymentPage(
      { ...summary, prefill: { ...summary.prefill, address } },
      { ...options, values: { "shippingAddress.city": "Mysuru" }, fieldErrors: {} },
    );
    expect(typed).toMatch(/name="shippingAddress\.city"[^>]*value="Mysuru"/);
  });

  it("re-renders the typed values, escaped, with each error beside its field and a summary", () => {
    const values = {
      method: "cod",
      "contact.email": 'riya@"><img src=x>',
      "shippingAddress.pincode": "0110",
      "shippingAddress.state": "Kerala",
    };
    const read = readPaymentForm(values);
    if (read.ok) throw new Error("expected errors");
    const html = renderPaymentPage(summary, { ...options, values, fieldErrors: read.fieldErrors });
    expect(html).toContain('value="riya@&quot;&gt;&lt;img src=x&gt;"');
    expect(html).not.toContain("<img src=x>");
    expect(html).toContain('value="0110"');
    expect(html).toMatch(/id="f-shippingAddress-state"[^>]* value="Kerala"/);
    expect(html).toMatch(/id="method-cod" name="method" value="cod" checked/);
    expect(html).toMatch(
      /aria-invalid="true" aria-describedby="f-shippingAddress-pincode-error"[\s\S]*Enter a 6-digit pincode/,
    );
    expect(html).toContain('<a href="#f-shippingAddress-pincode">Enter a 6-digit pincode</a>');
    expect(html).not.toMatch(/name="billingSameAsShipping" value="on" checked/);
  });

  it("asks for the code texted for cash on delivery, with its notice tied to the field and a resend button", () => {
    const before = renderPaymentPage(summary, { ...options, values: { method: "cod" } });
    expect(before).toContain('<label for="f-codCode">Code sent to your delivery phone</label>');
    expect(before).toContain("We text a 6-digit code to your delivery phone when you place the order.");
    expect(before).not.toContain("autofocus");
    const notice = "We sent a 6-digit code to +919876543210.";
    const after = renderPaymentPage(summary, {
      ...options,
      values: { method: "cod", billingSameAsShipping: "on" },
      fieldErrors: {},
      codCodeSent: notice,
    });
    expect(after).toMatch(
      /<input id="f-codCode" name="codCode"[^>]*autocomplete="one-time-code"[^>]*aria-describedby="f-codCode-sent"[^>]* autofocus>/,
    );
    expect(after).toContain(`<p class="hint hint--sent" id="f-codCode-sent" role="status">${notice}</p>`);
    expect(after).toContain('<button type="submit" class="resend" name="codAction" value="send" formnovalidate>');
    // The pay button comes first, so Enter in the code field places the order.
    expect(after.indexOf('class="pay"')).toBeLessThan(after.indexOf('class="resend"'));
    expect(after).toMatch(/name="billingSameAsShipping" value="on" checked/);
  });

  it("keeps a foreign address as typed after a failed submit, with its errors and its country chosen", () => {
    const values = {
      method: "cod",
      "contact.email": "riya@example.com",
      "contact.phone": "+44 7700 900123",
      "shippingAddress.fullName": "Riya Sharma",
      "shippingAddress.line1": "221B Baker Street",
      "shippingAddress.city": "London",
      "shippingAddress.state": "Greater London",
      "shippingAddress.pincode": "NW1 6XE",
      "shippingAddress.country": "United Kingdom",
      "shippingAddress.phone": "020 79",
      billingSameAsShipping: "on",
    };
    const read = readPaymentForm(values);
    if (read.ok) throw new Error("expected errors");
    expect(read.fieldErrors).toEqual({
      method: ["Cash on delivery is available only within India"],
      "shippingAddress.phone": ["Enter a phone number with country code, like +44 20 7946 0958"],
    });
    const html = renderPaymentPage(summary, { ...options, values, fieldErrors: read.fieldErrors });
    expect(html).toMatch(/<select id="f-shippingAddress-country"[^>]*>.*<option selected>United Kingdom<\/option>/);
    expect(html).not.toMatch(/<select id="f-shippingAddress-country"[^>]*><option selected>India/);
    expect(html).toMatch(/<select id="f-billingAddress-country"[^>]*><option selected>India<\/option>/);
    for (const kept of ["221B Baker Street", "London", "Greater London", "NW1 6XE", "020 79", "+44 7700 900123"]) {
      expect(html, kept).toContain(`value="${kept}"`);
    }
    expect(html).toMatch(/id="method-cod" name="method" value="cod" checked/);
    expect(html).toContain(
      '<fieldset class="methods" id="f-method" aria-invalid="true" aria-describedby="f-method-error">',
    );
    expect(html).toContain('<a href="#f-method">Cash on delivery is available only within India</a>');
    expect(html).toMatch(
      /aria-describedby="f-shippingAddress-phone-error"[\s\S]*Enter a phone number with country code, like \+44 20 7946 0958/,
    );
    expect(html).toMatch(/name="billingSameAsShipping" value="on" checked/);
  });

  it("marks an unknown country without choosing another for the shopper", () => {
    const values = { "shippingAddress.country": "Atlantis" };
    const read = readPaymentForm(values);
    if (read.ok) throw new Error("expected errors");
    expect(read.fieldErrors["shippingAddress.country"]).toEqual(["Choose a country"]);
    const html = renderPaymentPage(summary, { ...options, values, fieldErrors: read.fieldErrors });
    expect(html).not.toMatch(/<select id="f-shippingAddress-country"[^>]*>.*<option selected>/);
    expect(html).toContain('<a href="#f-shippingAddress-country">Choose a country</a>');
  });

  it("says when the last attempt was declined, and offers a way back to the shop", () => {
    const html = renderPaymentPage({ ...summary, lastAttemptFailed: true }, options);
    expect(html).toContain("Your last payment attempt was declined");
    expect(html).toContain('href="http://localhost:3000/cart"');
  });

  it("renders a short status page for expired or unknown links", () => {
    const html = renderPaymentStatusPage({
      shopName: "VAKI",
      title: "Link expired",
      message: "Start again",
      link: { url: "/cart", label: "Back to the shop" },
    });
    expect(html).toContain("<h1>Link expired</h1>");
    expect(html).toContain('href="/cart"');
    expect(html).not.toMatch(/<script/i);
  });

  it("accepts only the shop's own pages as the fallback URL", () => {
    const publicUrl = "https://vaki.example";
    expect(safeFallbackUrl("https://vaki.example/cart?x=1", publicUrl)).toBe("https://vaki.example/cart?x=1");
    expect(safeFallbackUrl("/order-success", publicUrl)).toBe("https://vaki.example/order-success");
    expect(safeFallbackUrl("https://evil.example/cart", publicUrl)).toBeNull();
    expect(safeFallbackUrl("//evil.example/cart", publicUrl)).toBeNull();
    expect(safeFallbackUrl("javascript:alert(1)", publicUrl)).toBeNull();
    expect(safeFallbackUrl(undefined, publicUrl)).toBeNull();
  });
});

describe("the sandbox checkout script", () => {
  function loadScript(scriptSrc: string | null) {
    const assigned: string[] = [];
    const window = {
      location: {
        href: "http://localhost:3000/cart",
        origin: "http://localhost:3000",
        assign: (url: string) => assigned.push(url),
      },
    } as Record<string, unknown>;
    runInNewContext(sandboxCheckoutScript, {
      window,
      document: { currentScript: scriptSrc ? { src: scriptSrc } : null },
      URL,
      encodeURIComponent,
      Object,
      Error,
      String,
    });
    const api = window.VakiSandboxCheckout as { open(token: string, options?: { fallbackUrl?: string }): void };
    return { api, assigned };
  }

  it("opens the hosted page for a token with the fallback URL", () => {
    const { api, assigned } = loadScript("http://localhost:3000/sandbox/checkout.js");
    api.open("AbC_def-0123456789xyzXYZ", { fallbackUrl: "http://localhost:3000/order-success" });
    expect(assigned).toEqual([
      "http://localhost:3000/sandbox/pay/AbC_def-0123456789xyzXYZ?fallback=http%3A%2F%2Flocalhost%3A3000%2Forder-success",
    ]);
  });

  it("goes to the origin the script was loaded from", () => {
    const { api, assigned } = loadScript("https://pay.vaki.example/sandbox/checkout.js");
    api.open("AbC_def-0123456789xyzXYZ");
    expect(assigned).toEqual(["https://pay.vaki.example/sandbox/pay/AbC_def-0123456789xyzXYZ"]);
  });

  it("refuses a missing or malformed token", () => {
    const { api, assigned } = loadScript(null);
    expect(() => api.open("")).toThrow(/token/);
    expect(() => api.open("../../admin")).toThrow(/token/);
    expect(assigned).toEqual([]);
  });
});
