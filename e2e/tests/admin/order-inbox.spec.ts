import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { checkView, completeSetup, mintSetupLink } from "../support/admin";
import { logIn, startCustomerCheckout, withSession } from "../support/orders";
import { DESKTOP, payOnSandbox, registerCustomer } from "../support/shop";

/*
 * The order inbox (issue 28): an operations person packs a sandbox-paid order, sees its AWB,
 * downloads the label, refunds part of it, and the customer's My Orders shows the refund; a
 * support person sees no Refund button and the route answers 403.
 */
test.describe.configure({ timeout: 120_000 });

async function staffPage(browser: Browser, baseURL: string, role: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  const email = `${role}.inbox.${randomUUID().slice(0, 8)}@vaki.test`;
  await page.goto(await mintSetupLink(baseURL, email, name, role));
  await completeSetup(page, { name });
  return page;
}

test("operations packs, ships, prints the label and refunds part of an order; the customer sees the refund", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const session = await logIn(request, await registerCustomer(request, "Meera Nair"));
  const started = await startCustomerCheckout(request, session);
  await page.goto(`/sandbox/pay/${started.checkoutToken}`);
  await payOnSandbox(page, session.user.email);
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}`));

  const ops = await staffPage(browser, baseURL!, "operations", "Kavya Iyer");
  try {
    // The inbox: the paid order waits in "To pack".
    await ops.goto("/admin/orders?tab=to_pack");
    await expect(ops.getByRole("button", { name: /^To pack \d+/ })).toHaveAttribute("aria-current", "page");
    const link = ops.getByRole("link", { name: `#${started.orderNumber}` });
    await expect(link).toBeVisible();
    await checkView(ops, "order-inbox");
    await link.click();
    await expect(ops.getByRole("heading", { level: 1, name: `Order #${started.orderNumber}` })).toBeVisible();

    await ops.getByRole("button", { name: "Mark packed" }).click();
    await expect(ops.getByText("Marked packed.")).toBeVisible();
    await expect(ops.getByRole("button", { name: "Mark packed" })).toBeHidden();

    // The shop books the paid order's shipment itself; the button is there when it has not.
    const create = ops.getByRole("button", { name: "Create shipment" });
    if (await create.isVisible()) await create.click();
    const awb = ops.getByTestId("shipment-awb");
    await expect(async () => {
      await ops.reload();
      await expect(awb).toHaveText(/^[A-Z0-9]{6,}$/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const awbText = ((await awb.textContent()) ?? "").trim();

    // The label: a PDF with the order number and the AWB.
    const downloading = ops.waitForEvent("download");
    await ops.getByRole("button", { name: "Download label" }).click();
    const download = await downloading;
    const file = await download.path();
    const pdf = readFileSync(file);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(started.orderNumber);
    expect(text).toContain(awbText);
    const keep = process.env.ADMIN_SCREENSHOTS;
    if (keep) writeFileSync(path.join(keep, "label.pdf"), pdf);

    // A part refund of Rs 100 through the sandbox gateway.
    await ops.getByRole("button", { name: "Refund" }).click();
    const dialog = ops.getByRole("dialog", { name: `Refund order #${started.orderNumber}` });
    await dialog.getByLabel("Amount (Rs)").fill("100");
    await dialog.getByLabel("Reason").fill("Late delivery");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(ops.getByText("Refund recorded.")).toBeVisible();
    await expect(ops.getByRole("region", { name: "Refunds" })).toContainText("₹100.00");
    await checkView(ops, "order-page");
  } finally {
    await ops.context().close();
  }

  // The customer's My Orders shows what was refunded.
  await withSession(page, session);
  await page.goto("/orders");
  const card = page.getByRole("article", { name: started.orderNumber });
  await expect(card).toContainText("Refunded ₹100.00");
});

test("a support person sees no Refund button and the refund route answers 403", async ({
  request,
  browser,
  baseURL,
}) => {
  const session = await logIn(request, await registerCustomer(request, "Arjun Rao"));
  const started = await startCustomerCheckout(request, session);
  const shopper = await browser.newPage({ baseURL });
  await shopper.goto(`/sandbox/pay/${started.checkoutToken}`);
  await payOnSandbox(shopper, session.user.email);
  await expect(shopper).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}`));
  await shopper.close();

  const support = await staffPage(browser, baseURL!, "support", "Sam Support");
  try {
    await support.goto(`/admin/orders/${started.orderId}`);
    await expect(support.getByRole("heading", { level: 1, name: `Order #${started.orderNumber}` })).toBeVisible();
    await expect(support.getByRole("button", { name: "Resend confirmation e-mail" })).toBeVisible();
    await expect(support.getByRole("button", { name: "Refund" })).toHaveCount(0);
    await expect(support.getByRole("button", { name: "Mark packed" })).toHaveCount(0);
    const me = await (await support.request.get("/api/admin/auth/me")).json();
    const refused = await support.request.post(`/api/admin/orders/${started.orderId}/refunds`, {
      data: { amount: 100, reason: "Try" },
      headers: { "X-CSRF-Token": me.data.csrfToken },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await support.context().close();
  }
});
