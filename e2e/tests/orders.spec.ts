import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { logIn, type Started, startCustomerCheckout, withSession } from "./support/orders";
import {
  addToGuestCart,
  asGuest,
  attachScreenshot,
  DESKTOP,
  fillSandboxAddress,
  PHONE,
  payOnSandbox,
  registerCustomer,
  skipSplash,
  stockedProduct,
} from "./support/shop";

/*
 * My Orders and the order confirmation page (R-ORD-2, R-ORD-4, R-ORD-8), against the
 * real shop: orders are created and checkouts started through the API the storefront uses, the
 * payment happens on the sandbox page in the browser.
 */

/** Cart → order → checkout for a guest, through the API; the guest keeps the order's secret. */
async function startGuestCheckout(request: APIRequestContext, guestSessionId: string): Promise<Required<Started>> {
  await addToGuestCart(request, guestSessionId, await stockedProduct(request));
  const created = await request.post("/api/orders/create", { data: { guestSessionId } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).data;
  const initiated = await request.post("/api/checkout/initiate", {
    data: { orderId: order.id, guestSessionId, orderSecret: order.orderSecret, redirectUrl: "/order-confirmation" },
  });
  expect(initiated.status(), await initiated.text()).toBe(200);
  const checkout = (await initiated.json()).data;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderSecret: order.orderSecret,
    checkoutToken: checkout.token,
    checkoutId: checkout.checkoutId,
  };
}

async function expectConfirmed(page: Page, started: Started): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${started.orderId}\\?oid=${started.checkoutId}&ost=`));
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Order ${started.orderNumber}`, { exact: true })).toBeVisible();
  for (const heading of ["Order Information", "Contact Information", "Shipping Address", "Order Summary"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Product", "Quantity", "Price", "Subtotal"]);
  await expect(page.getByText("Completed").first()).toBeVisible();
  await expect(page.getByText(/₹[\d,]+\.\d{2}/).first()).toBeVisible();
}

async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await skipSplash(page);
  return page;
}

test.describe("a logged-in customer's order", () => {
  test.describe.configure({ timeout: 90_000 });

  test("is paid on the sandbox, confirmed, listed in My Orders, tracked and cancelled with a refund", async ({
    page,
    request,
  }, testInfo) => {
    const session = await logIn(request, await registerCustomer(request));
    const started = await startCustomerCheckout(request, session);
    await withSession(page, session);
    await page.setViewportSize(DESKTOP);

    await page.goto(`/sandbox/pay/${started.checkoutToken}`);
    await payOnSandbox(page, session.user.email);
    await expectConfirmed(page, started);
    await expect(page.getByText(session.user.email).first()).toBeVisible();
    await expectAccessible(page, "the order confirmation");
    await attachScreenshot(page, testInfo, "confirmation-success-1440");

    // My Orders lists it with its badges.
    await page.getByRole("link", { name: "View My Orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page).toHaveTitle(/\| My Orders$/);
    const card = page.getByRole("article", { name: started.orderNumber });
    await expect(card).toBeVisible();
    await expect(card.getByText("Paid", { exact: true })).toBeVisible();
    await expect(card.getByText(/^(Confirmed|Processing)$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await expectAccessible(page, "My Orders");

    // View Details: Size and Color, addresses, totals, dates.
    await card.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Order Details" });
    await expect(details).toBeVisible();
    await expect(details.getByText(/Size: \S+/).first()).toBeVisible();
    await expect(details.getByText("Riya Sharma").first()).toBeVisible();
    await expect(details.getByText(/\d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2} [ap]m/).first()).toBeVisible();
    await expectAccessible(page, "the order details dialog");
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
    await expect(card.getByRole("button", { name: "View Details" })).toBeFocused();

    // Track Now: the timeline and the sandbox courier's booking.
    await card.getByRole("button", { name: "Track Now" }).click();
    const tracking = page.getByRole("dialog", { name: "Track Order" });
    await expect(tracking).toBeVisible();
    const progress = tracking.getByRole("list", { name: "Order progress" });
    await expect(progress.getByRole("listitem")).toHaveCount(4);
    await expect(progress.getByRole("listitem").first()).toContainText("Created");
    await expect(async () => {
      await tracking.getByRole("button", { name: "Check for Updates" }).click();
      await expect(tracking.getByText("AWB", { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expectAccessible(page, "the tracking dialog");
    await attachScreenshot(page, testInfo, "tracking-dialog-1440");
    await tracking.getByRole("button", { name: "Close" }).click();
    await expect(tracking).toBeHidden();

    // Cancel inside the 6-hour window: confirmation, the refund toast, the refund badge.
    await card.getByRole("button", { name: "Cancel Order" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel Order" });
    await expect(cancel).toContainText("5-7 business days");
    await expectAccessible(page, "the cancel dialog");
    await cancel.getByRole("button", { name: "Yes, Cancel Order" }).click();
    await expect(page.getByText("Refund will be processed within 5-7 business days.")).toBeVisible();
    // Refund Processing, or Refunded once the (sandbox) gateway has already paid it back.
    await expect(card.getByText(/^Refund(ed| Processing)$/)).toBeVisible();
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    await attachScreenshot(page, testInfo, "orders-after-cancel-1440");
  });

  test("shows My Orders on a phone with dialogs as bottom sheets", async ({ page, request }, testInfo) => {
    const session = await logIn(request, await registerCustomer(request));
    const started = await startCustomerCheckout(request, session);
    await withSession(page, session);
    await page.setViewportSize(PHONE);
    await page.goto("/orders");

    const card = page.getByRole("article", { name: started.orderNumber });
    await expect(card.getByText("Payment Initiated", { exact: true })).toBeVisible();
    await expect(card.getByText("Awaiting Payment", { exact: true })).toBeVisible();
    const overflow = await page.evaluate("document.documentElement.scrollWidth > window.innerWidth");
    expect(overflow, "no sideways scrolling").toBe(false);

    await card.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Order Details" });
    await expect(details).toBeVisible();
    // A bottom sheet: once its slide-in ends, it sits on the bottom edge of the screen.
    await expect
      .poll(async () => {
        const box = await details.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(PHONE.height);
    await expectAccessible(page, "the order details sheet on a phone");
    await attachScreenshot(page, testInfo, "order-details-390");
    await page.keyboard.press("Escape");

    // An unpaid order cancels without charges.
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await page.getByRole("dialog", { name: "Cancel Order" }).getByRole("button", { name: "Yes, Cancel Order" }).click();
    await expect(page.getByText("Payment has been cancelled and no charges were made.")).toBeVisible();
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  });
});

test("a guest sees a login prompt on My Orders that opens the login modal", async ({ page }) => {
  await skipSplash(page);
  await page.goto("/orders");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "My Orders for a guest");
});

test.describe("a guest's order", () => {
  test.describe.configure({ timeout: 90_000 });

  test("reaches its confirmation, which another browser opens only with the e-mail link", async ({
    page,
    browser,
  }, testInfo) => {
    const guestSessionId = await asGuest(page, randomUUID());
    const started = await startGuestCheckout(page.request, guestSessionId);
    // What the storefront's checkout keeps for the guest (features/checkout/guest-orders.ts).
    await page.addInitScript(
      `localStorage.setItem("guestOrders", ${JSON.stringify(
        JSON.stringify({
          [started.orderId]: { orderSecret: started.orderSecret, timestamp: Date.now(), isActive: true },
        }),
      )});`,
    );
    await page.setViewportSize(PHONE);

    await page.goto(`/sandbox/pay/${started.checkoutToken}`);
    await payOnSandbox(page);
    await expectConfirmed(page, started);
    await expect(page.getByRole("link", { name: "View My Orders" })).toHaveCount(0);
    await expectAccessible(page, "a guest's order confirmation");
    await attachScreenshot(page, testInfo, "guest-confirmation-390");

    // Another browser, same address without the secret: the order stays private.
    const stranger = await newPhonePage(browser);
    await stranger.goto(`/order-confirmation/${started.orderId}?oid=${started.checkoutId}&ost=SUCCESS`);
    await expect(stranger.getByRole("heading", { level: 1, name: "Order Information" })).toBeVisible();
    await expect(stranger.getByText(/check your email/i)).toBeVisible();
    await expect(stranger.getByText(started.orderNumber)).toHaveCount(0);
    await expectAccessible(stranger, "the unauthorised view");
    await attachScreenshot(stranger, testInfo, "unauthorised-390");

    // The e-mail's link carries the secret and opens the order on any device.
    await stranger.goto(`/order-confirmation/${started.orderId}?orderSecret=${started.orderSecret}`);
    await expect(stranger.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
    await stranger.context().close();
  });

  test("never trusts the ost in the address: a declined payment shows as failed", async ({ page }) => {
    const guestSessionId = await asGuest(page, randomUUID());
    const started = await startGuestCheckout(page.request, guestSessionId);
    await page.goto(`/sandbox/pay/${started.checkoutToken}`);
    await fillSandboxAddress(page);
    await page.getByText("Make this payment fail").click();
    await page.getByRole("button", { name: /it will be declined/ }).click();
    await expect(page).toHaveURL(/ost=FAILED/);

    await page.goto(
      `/order-confirmation/${started.orderId}?oid=${started.checkoutId}&ost=SUCCESS&orderSecret=${started.orderSecret}`,
    );
    await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Order Confirmed" })).toHaveCount(0);
  });
});

test("the confirmation page without an order says 'Order Not Found' with Try Again and Go to Home", async ({
  page,
}) => {
  await skipSplash(page);
  await page.goto("/order-confirmation");
  await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
  await expect(page.getByText("No order ID or checkout ID provided")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await expectAccessible(page, "the confirmation error view");
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
