import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { logIn, startCustomerCheckout, withSession } from "./support/orders";
import { attachScreenshot, DESKTOP, PHONE, payOnSandbox, registerCustomer } from "./support/shop";

/*
 * What happens once an order ships (review defects 1 and 5), against the second shop
 * playwright.config.ts starts: its sandbox courier takes 3 s a step (shipped 9 s after the AWB,
 * out for delivery at 18 s, delivered at 21 s) and nobody opens tracking here.
 */

test.describe.configure({ timeout: 120_000 });

/** The .eml files the courier shop wrote to `email`, decoded (quoted-printable soft breaks joined). */
function mailsTo(email: string): string[] {
  const folder = path.join(process.env.E2E_COURIER_DATA_DIR ?? "", "mail");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".eml") && name.includes(email))
    .sort()
    .map((name) =>
      readFileSync(path.join(folder, name), "latin1")
        .replace(/=\r?\n/g, "")
        .replace(/\r?\n[ \t]+/g, " ")
        .replace(/=3D/g, "="),
    );
}

async function openOrders(page: Page): Promise<void> {
  await page.goto("/orders");
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
}

test("My Orders shows a shipped order as shipped, without Cancel, and the shopper gets each shipping e-mail once", async ({
  page,
  request,
}, testInfo) => {
  const session = await logIn(request, await registerCustomer(request));
  const started = await startCustomerCheckout(request, session);
  await withSession(page, session);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/sandbox/pay/${started.checkoutToken}`);
  await payOnSandbox(page, session.user.email);
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible({ timeout: 15_000 });

  // The list itself catches up with the courier: no tracking dialog is opened on the way.
  const card = page.getByRole("article", { name: started.orderNumber });
  await expect(async () => {
    await openOrders(page);
    await expect(card.getByText(/^(Shipped|Delivered)$/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(card.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Track Now" })).toBeVisible();
  const shown = (await card.getByText(/^(Shipped|Delivered)$/).textContent()) ?? "";
  await attachScreenshot(page, testInfo, "my-orders-shipped-1440");
  await expectAccessible(page, "My Orders with a shipped order");

  // The details say the same (or later: the parcel may have moved on meanwhile).
  await card.getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Order Details" });
  await expect(details.getByText(shown === "Shipped" ? /^(Shipped|Delivered)$/ : /^Delivered$/).first()).toBeVisible();
  await expect(details.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.setViewportSize(PHONE);
  await openOrders(page);
  await expect(card.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  await attachScreenshot(page, testInfo, "my-orders-shipped-390");

  // Shipped, out for delivery and delivered: one e-mail each, with the tracking link.
  const email = session.user.email;
  const subjects = [
    /order VK-\d+ is on its way/,
    /order VK-\d+ is out for delivery/,
    /order VK-\d+ has been delivered/,
  ];
  await expect
    .poll(() => subjects.map((subject) => mailsTo(email).filter((mail) => subject.test(mail)).length), {
      message: `shipping e-mails to ${email}`,
      timeout: 45_000,
    })
    .toEqual([1, 1, 1]);
  const news = mailsTo(email).filter((mail) => subjects.some((subject) => subject.test(mail)));
  for (const mail of news) expect(mail).toMatch(/\/orders\?awb=\w+/);
  // Asking again (list and details) sends nothing more.
  await openOrders(page);
  await expect(card.getByText("Delivered", { exact: true })).toBeVisible();
  await page.waitForTimeout(2_500);
  expect(subjects.map((subject) => mailsTo(email).filter((mail) => subject.test(mail)).length)).toEqual([1, 1, 1]);
});
