import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { codeTextedTo, fillAddress, startCheckout } from "./support/cod";

// Two purchases through the hosted page with axe runs: room on a busy machine.
test.describe.configure({ timeout: 90_000 });

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
