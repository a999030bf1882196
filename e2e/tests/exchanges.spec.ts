import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { checkView, completeSetup, mintSetupLink } from "./support/admin";
import { type LoggedIn, logIn, withSession } from "./support/orders";
import { attachScreenshot, DESKTOP, PHONE, payOnSandbox, registerCustomer, typeInto } from "./support/shop";

/*
 * A size exchange end to end (issue 29), against the fast-courier shop of playwright.config.ts
 * (3 s a courier step, asked every second): a delivered order's customer asks for another size
 * in My Orders, an operations person approves it, the sandbox courier picks the old one up, the
 * new size ships on the pickup and is delivered, the returned unit is received back on sale; the
 * stock ledger has the hold, the sale and the return, and the customer gets an e-mail per step.
 */
test.describe.configure({ timeout: 180_000 });

interface Sized {
  productId: number;
  name: string;
  from: { variantId: number; size: string };
  to: { variantId: number; size: string };
}

/** A product with two sizes of one colour in stock, from the real catalogue. */
async function twoSizesInStock(request: APIRequestContext): Promise<Sized> {
  const products = (await (await request.get("/api/products?page=1&limit=60")).json()).data.content as {
    id: number;
    name: string;
    variants: {
      id: number;
      inStock: boolean;
      inventoryQuantity: number;
      attributes: { Size: string | null; Color: string | null };
    }[];
  }[];
  for (const product of products) {
    const stocked = product.variants.filter((v) => v.inStock && v.inventoryQuantity >= 3 && v.attributes.Size);
    for (const first of stocked) {
      const other = stocked.find((v) => v.id !== first.id && v.attributes.Color === first.attributes.Color);
      if (other?.attributes.Size && first.attributes.Size) {
        return {
          productId: product.id,
          name: product.name,
          from: { variantId: first.id, size: first.attributes.Size },
          to: { variantId: other.id, size: other.attributes.Size },
        };
      }
    }
  }
  throw new Error("no product with two sizes of one colour in stock");
}

async function checkoutOf(request: APIRequestContext, session: LoggedIn, product: Sized) {
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const added = await request.post("/api/cart/item/add", {
    data: { productId: product.productId, variantId: product.from.variantId, quantity: 1 },
    headers,
  });
  expect(added.status(), await added.text()).toBe(200);
  const created = await request.post("/api/orders/create", { data: {}, headers });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).data;
  const initiated = await request.post("/api/checkout/initiate", {
    data: { orderId: order.id, redirectUrl: "/order-confirmation" },
    headers,
  });
  expect(initiated.status(), await initiated.text()).toBe(200);
  return {
    orderId: order.id as string,
    orderNumber: order.orderNumber as string,
    token: (await initiated.json()).data.token as string,
  };
}

/** Subjects of the .eml files the courier shop wrote to `email`. */
function subjectsTo(email: string): string[] {
  const folder = path.join(process.env.E2E_COURIER_DATA_DIR ?? "", "mail");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".eml") && name.includes(email))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(folder, name), "latin1").replace(/\r?\n[ \t]+/g, " ");
      return /^Subject: (.*)$/m.exec(text)?.[1] ?? "";
    });
}

async function operationsPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  const email = `ops.exchange.${randomUUID().slice(0, 8)}@vaki.test`;
  await page.goto(await mintSetupLink(baseURL, email, "Kavya Iyer", "operations", process.env.E2E_COURIER_DATA_DIR));
  await completeSetup(page, { name: "Kavya Iyer" });
  return page;
}

/** My Orders → the order's details dialog. */
async function openDetails(page: Page, orderNumber: string) {
  await page.goto("/orders");
  const card = page.getByRole("article", { name: orderNumber });
  await card.getByRole("button", { name: "View Details" }).click();
  return page.getByRole("dialog", { name: "Order Details" });
}

/** A signed-in customer's order of one size of `twoSizesInStock`, its sandbox payment page open. */
async function onPaymentPage(
  page: Page,
  request: APIRequestContext,
  name: string,
  viewport: typeof DESKTOP | typeof PHONE,
) {
  const product = await twoSizesInStock(request);
  const session = await logIn(request, await registerCustomer(request, name));
  const started = await checkoutOf(request, session, product);
  await withSession(page, session);
  await page.setViewportSize(viewport);
  await page.goto(`/sandbox/pay/${started.token}`);
  return { product, session, started };
}

/** Paid: waits for the sandbox courier to deliver it (about 21 s after its AWB); answers its My Orders card. */
async function deliveredCard(page: Page, orderNumber: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible({ timeout: 15_000 });
  const card = page.getByRole("article", { name: orderNumber });
  await expect(async () => {
    await page.goto("/orders");
    await expect(card.getByText(/^Delivered$/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  return card;
}

test("a delivered order's size is exchanged: asked, approved, picked up, re-shipped and received", async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const { product, session, started } = await onPaymentPage(page, request, "Ananya Gupta", DESKTOP);
  await payOnSandbox(page, session.user.email);
  await deliveredCard(page, started.orderNumber);

  // The customer asks for the other size.
  let details = await openDetails(page, started.orderNumber);
  await details.getByRole("button", { name: "Exchange size" }).click();
  const ask = page.getByRole("dialog", { name: "Exchange size" });
  await ask.getByRole("radio", { name: product.to.size, exact: true }).check();
  await attachScreenshot(page, testInfo, "exchange-dialog-1440");
  await expectAccessible(page, "the Exchange size dialog");
  await ask.getByRole("button", { name: "Request exchange" }).click();
  await expect(page.getByText(/^Exchange requested\./).first()).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(details.getByText("Requested", { exact: true }).first()).toBeVisible();
  await attachScreenshot(page, testInfo, "exchange-requested-1440");
  await page.keyboard.press("Escape");
  await page.setViewportSize(PHONE);
  details = await openDetails(page, started.orderNumber);
  await expect(details.getByText("Requested", { exact: true }).first()).toBeVisible();
  await attachScreenshot(page, testInfo, "exchange-requested-390");
  await expectAccessible(page, "an order with an exchange requested");
  await page.keyboard.press("Escape");
  // The order's card in My Orders says so too.
  await page.goto("/orders");
  await expect(
    page.getByRole("article", { name: started.orderNumber }).getByText("Size exchange: Requested"),
  ).toBeVisible();
  await attachScreenshot(page, testInfo, "my-orders-request-390");
  await expectAccessible(page, "My Orders with an exchange requested");
  await page.setViewportSize(DESKTOP);
  await attachScreenshot(page, testInfo, "my-orders-request-1440");
  await page.setViewportSize(PHONE);

  const ops = await operationsPage(browser, baseURL!);
  try {
    // The inbox's exchanges tab lists it; the operations person opens it from the order page.
    await ops.goto("/admin/orders?tab=exchanges");
    await expect(ops.getByRole("button", { name: /^Exchanges & returns \d+/ })).toHaveAttribute("aria-current", "page");
    await expect(ops.getByRole("link", { name: `#${started.orderNumber}` }).first()).toBeVisible();
    await checkView(ops, "exchanges-tab");
    await ops.goto(`/admin/orders/${started.orderId}`);
    await expect(ops.getByRole("heading", { level: 1, name: `Order #${started.orderNumber}` })).toBeVisible();
    await ops
      .getByRole("region", { name: "Exchanges & returns" })
      .getByRole("link", { name: /^Exchange request #\d+$/ })
      .click();
    const title = ops.getByRole("heading", { level: 1, name: /^Exchange request #\d+$/ });
    await expect(title).toBeVisible();
    const requestName = ((await title.textContent()) ?? "").trim();
    await checkView(ops, "exchange-request");

    await ops.getByRole("button", { name: "Approve", exact: true }).click();
    await ops
      .getByRole("dialog", { name: `Approve ${requestName}?` })
      .getByRole("button", { name: "Approve and book pickup" })
      .click();
    await expect(ops.getByText(/Reverse pickup booked \(AWB \w+\)/).first()).toBeVisible();

    // Picked up (~6 s), at the warehouse (~12 s): the return can be received.
    const receive = ops.getByRole("button", { name: "Receive return" });
    await expect(async () => {
      await ops.reload();
      await expect(receive).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await receive.click();
    const check = ops.getByRole("dialog", { name: `Receive the return of ${requestName}` });
    await check.getByRole("radio", { name: "Back on sale" }).check();
    await check.getByRole("button", { name: "Receive return" }).click();
    await expect(ops.getByText(/Return received\. Stock updated/).first()).toBeVisible();

    // The ledger: the new size held then sold, the old size back on sale.
    const ledger = async (variantId: number) =>
      (
        (await (await ops.request.get(`/api/admin/variants/${variantId}/ledger`)).json()).data.items as {
          reason: string;
          change: number;
          orderId: string | null;
        }[]
      ).filter((entry) => entry.orderId === started.orderId);
    await expect
      .poll(async () => (await ledger(product.to.variantId)).map((entry) => `${entry.reason} ${entry.change}`).sort())
      .toEqual(["hold -1", "sale 0"]);
    expect((await ledger(product.from.variantId)).map((entry) => `${entry.reason} ${entry.change}`)).toContain(
      "returned 1",
    );
  } finally {
    await ops.context().close();
  }

  // The new size delivered (~24 s after its AWB): the request is completed for the customer.
  await page.setViewportSize(DESKTOP);
  await expect(async () => {
    details = await openDetails(page, started.orderNumber);
    await expect(details.getByText("Completed", { exact: true }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await attachScreenshot(page, testInfo, "exchange-completed-1440");

  // One e-mail per step.
  await expect
    .poll(() => subjectsTo(session.user.email).filter((subject) => /exchange/i.test(subject)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(5);
});

test("an order delivered abroad gets a defect report with photos, refunded by staff with a credit note", async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const { session, started } = await onPaymentPage(page, request, "Riya Sharma", PHONE);
  await typeInto(page, "#f-contact-email", session.user.email);
  await typeInto(page, "#f-contact-phone", "+44 7700 900123");
  await typeInto(page, "#f-shippingAddress-fullName", "Riya Sharma");
  await typeInto(page, "#f-shippingAddress-line1", "221B Baker Street");
  await page.locator("#f-shippingAddress-country").selectOption("United Kingdom");
  await typeInto(page, "#f-shippingAddress-pincode", "NW1 6XE");
  await typeInto(page, "#f-shippingAddress-city", "London");
  await typeInto(page, "#f-shippingAddress-state", "Greater London");
  await typeInto(page, "#f-shippingAddress-phone", "+44 20 7946 0958");
  await page.locator("label[for=method-card]").click();
  await page.getByRole("button", { name: /Pay ₹/ }).click();
  const card = await deliveredCard(page, started.orderNumber);

  // Two photos of the fault, drawn by the browser as PNGs.
  const painter = await page.context().newPage();
  await painter.setViewportSize({ width: 1200, height: 900 });
  const photos = [];
  for (const [index, ground] of ["#3a3f58", "#8a4b2d"].entries()) {
    await painter.setContent(
      `<body style="margin:0;background:${ground}"><p style="font:bold 200px sans-serif;color:#eee">hole ${index + 1}</p></body>`,
    );
    photos.push({ name: `hole-${index + 1}.png`, mimeType: "image/png", buffer: await painter.screenshot() });
  }
  await painter.close();

  const details = await openDetails(page, started.orderNumber);
  await expect(details.getByRole("button", { name: "Exchange size" })).toHaveCount(0);
  await details.getByRole("button", { name: "Report a defect" }).click();
  const report = page.getByRole("dialog", { name: "Report a defect" });
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByText("Tell us what is wrong with the piece")).toBeVisible();
  await report.getByLabel("What is wrong?").fill("A hole by the left seam, and a pulled thread on the sleeve.");
  await report.getByLabel("Photos (up to 3)").setInputFiles(photos);
  await expect(report.getByRole("button", { name: /^Remove hole-\d\.png$/ })).toHaveCount(2);
  await attachScreenshot(page, testInfo, "defect-dialog-390");
  await expectAccessible(page, "the Report a defect dialog");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText(/^Defect reported\./).first()).toBeVisible({ timeout: 15_000 });
  await expect(report).toBeHidden();
  const requestCard = details.getByRole("region", { name: "Defect report" });
  await expect(requestCard.getByRole("img")).toHaveCount(2);
  await attachScreenshot(page, testInfo, "defect-reported-390");
  await page.keyboard.press("Escape");

  const ops = await operationsPage(browser, baseURL!);
  try {
    await ops.goto(`/admin/orders/${started.orderId}`);
    await ops
      .getByRole("region", { name: "Exchanges & returns" })
      .getByRole("link", { name: /^Defect report #\d+$/ })
      .click();
    const title = ops.getByRole("heading", { level: 1, name: /^Defect report #\d+$/ });
    await expect(title).toBeVisible();
    const requestName = ((await title.textContent()) ?? "").trim();
    await expect(ops.getByRole("button", { name: /^Enlarge photo \d of 2$/ })).toHaveCount(2);
    await checkView(ops, "defect-report");
    await ops.getByRole("button", { name: "Approve", exact: true }).click();
    const approve = ops.getByRole("dialog", { name: `Approve ${requestName}` });
    await approve.getByRole("radio", { name: "Refund the item" }).check();
    await approve.getByRole("button", { name: "Approve" }).click();
    await expect(ops.getByText(/^Request approved\./).first()).toBeVisible();
  } finally {
    await ops.context().close();
  }

  await page.setViewportSize(DESKTOP);
  await page.goto("/orders");
  await expect(card).toContainText(/Refunded ₹[\d,]+\.\d\d/);
  await expect(card.getByRole("button", { name: /^Download credit note/ })).toBeVisible();
});
