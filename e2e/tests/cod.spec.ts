import { randomInt, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";

// Two purchases through the hosted page with axe runs: room on a busy machine.
test.describe.configure({ timeout: 90_000 });

interface Variant {
  id: number;
  finalPrice: number;
  inventoryQuantity: number;
  inStock: boolean;
}

/** A guest's cart → order → initiate for `quantity` of a variant `pick` chooses. */
async function startCheckout(
  request: APIRequestContext,
  pick: (variant: Variant) => number | null,
): Promise<{ guestSessionId: string; orderId: string; orderSecret: string; token: string }> {
  const guestSessionId = randomUUID();
  const products = (await (await request.get("/api/products?page=1&limit=50")).json()).data.content as {
    id: number;
    variants: Variant[];
  }[];
  let chosen: { productId: number; variantId: number; quantity: number } | undefined;
  for (const product of products) {
    for (const variant of product.variants) {
      const quantity = variant.inStock ? pick(variant) : null;
      if (quantity && !chosen) chosen = { productId: product.id, variantId: variant.id, quantity };
    }
  }
  expect(chosen, "a product in stock").toBeTruthy();
  expect((await request.post("/api/cart/item/add", { data: { ...chosen, guestSessionId } })).status()).toBe(200);
  const order = await request.post("/api/orders/create", { data: { guestSessionId } });
  expect(order.status()).toBe(201);
  const { id: orderId, orderSecret } = (await order.json()).data;
  const initiated = await request.post("/api/checkout/initiate", {
    data: { orderId, guestSessionId, orderSecret, redirectUrl: "/order-confirmation" },
  });
  expect(initiated.status()).toBe(200);
  return { guestSessionId, orderId, orderSecret, token: (await initiated.json()).data.token };
}

async function type(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

async function fillAddress(page: Page, phone: string) {
  await type(page, "#f-contact-email", "e2e.cod@example.com");
  await type(page, "#f-contact-phone", phone);
  await type(page, "#f-shippingAddress-fullName", "Riya Sharma");
  await type(page, "#f-shippingAddress-line1", `Flat ${randomInt(1, 999)}, Lotus Towers`);
  await type(page, "#f-shippingAddress-pincode", "201301");
  await type(page, "#f-shippingAddress-city", "Noida");
  await type(page, "#f-shippingAddress-state", "Uttar Pradesh");
  await type(page, "#f-shippingAddress-phone", phone);
}

/** The code in the newest text message to this +91 number, from the shop's data folder (sandbox SMS). */
function codeTextedTo(phone: string): string | undefined {
  // playwright.config.ts sets it for the shop it starts; pass it for a shop already running.
  if (!process.env.E2E_DATA_DIR) throw new Error("no data folder: set E2E_DATA_DIR to the shop's DATA_DIR");
  const dir = path.join(process.env.E2E_DATA_DIR, "sms");
  if (!existsSync(dir)) return undefined;
  const digits = phone.replace(/\D/g, "");
  const file = readdirSync(dir)
    .filter((name) => name.endsWith(`-91${digits}.txt`))
    .sort()
    .at(-1);
  return file ? /\b(\d{6})\b/.exec(readFileSync(path.join(dir, file), "utf8"))?.[1] : undefined;
}

test("a guest pays cash on delivery after typing the code texted to the delivery phone", async ({ page }) => {
  const phone = `9${randomInt(100_000_000, 999_999_999)}`;
  const started = await startCheckout(page.request, (variant) => (variant.inventoryQuantity >= 2 ? 1 : null));
  await page.goto(`/sandbox/pay/${started.token}`);
  await fillAddress(page, phone);
  await page.locator("label[for=method-cod]").click();
  await expect(page.getByText("We text a 6-digit code to your delivery phone")).toBeVisible();
  await page.getByRole("button", { name: /on delivery/ }).click();

  await expect(page.getByRole("status").filter({ hasText: "Check your phone" })).toContainText(`+91${phone}`);
  const codeBox = page.getByRole("textbox", { name: "Code sent to your delivery phone" });
  await expect(codeBox).toBeVisible();
  await expectAccessible(page, "the payment page asking for the texted code");
  await expect.poll(() => codeTextedTo(phone)).toMatch(/^\d{6}$/);
  await codeBox.fill(codeTextedTo(phone)!);
  await page.getByRole("button", { name: /on delivery/ }).click();

  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}\\?oid=.+&ost=SUCCESS$`));
  const order = await page.request.get(
    `/api/orders/${started.orderId}?guestSessionId=${started.guestSessionId}&orderSecret=${started.orderSecret}`,
  );
  expect((await order.json()).data).toMatchObject({ paymentStatus: "COD_PENDING", contactPhone: `+91${phone}` });
});

test("cash on delivery over the largest COD order is refused with prepaid offered, and UPI then works", async ({
  page,
}) => {
  // Over COD_MAX_ORDER_PAISE (₹10,000 by default) in at most 10 units of one variant.
  const started = await startCheckout(page.request, (variant) => {
    const quantity = Math.ceil(1_000_001 / variant.finalPrice);
    return quantity <= 10 && variant.inventoryQuantity >= quantity ? quantity : null;
  });
  await page.goto(`/sandbox/pay/${started.token}`);
  await fillAddress(page, `9${randomInt(100_000_000, 999_999_999)}`);
  await page.locator("label[for=method-cod]").click();
  await page.getByRole("button", { name: /on delivery/ }).click();

  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Cash on delivery is available for orders up to ₹10,000.00");
  await expect(alert).toContainText("pay now by UPI or card");
  await expectAccessible(page, "the payment page refusing cash on delivery");
  await page.locator("label[for=method-upi]").click();
  await page.getByRole("button", { name: /Pay ₹/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}\\?oid=.+&ost=SUCCESS$`));
});
