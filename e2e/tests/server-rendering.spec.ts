import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  addToGuestCart,
  appTookOver,
  asGuest,
  DESKTOP,
  PASSWORD,
  PHONE,
  registerCustomer,
  skipSplash,
  stockedProduct,
} from "./support/shop";

/*
 * The storefront drawn by the server (issue 26, decision 0020): every catalogue and static page's
 * content is in the HTML it serves, the browser takes it over without a hydration error whoever
 * is looking (a first-time guest, a guest with a cart, a signed-in customer with a wishlist),
 * and with JavaScript off a shopper still goes from home to a list to a product and reads it.
 */

interface Route {
  path: string;
  /** Text the served HTML itself holds (before any script). */
  text: string;
}

async function routes(request: APIRequestContext): Promise<Route[]> {
  const product = (await (await request.get("/api/products?page=1&limit=1")).json()).data.content[0];
  const category = (await (await request.get("/api/categories?page=1&limit=1")).json()).data.content[0];
  return [
    { path: "/", text: "Oversized tees, hoodies and caps" },
    { path: "/products", text: product.name },
    { path: `/products/${category.id}`, text: category.name },
    { path: `/product/${product.id}`, text: product.name },
    { path: "/vakiverse", text: "Vakiverse" },
    { path: "/about", text: "About" },
    { path: "/faq", text: "FAQ" },
    { path: "/contact", text: "Contact" },
    { path: "/careers", text: "Careers" },
    { path: "/privacy-policy", text: "Privacy Policy" },
    { path: "/shipping-policies", text: "Shipping" },
    { path: "/terms-and-conditions", text: "Terms" },
    { path: "/terms-of-service", text: "Terms of Service" },
  ];
}

/** Errors and warnings the page reports: a hydration mismatch is one (React's #418, #419, #423, #425). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${page.url()}: ${message.type()}: ${message.text()}`);
  });
  return problems;
}

async function visitEveryRoute(page: Page, list: Route[]): Promise<void> {
  for (const route of list) {
    await page.goto(route.path);
    await appTookOver(page);
    // The lazy parts (hearts, recently viewed, notify me) hydrate once their code is here.
    await page.waitForTimeout(1000);
  }
}

test("every catalogue and static page is in the HTML the server sends", async ({ request }) => {
  for (const route of await routes(request)) {
    const response = await request.get(route.path);
    expect(response.status(), route.path).toBe(200);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('id="vaki-app-state"'));
    expect(root, route.path).toContain("data-server-rendered");
    const text = root
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
    expect(text.toLowerCase(), route.path).toContain(route.text.toLowerCase());
  }
  // A shopper's own pages are drawn in their browser, never cached for everyone.
  const profile = await (await request.get("/profile")).text();
  expect(profile).toContain('<div id="root"></div>');
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`a first-time guest's pages hydrate without an error at ${viewport.width} px`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const problems = collectProblems(page);
    await visitEveryRoute(page, await routes(request));
    expect(problems).toEqual([]);
  });
}

test("a returning guest with a cart and a customer with a wishlist hydrate without an error", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const list = await routes(request);
  const product = await stockedProduct(request);
  const guest = await asGuest(page);
  await addToGuestCart(request, guest, product);
  const problems = collectProblems(page);
  await page.setViewportSize(PHONE);
  await visitEveryRoute(page, list);
  // The cart's count is the guest's, once the app has it.
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart" })).toBeVisible();

  // Signed in, with a product in the wishlist and one recently viewed.
  const email = await registerCustomer(request);
  await page.goto("/");
  await appTookOver(page);
  await page.getByRole("banner").getByRole("button", { name: "Profile", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email or Phone").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/product/${product.id}`);
  await appTookOver(page);
  await page.getByRole("button", { name: "Add to wishlist" }).first().click();
  await expect(page.getByRole("button", { name: "Remove from wishlist" }).first()).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await visitEveryRoute(page, list);
  expect(problems).toEqual([]);
});

test("a button on the server's drawing waits for the app: a click is never lost", async ({ page, request }) => {
  const product = await stockedProduct(request);
  await skipSplash(page);
  // The page's code comes slowly: the drawing is on screen well before the app.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name, { ignoreCase: true });
  // Inert until the app has it: the button is not offered, then works.
  await page.getByRole("banner").getByRole("button", { name: "Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Your items in Cart" })).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a shopper goes from home to a list to a product and reads it", async ({ page, request }) => {
    const product = (await (await request.get("/api/products?page=1&limit=1")).json()).data.content[0];
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /fresh off the wire/i })).toBeVisible();
    await page.getByRole("link", { name: "Shop All" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText(product.name, { exact: false }).first()).toBeVisible();
    const card = page.locator(`a[href^="/product/${product.id}"]`).first();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name, { ignoreCase: true });
    await expect(page.getByText(/Rs\. [\d,]+/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
  });
});
