import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

export interface StockedProduct {
  id: number;
  name: string;
  slug: string;
  variantId: number;
  size: string | null;
  color: string | null;
}

/** A product with a variant that has at least `minStock` units, from the real catalogue. */
export async function stockedProduct(request: APIRequestContext, minStock = 3): Promise<StockedProduct> {
  const products = (await (await request.get("/api/products?page=1&limit=60")).json()).data.content as {
    id: number;
    name: string;
    slug: string;
    variants: {
      id: number;
      inStock: boolean;
      inventoryQuantity: number;
      attributes: { Size: string | null; Color: string | null };
    }[];
  }[];
  for (const product of products) {
    const variant = product.variants.find((v) => v.inStock && v.inventoryQuantity >= minStock && v.attributes.Size);
    if (variant) {
      return {
        id: product.id,
        name: product.name,
        slug: product.slug,
        variantId: variant.id,
        size: variant.attributes.Size,
        color: variant.attributes.Color,
      };
    }
  }
  throw new Error("no product in stock");
}

/** Adds a line to a guest's cart through the API (the id the storefront keeps in localStorage). */
export async function addToGuestCart(
  request: APIRequestContext,
  guestSessionId: string,
  product: StockedProduct,
  quantity = 1,
): Promise<void> {
  const added = await request.post("/api/cart/item/add", {
    data: { productId: product.id, variantId: product.variantId, quantity, guestSessionId },
  });
  expect(added.status()).toBe(200);
}

/** Marks today's Club pop-up as seen, so it does not open over tests that are not about it. */
export const CLUB_POPUP_SEEN = `localStorage.setItem("joinClubModalShown", String(Date.now()));`;

/**
 * Opens the shop as a guest whose id is `guestSessionId` (so tests can fill the cart through the
 * API first), with the splash and today's Club pop-up already seen.
 */
export async function asGuest(page: Page, guestSessionId: string = randomUUID()): Promise<string> {
  // A string script, so this file needs no DOM types.
  await page.addInitScript(
    `localStorage.setItem("guestSessionId", ${JSON.stringify(guestSessionId)}); sessionStorage.setItem("vaki:splashShown", "1"); ${CLUB_POPUP_SEEN}`,
  );
  return guestSessionId;
}

/** Skip the once-per-visit splash (and today's Club pop-up) in tests that are not about them. */
export async function skipSplash(page: Page): Promise<void> {
  await page.addInitScript(`sessionStorage.setItem("vaki:splashShown", "1"); ${CLUB_POPUP_SEEN}`);
}

/** A strong password the server accepts. */
export const PASSWORD = "Vaki-Str0ng#2026";

/** Registers a new customer through the API; answers their e-mail. */
export async function registerCustomer(request: APIRequestContext, name = "Riya Sharma"): Promise<string> {
  const email = `riya.${randomUUID().slice(0, 8)}@example.com`;
  const csrf = (await (await request.get("/api/auth/csrfToken")).json()).data.csrfToken as string;
  const response = await request.post("/api/auth/register", {
    data: { name, email, password: PASSWORD },
    headers: { "X-CSRF-Token": csrf },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return email;
}

/** Types into a field as a shopper would: click, then the keyboard. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** Fills the sandbox pay page's contact and Indian address. */
export async function fillSandboxAddress(page: Page, email = "e2e.shopper@example.com"): Promise<void> {
  await typeInto(page, "#f-contact-email", email);
  await typeInto(page, "#f-contact-phone", "9876543210");
  await typeInto(page, "#f-shippingAddress-fullName", "Riya Sharma");
  await typeInto(page, "#f-shippingAddress-line1", "Flat 4B, Lotus Towers");
  await typeInto(page, "#f-shippingAddress-pincode", "201301");
  await typeInto(page, "#f-shippingAddress-city", "Noida");
  await typeInto(page, "#f-shippingAddress-state", "Uttar Pradesh");
  await typeInto(page, "#f-shippingAddress-phone", "9876543210");
}

/** On the sandbox pay page: fill the address and pay by UPI (test). */
export async function payOnSandbox(page: Page, email?: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await fillSandboxAddress(page, email);
  await page.locator("label[for=method-upi]").click();
  await page.getByRole("button", { name: /Pay ₹/ }).click();
}

/** Full-page screenshot attached to the test report (the reviewer looks at these). */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/**
 * Opens `path` as the browser draws it alone: without the server's drawing of the page and the
 * answers it was drawn with (decision 0020), so the app asks the API itself and a test can change
 * an answer on the way (page.route on the API call).
 */
export async function withoutServerDrawing(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      const start = html.indexOf('<div id="root" data-server-rendered>');
      const state = html.indexOf('<script type="application/json" id="vaki-app-state">');
      const body =
        start === -1 || state === -1
          ? html
          : `${html.slice(0, start)}<div id="root"></div>${html.slice(html.indexOf("</script>", state) + "</script>".length)}`;
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
}

/** Waits until the app has taken over the server's drawing of the page (it removes the server's mark). */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator("#root")).not.toHaveAttribute("data-server-rendered", /.*/, { timeout: 15_000 });
}
