import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { addToGuestCart, asGuest, DESKTOP, PHONE, payOnSandbox, type StockedProduct } from "./support/shop";

/** Two different products, each with a sized variant holding at least `minStock` units. */
async function twoStockedProducts(request: APIRequestContext, minStock = 4): Promise<[StockedProduct, StockedProduct]> {
  const products = (await (await request.get("/api/products?page=1&limit=60")).json()).data.content as {
    id: number;
    name: string;
    slug: string;
    variants: {
      id: number;
      inStock: boolean;
      inventoryQuantity: number;
      attributes: { Size: string | null; Color: string | null };
    }[];
  }[];
  const found: StockedProduct[] = [];
  for (const product of products) {
    const variant = product.variants.find((v) => v.inStock && v.inventoryQuantity >= minStock && v.attributes.Size);
    if (!variant) continue;
    found.push({
      id: product.id,
      name: product.name,
      slug: product.slug,
      variantId: variant.id,
      size: variant.attributes.Size,
      color: variant.attributes.Color,
    });
    if (found.length === 2) return found as [StockedProduct, StockedProduct];
  }
  throw new Error("need two products in stock");
}

/** The home page's daily Club pop-up is not what these tests are about: mark it seen today. */
async function skipClubPopup(page: Page): Promise<void> {
  await page.addInitScript(`localStorage.setItem("joinClubModalShown", String(Date.now()));`);
}

async function guestCart(request: APIRequestContext, guestSessionId: string) {
  const response = await request.get(`/api/cart?guestSessionId=${guestSessionId}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data as { items: { id: number; quantity: number }[]; itemCount: number };
}

// Whole flows with axe checks: give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openCart(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Cart", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Your items in Cart" });
  await expect(panel).toBeVisible();
  return panel;
}

test("a guest changes quantities, removes a line and clears the cart after confirming", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const guestSessionId = randomUUID();
  const [tee, hoodie] = await twoStockedProducts(page.request);
  await addToGuestCart(page.request, guestSessionId, tee);
  await addToGuestCart(page.request, guestSessionId, hoodie);
  await asGuest(page, guestSessionId);
  await skipClubPopup(page);
  await page.goto("/");

  const panel = await openCart(page);
  const rows = panel.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  const teeRow = rows.filter({ hasText: tee.name });
  await expect(teeRow.getByText(/Rs\. [\d,]+/)).toBeVisible();
  if (tee.size) await expect(teeRow.getByText(`Size: ${tee.size}`, { exact: false })).toBeVisible();
  await expect(panel.getByText("Total Product Price")).toBeVisible();
  await expect(panel.getByText(/^Rs\. [\d.]+\/-$/).last()).toBeVisible();
  await expectAccessible(page, "the cart panel with 2 items");

  await teeRow.getByRole("button", { name: `Increase quantity of ${tee.name}` }).click();
  await expect(teeRow.getByText("Quantity")).toBeAttached();
  await expect(teeRow.locator(".quantity-stepper__value")).toHaveText("Quantity 2");
  await expect.poll(async () => (await guestCart(page.request, guestSessionId)).itemCount).toBe(3);

  await teeRow.getByRole("button", { name: `Decrease quantity of ${tee.name}` }).click();
  await expect(teeRow.locator(".quantity-stepper__value")).toHaveText("Quantity 1");
  await expect.poll(async () => (await guestCart(page.request, guestSessionId)).itemCount).toBe(2);

  await rows
    .filter({ hasText: hoodie.name })
    .getByRole("button", { name: `Remove ${hoodie.name}` })
    .click();
  await expect(rows).toHaveCount(1);

  await page.getByRole("button", { name: "Clear Cart" }).click();
  const confirm = page.getByRole("dialog", { name: "Clear your cart?" });
  await expect(
    confirm.getByText("Are you sure you want to clear the 1 item from your cart? This action cannot be undone."),
  ).toBeVisible();
  await expectAccessible(page, "the clear-cart confirmation");
  await confirm.getByRole("button", { name: "Yes, Clear Cart" }).click();

  await expect(panel.getByText("Your cart is empty")).toBeVisible();
  await expect(panel.getByText("Add some products to get started!")).toBeVisible();
  await expectAccessible(page, "the empty cart panel");
  expect((await guestCart(page.request, guestSessionId)).items).toHaveLength(0);

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart", exact: true })).toHaveAccessibleDescription(
    "0 items",
  );
});

test("a guest checks out from the cart, pays on the sandbox page and comes back with the cart emptied", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const guestSessionId = randomUUID();
  const [product] = await twoStockedProducts(page.request);
  await addToGuestCart(page.request, guestSessionId, product);
  await asGuest(page, guestSessionId);
  await skipClubPopup(page);
  await page.goto("/");

  const panel = await openCart(page);
  await expect(panel.getByRole("link", { name: product.name })).toBeVisible();
  await panel.getByRole("button", { name: "Checkout" }).click();

  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await payOnSandbox(page);
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}\?oid=[\w-]+&ost=SUCCESS$/);

  expect((await guestCart(page.request, guestSessionId)).items).toHaveLength(0);
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart", exact: true })).toHaveAccessibleDescription(
    "0 items",
  );
  const emptied = await openCart(page);
  await expect(emptied.getByText("Your cart is empty")).toBeVisible();
});
