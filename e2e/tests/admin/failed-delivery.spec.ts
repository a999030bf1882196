import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { completeSetup, mintSetupLink } from "../support/admin";
import { logIn, startCustomerCheckout, withSession } from "../support/orders";
import { DESKTOP, fillSandboxAddress, registerCustomer } from "../support/shop";

/*
 * A failed delivery, against the fast-courier shop of playwright.config.ts (3 s a step, asked
 * every second): a parcel addressed to "… FAIL DELIVERY" is Undelivered 21 s after its AWB; an
 * operations person sends it back to origin (RTO delivered 9 s later), receives it, and its
 * units go back to stock with ledger rows; the customer's My Orders says it was returned.
 */
test.describe.configure({ timeout: 150_000 });

async function operationsPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  const email = `ops.rto.${randomUUID().slice(0, 8)}@vaki.test`;
  await page.goto(await mintSetupLink(baseURL, email, "Kavya Iyer", "operations", process.env.E2E_COURIER_DATA_DIR));
  await completeSetup(page, { name: "Kavya Iyer" });
  return page;
}

test("a failed delivery goes back to origin and is restocked with ledger rows", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const session = await logIn(request, await registerCustomer(request, "Riya Sharma"));
  const started = await startCustomerCheckout(request, session);
  await page.goto(`/sandbox/pay/${started.checkoutToken}`);
  await fillSandboxAddress(page, session.user.email);
  // The sandbox courier's documented marker: this parcel stops at Undelivered.
  await page.locator("#f-shippingAddress-fullName").fill("Riya FAIL DELIVERY");
  await page.locator("label[for=method-upi]").click();
  await page.getByRole("button", { name: /Pay ₹/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}`));

  const ops = await operationsPage(browser, baseURL!);
  try {
    await ops.goto("/admin/orders?tab=delivery_failed");
    const link = ops.getByRole("link", { name: `#${started.orderNumber}` });
    await expect(async () => {
      await ops.reload();
      await expect(link).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await link.click();
    await expect(ops.getByRole("heading", { level: 1, name: `Order #${started.orderNumber}` })).toBeVisible();

    await ops.getByRole("button", { name: "Return to origin" }).click();
    const confirm = ops.getByRole("dialog", { name: `Return order #${started.orderNumber} to origin?` });
    await confirm.getByRole("button", { name: "Return to origin" }).click();
    await expect(ops.getByText(/^Return to origin requested\./)).toBeVisible();

    const receive = ops.getByRole("button", { name: "Receive return" });
    await expect(async () => {
      await ops.reload();
      await expect(receive).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await receive.click();
    const dialog = ops.getByRole("dialog", { name: `Receive the return of #${started.orderNumber}` });
    await dialog.getByLabel("Note (optional)").fill("Checked: all fine");
    await dialog.getByRole("button", { name: "Receive and restock" }).click();
    await expect(ops.getByText(/Return received\. Stock updated/)).toBeVisible();

    // The stock ledger of the line's variant: the units came back with this order's number.
    const order = (await (await ops.request.get(`/api/admin/orders/${started.orderId}`)).json()).data;
    expect(order.status).toBe("CANCELLED");
    const ledger = await ops.request.get(`/api/admin/variants/${order.lines[0].variantId}/ledger`);
    expect(ledger.status()).toBe(200);
    const rows = (await ledger.json()).data.items as { reason: string; change: number; orderId: string | null }[];
    expect(rows.find((row) => row.reason === "returned" && row.orderId === started.orderId)?.change).toBe(
      order.lines[0].quantity,
    );
  } finally {
    await ops.context().close();
  }

  await withSession(page, session);
  await page.goto("/orders");
  await expect(page.getByRole("article", { name: started.orderNumber })).toContainText("Returned to us");
});
