import { randomInt, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/* The hosted payment page's cash-on-delivery steps, shared by the COD specs (shopper and admin). */

export interface Variant {
  id: number;
  finalPrice: number;
  inventoryQuantity: number;
  inStock: boolean;
}

/** A guest's cart → order → initiate for `quantity` of a variant `pick` chooses. */
export async function startCheckout(
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

export async function type(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

export async function fillAddress(page: Page, phone: string) {
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
export function codeTextedTo(phone: string): string | undefined {
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
