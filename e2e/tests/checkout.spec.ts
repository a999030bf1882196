import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

interface Started {
  guestSessionId: string;
  orderId: string;
  orderSecret: string;
  checkoutId: string;
  token: string;
}

/** A guest's cart → order → initiate, through the API the storefront uses. */
async function startCheckout(request: APIRequestContext): Promise<Started> {
  const guestSessionId = randomUUID();
  const products = (await (await request.get("/api/products?page=1&limit=20")).json()).data.content as {
    id: number;
    variants: { id: number; inStock: boolean; inventoryQuantity: number }[];
  }[];
  const product = products.find((p) => p.variants.some((v) => v.inStock && v.inventoryQuantity >= 2));
  const variant = product?.variants.find((v) => v.inStock && v.inventoryQuantity >= 2);
  expect(product && variant, "a product in stock").toBeTruthy();
  const added = await request.post("/api/cart/item/add", {
    data: { productId: product!.id, variantId: variant!.id, quantity: 1, guestSessionId },
  });
  expect(added.status()).toBe(200);
  const order = await request.post("/api/orders/create", { data: { guestSessionId } });
  expect(order.status()).toBe(201);
  const { id: orderId, orderSecret } = (await order.json()).data;
  const initiated = await request.post("/api/checkout/initiate", {
    data: { orderId, guestSessionId, orderSecret, amount: 0.01, currency: "INR", redirectUrl: "/order-confirmation" },
  });
  expect(initiated.status()).toBe(200);
  const { checkoutId, token } = (await initiated.json()).data;
  return { guestSessionId, orderId, orderSecret, checkoutId, token };
}

/** Types into a field as a shopper would: click, then the keyboard. */
async function type(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

async function fillAddress(page: Page) {
  await type(page, "#f-contact-email", "e2e.shopper@example.com");
  await type(page, "#f-contact-phone", "9876543210");
  await type(page, "#f-shippingAddress-fullName", "Riya Sharma");
  await type(page, "#f-shippingAddress-line1", "Flat 4B, Lotus Towers");
  await type(page, "#f-shippingAddress-pincode", "201301");
  await type(page, "#f-shippingAddress-city", "Noida");
  await type(page, "#f-shippingAddress-state", "Uttar Pradesh");
  await type(page, "#f-shippingAddress-phone", "9876543210");
}

async function orderOf(request: APIRequestContext, started: Started) {
  const response = await request.get(
    `/api/orders/${started.orderId}?guestSessionId=${started.guestSessionId}&orderSecret=${started.orderSecret}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

test("a guest pays on the sandbox page and comes back to the order confirmation, paid", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const started = await startCheckout(page.request);
  await page.goto(`/sandbox/pay/${started.token}`);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await expect(page.getByText(/Order VK-\d+/)).toBeVisible();
  expect(errors, "the page runs under the shop's CSP without complaints").toEqual([]);

  await fillAddress(page);
  await page.locator("label[for=method-upi]").click();
  await expect(page.getByRole("radio", { name: /^UPI/ })).toBeChecked();
  await page.getByRole("button", { name: /Pay ₹/ }).click();

  await expect(page).toHaveURL(
    new RegExp(`/order-confirmation/${started.orderId}\\?oid=${started.checkoutId}&ost=SUCCESS$`),
  );
  const order = await orderOf(page.request, started);
  expect(order).toMatchObject({ paymentStatus: "SUCCESS", contactEmail: "e2e.shopper@example.com" });
  // Confirmed by the payment; the running server's outbox worker then books the courier.
  expect(["CONFIRMED", "PROCESSING"]).toContain(order.status);
  await expect
    .poll(async () => (await orderOf(page.request, started)).trackingNumber, { timeout: 10_000 })
    .toEqual(expect.any(String));
  const cart = await (await page.request.get(`/api/cart?guestSessionId=${started.guestSessionId}`)).json();
  expect(cart.data.items).toEqual([]);
});

test("a declined payment comes back as FAILED, and the shop keeps the cart and the order unpaid", async ({ page }) => {
  const started = await startCheckout(page.request);
  await page.goto(`/sandbox/pay/${started.token}`);
  await fillAddress(page);
  await page.getByText("Make this payment fail").click();
  await expect(page.getByRole("button", { name: /it will be declined/ })).toBeVisible();
  await page.getByRole("button", { name: /it will be declined/ }).click();

  await expect(page).toHaveURL(
    new RegExp(`/order-confirmation/${started.orderId}\\?oid=${started.checkoutId}&ost=FAILED$`),
  );
  expect(await orderOf(page.request, started)).toMatchObject({ status: "CREATED", paymentStatus: "FAILED" });
  const cart = await (await page.request.get(`/api/cart?guestSessionId=${started.guestSessionId}`)).json();
  expect(cart.data.items).toHaveLength(1);
});

test("the pay page tells the shopper what to fix, beside each field", async ({ page }) => {
  const started = await startCheckout(page.request);
  await page.goto(`/sandbox/pay/${started.token}`);
  await page.getByRole("button", { name: /Pay ₹/ }).click();
  await expect(page.getByRole("alert")).toContainText("Please check these");
  await expect(page.getByText("Enter a 6-digit pincode").last()).toBeVisible();
  expect(await orderOf(page.request, started)).toMatchObject({ status: "CREATED", paymentStatus: "CREATED" });
});

test("a shopper in the UK picks their country, is told cash on delivery is India only, and pays", async ({ page }) => {
  const started = await startCheckout(page.request);
  await page.goto(`/sandbox/pay/${started.token}`);
  await expect(page.locator("#f-shippingAddress-country")).toHaveValue("India");
  await type(page, "#f-contact-email", "e2e.abroad@example.com");
  await type(page, "#f-contact-phone", "+44 7700 900123");
  await type(page, "#f-shippingAddress-fullName", "Riya Sharma");
  await type(page, "#f-shippingAddress-line1", "221B Baker Street");
  await page.locator("#f-shippingAddress-country").selectOption("United Kingdom");
  await type(page, "#f-shippingAddress-pincode", "NW1 6XE");
  await type(page, "#f-shippingAddress-city", "London");
  await type(page, "#f-shippingAddress-state", "Greater London");
  await type(page, "#f-shippingAddress-phone", "+44 20 7946 0958");
  await page.locator("label[for=method-cod]").click();
  await page.getByRole("button", { name: /on delivery/ }).click();

  await expect(page.getByRole("alert")).toContainText("Cash on delivery is available only within India");
  await expect(page.locator("#f-shippingAddress-country")).toHaveValue("United Kingdom");
  await expect(page.locator("#f-shippingAddress-pincode")).toHaveValue("NW1 6XE");
  await page.locator("label[for=method-card]").click();
  await page.getByRole("button", { name: /Pay ₹/ }).click();

  await expect(page).toHaveURL(
    new RegExp(`/order-confirmation/${started.orderId}\\?oid=${started.checkoutId}&ost=SUCCESS$`),
  );
  expect(await orderOf(page.request, started)).toMatchObject({
    paymentStatus: "SUCCESS",
    contactPhone: "+447700900123",
    shippingAddress: { country: "United Kingdom", pincode: "NW1 6XE", city: "London", phone: "+442079460958" },
  });
});

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["mobile", { width: 390, height: 844 }],
] as const) {
  test(`screenshot of the sandbox pay page (${name}, ${viewport.width}px)`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const started = await startCheckout(page.request);
    await page.goto(`/sandbox/pay/${started.token}`);
    await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
    // A string, so the page's globals need no DOM types here.
    const horizontalOverflow = await page.evaluate("document.documentElement.scrollWidth > window.innerWidth");
    expect(horizontalOverflow, "no sideways scrolling").toBe(false);
    const path = testInfo.outputPath(`sandbox-pay-${name}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`sandbox-pay-${name}`, { path, contentType: "image/png" });
  });
}
