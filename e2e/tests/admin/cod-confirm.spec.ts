import { randomInt, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { checkView, completeSetup, mintSetupLink } from "../support/admin";
import { codeTextedTo, fillAddress, startCheckout } from "../support/cod";
import { DESKTOP } from "../support/shop";

/*
 * Cash on delivery over the auto-confirm value (₹3,000 by default) waits for the shop: a guest
 * places one on the hosted page with the code texted to the phone, an operations person sees it
 * in "COD to confirm", confirms it, and the order moves on with its shipment booked.
 */
test.describe.configure({ timeout: 120_000 });

test("an operations person confirms a large COD order in the admin, and its shipment is booked", async ({
  page,
  browser,
  baseURL,
}) => {
  const phone = `9${randomInt(100_000_000, 999_999_999)}`;
  // Over ₹3,000 and well under the largest COD order (₹10,000) in at most 10 units.
  const started = await startCheckout(page.request, (variant) => {
    const quantity = Math.ceil(300_001 / variant.finalPrice);
    return quantity <= 10 && quantity * variant.finalPrice <= 800_000 && variant.inventoryQuantity >= quantity
      ? quantity
      : null;
  });
  await page.goto(`/sandbox/pay/${started.token}`);
  await fillAddress(page, phone);
  await page.locator("label[for=method-cod]").click();
  await page.getByRole("button", { name: /on delivery/ }).click();
  await expect.poll(() => codeTextedTo(phone)).toMatch(/^\d{6}$/);
  await page.getByRole("textbox", { name: "Code sent to your delivery phone" }).fill(codeTextedTo(phone)!);
  await page.getByRole("button", { name: /on delivery/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}\\?`));

  const orderUrl = `/api/orders/${started.orderId}?guestSessionId=${started.guestSessionId}&orderSecret=${started.orderSecret}`;
  const placed = (await (await page.request.get(orderUrl)).json()).data;
  // Placed, its stock held, but not confirmed and no shipment until the shop says so.
  expect(placed).toMatchObject({ status: "CREATED", paymentStatus: "COD_PENDING", shiprocketOrderId: null });

  // An operations person, invited with the create-admin command, sets up and opens the list.
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const admin = await context.newPage();
  try {
    const email = `ops.cod.${randomUUID().slice(0, 8)}@vaki.test`;
    await admin.goto(await mintSetupLink(baseURL!, email, "Kavya Iyer", "operations"));
    await completeSetup(admin, { name: "Kavya Iyer" });
    await admin
      .getByRole("navigation", { name: "Admin" })
      .first()
      .getByRole("link", { name: "COD to confirm" })
      .click();
    await expect(admin.getByRole("heading", { level: 1, name: "COD to confirm" })).toBeVisible();

    const row = admin.getByRole("row").filter({ has: admin.getByRole("link", { name: `#${placed.orderNumber}` }) });
    await expect(row).toBeVisible();
    await expect(row.getByRole("link", { name: `Call Riya Sharma on +91${phone}` })).toHaveAttribute(
      "href",
      `tel:+91${phone}`,
    );
    await expect(row.getByRole("link", { name: "Message Riya Sharma on WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/91${phone}`,
    );
    await expect(row.getByText("Verified", { exact: true })).toBeVisible();
    await checkView(admin, "cod-to-confirm");

    await row.getByRole("button", { name: `Confirm order #${placed.orderNumber}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Confirm order #${placed.orderNumber}?` });
    await expect(dialog).toBeVisible();
    await checkView(admin, "cod-confirm-dialog");
    await dialog.getByRole("button", { name: "Confirm order" }).click();
    await expect(admin.getByRole("status").filter({ hasText: `Order #${placed.orderNumber} confirmed` })).toBeVisible();
    await expect(admin.getByRole("link", { name: `#${placed.orderNumber}` })).toHaveCount(0);

    // The order moves on: the outbox books its shipment with the courier (which may already have
    // assigned an AWB, moving it to PROCESSING).
    await expect
      .poll(async () => (await (await page.request.get(orderUrl)).json()).data, { timeout: 30_000 })
      .toMatchObject({ shiprocketOrderId: expect.any(String) });
    const moved = (await (await page.request.get(orderUrl)).json()).data;
    expect(["CONFIRMED", "PROCESSING"]).toContain(moved.status);

    // The blocks page: block this phone with a reason, then lift it again.
    await admin.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "COD blocks" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "COD blocks" })).toBeVisible();
    await admin.getByLabel("Phone number").fill(phone);
    await admin.getByLabel("Reason").fill("Refused a parcel at the door");
    await admin.getByRole("button", { name: "Add block" }).click();
    await expect(admin.getByRole("cell", { name: `+91${phone}`, exact: true })).toBeVisible();
    await checkView(admin, "cod-blocks");
    await admin.getByRole("button", { name: `Remove the block on +91${phone}` }).click();
    await admin
      .getByRole("dialog", { name: `Remove the block on +91${phone}?` })
      .getByRole("button", { name: "Remove block" })
      .click();
    await expect(admin.getByRole("cell", { name: `+91${phone}`, exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
