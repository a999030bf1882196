import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { checkView, completeSetup, mintSetupLink } from "../support/admin";
import { addToGuestCart, DESKTOP, stockedProduct } from "../support/shop";

/*
 * A catalogue person creates a coupon with a minimum order in the admin; the cart refuses it
 * below the minimum with the reason and applies it above, and the list shows it.
 */
test.describe.configure({ timeout: 90_000 });

test("a catalogue person creates a coupon that the cart then applies by its rules", async ({ page, baseURL }) => {
  const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
  await page.setViewportSize(DESKTOP);
  await page.goto(await mintSetupLink(baseURL!, `catalogue.${code.toLowerCase()}@vaki.test`, "Meera Das", "catalogue"));
  await completeSetup(page, { name: "Meera Das" });
  await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Coupons" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "VAKI10" })).toBeVisible();

  await page.getByRole("button", { name: "New coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "New coupon" });
  await dialog.getByLabel("Code").fill(code);
  await dialog.getByLabel("Description").fill("15% off orders from Rs. 5,000");
  await dialog.getByLabel("Percent off").fill("150");
  await dialog.getByLabel("Minimum order (Rs.)").fill("5000");
  await dialog.getByLabel("Uses per customer").fill("1");
  await dialog.getByRole("button", { name: "Create coupon" }).click();
  await expect(dialog.getByText("A percentage is a whole number from 1 to 100.")).toBeVisible();
  await checkView(page, "admin-coupon-dialog");
  await dialog.getByLabel("Percent off").fill("15");
  await dialog.getByRole("button", { name: "Create coupon" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("15% off");
  await expect(row).toContainText("1 per customer");
  await expect(row.getByText("Live")).toBeVisible();
  await checkView(page, "admin-coupons");

  // The shopper's cart: refused below the minimum with the reason, applied above it.
  const product = await stockedProduct(page.request, 10);
  const guestSessionId = randomUUID();
  await addToGuestCart(page.request, guestSessionId, product, 1);
  const cart = (await (await page.request.get(`/api/cart?guestSessionId=${guestSessionId}`)).json()).data;
  const apply = () => page.request.post("/api/cart/promo", { data: { code: code.toLowerCase(), guestSessionId } });
  if (cart.subtotal < 500_000) {
    const refused = await apply();
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe("This code needs an order of at least Rs. 5,000");
    const quantity = Math.min(10, Math.ceil(500_000 / (cart.subtotal as number)));
    const more = await page.request.put("/api/cart/item/update", {
      data: { itemId: cart.items[0].id, quantity, guestSessionId },
    });
    expect(more.status(), await more.text()).toBe(200);
  }
  const applied = await apply();
  expect(applied.status(), await applied.text()).toBe(200);
  const after = (await applied.json()).data;
  expect(after.discount).toBe(Math.floor((after.subtotal * 15) / 100));
});
