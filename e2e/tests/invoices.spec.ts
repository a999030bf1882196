import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectAccessible } from "./support/a11y";
import { checkView, completeSetup, mintSetupLink } from "./support/admin";
import { logIn, startCustomerCheckout, withSession } from "./support/orders";
import { attachScreenshot, DESKTOP, PHONE, payOnSandbox, registerCustomer } from "./support/shop";

/*
 * GST invoices (issue 29): an order shipped through the sandbox courier gets its invoice when
 * the AWB is assigned; the customer downloads it from My Orders.
 */

test("a shipped order's invoice downloads from My Orders with the GSTIN, HSN, rate and totals", async ({
  page,
  request,
}, testInfo) => {
  // Payment, the outbox's AWB and a PDF: about 25 s on a busy machine.
  test.setTimeout(60_000);
  const session = await logIn(request, await registerCustomer(request));
  const started = await startCustomerCheckout(request, session);
  await withSession(page, session);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/sandbox/pay/${started.checkoutToken}`);
  await payOnSandbox(page, session.user.email);
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible({ timeout: 15_000 });

  const card = page.getByRole("article", { name: started.orderNumber });
  const download = card.getByRole("button", { name: "Download invoice" });
  await expect(async () => {
    await page.goto("/orders");
    await expect(download).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await attachScreenshot(page, testInfo, "my-orders-invoice-1440");
  await expectAccessible(page, "My Orders with an invoice to download");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const saved = testInfo.outputPath("invoice.pdf");
  await file.saveAs(saved);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(saved)));
  const { text } = await extractText(pdf, { mergePages: true });
  const order = (
    await (
      await request.get(`/api/orders/${started.orderId}`, {
        headers: { Authorization: `Bearer ${session.accessToken}` },
      })
    ).json()
  ).data;
  const rupees = (paise: number) =>
    `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  expect(text).toContain("TAX INVOICE");
  expect(text).toContain("GSTIN: 29ABCDE1234F1Z5");
  expect(text).toMatch(/\b(61\d\d|6505|4202)\b/);
  // Noida from a Karnataka shop: IGST at the line's rate.
  expect(text).toMatch(/IGST[\s\S]*\b(5|18)%/);
  expect(text).toContain(rupees(order.total));
  expect(text).toContain(rupees(order.total - order.taxAmount));
  expect(text).toContain("Tax payable on reverse charge");

  await page.setViewportSize(PHONE);
  await page.goto("/orders");
  await expect(download).toBeVisible();
  await attachScreenshot(page, testInfo, "my-orders-invoice-390");
});

test("the owner saves the shop's GST details on the Settings page", async ({ page, baseURL }, testInfo) => {
  const email = `gst.owner.${Date.now()}@vaki.test`;
  await page.goto(await mintSetupLink(baseURL!, email, "GST Owner", "owner"));
  await completeSetup(page, { name: "GST Owner", email });
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("GSTIN")).toHaveValue("29ABCDE1234F1Z5");
  await page.getByLabel("Legal name").fill("Vaki Apparel Private Limited");
  await page.getByLabel("State").selectOption("Karnataka");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await checkView(page, "settings");
  await attachScreenshot(page, testInfo, "admin-settings-1440");
  await page.setViewportSize(PHONE);
  await attachScreenshot(page, testInfo, "admin-settings-390");
});
