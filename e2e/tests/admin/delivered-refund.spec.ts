import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { completeSetup, mintSetupLink } from "../support/admin";
import { logIn, startCustomerCheckout, withSession } from "../support/orders";
import { DESKTOP, payOnSandbox, registerCustomer } from "../support/shop";

/*
 * After delivery (issues 28 and 29), against the fast-courier shop of playwright.config.ts (3 s
 * a step): an operations person follows a sandbox-paid order on its page until the courier says
 * Delivered, refunds part of it, and the customer's My Orders shows the refund and offers the
 * credit note, whose PDF says what was credited.
 */
test.describe.configure({ timeout: 150_000 });

test("a delivered order is refunded in part; the customer downloads the credit note", async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const session = await logIn(request, await registerCustomer(request, "Ishaan Mehta"));
  const started = await startCustomerCheckout(request, session);
  await page.goto(`/sandbox/pay/${started.checkoutToken}`);
  await payOnSandbox(page, session.user.email);
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}`));

  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const ops = await context.newPage();
  try {
    const email = `ops.delivered.${randomUUID().slice(0, 8)}@vaki.test`;
    await ops.goto(await mintSetupLink(baseURL!, email, "Kavya Iyer", "operations", process.env.E2E_COURIER_DATA_DIR));
    await completeSetup(ops, { name: "Kavya Iyer" });

    // The order page follows the sandbox courier: shipped, then delivered about 21 s after the AWB.
    await ops.goto(`/admin/orders/${started.orderId}`);
    const heading = ops.getByRole("heading", { level: 1, name: `Order #${started.orderNumber}` });
    await expect(heading).toBeVisible();
    await expect(async () => {
      await ops.reload();
      await expect(ops.locator(".page-header").getByText("Delivered", { exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });

    await ops.getByRole("button", { name: "Refund" }).click();
    const dialog = ops.getByRole("dialog", { name: `Refund order #${started.orderNumber}` });
    await dialog.getByLabel("Amount (Rs)").fill("150");
    await dialog.getByLabel("Reason").fill("Loose thread on the hem");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(ops.getByText("Refund recorded.")).toBeVisible();
  } finally {
    await context.close();
  }

  await withSession(page, session);
  await page.goto("/orders");
  const card = page.getByRole("article", { name: started.orderNumber });
  await expect(card).toContainText("Refunded ₹150.00");
  const download = card.getByRole("button", { name: /^Download credit note/ });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const saved = testInfo.outputPath("credit-note.pdf");
  await file.saveAs(saved);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(saved)));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain("Credit note");
  expect(text).toContain(started.orderNumber);
  expect(text).toMatch(/150\.00/);
});
