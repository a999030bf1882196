import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { logIn } from "./support/orders";
import {
  addToGuestCart,
  appTookOver,
  asGuest,
  DESKTOP,
  PHONE,
  payOnSandbox,
  registerCustomer,
  stockedProduct,
} from "./support/shop";

interface ApiVariant {
  id: number;
  inStock: boolean;
  inventoryQuantity: number;
  attributes: { Size: string | null; Color: string | null };
}

interface ApiProduct {
  id: number;
  name: string;
  variants: ApiVariant[];
  categories: { id: number; parentId: number | null }[];
}

async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  return (await (await request.get("/api/products?page=1&limit=100")).json()).data.content as ApiProduct[];
}

/** A product with a colour that has both sold-out and in-stock sizes (the demo catalogue has some). */
async function productWithSoldOutSize(request: APIRequestContext) {
  for (const product of await allProducts(request)) {
    const colours = [...new Set(product.variants.map((v) => v.attributes.Color))];
    for (const colour of colours) {
      const sized = product.variants.filter((v) => v.attributes.Color === colour && v.attributes.Size);
      const soldOut = sized.find((v) => !v.inStock);
      const inStock = sized.find((v) => v.inStock && v.inventoryQuantity > 0);
      if (soldOut && inStock) return { product, colour: colour as string, soldOut, sized };
    }
  }
  throw new Error("no product with a sold-out size next to sizes in stock");
}

/** A product in two or more colours. */
async function productInColours(request: APIRequestContext): Promise<{ product: ApiProduct; colours: string[] }> {
  for (const product of await allProducts(request)) {
    const colours = [...new Set(product.variants.map((v) => v.attributes.Color).filter(Boolean))] as string[];
    if (colours.length >= 2 && product.variants.every((v) => v.attributes.Size)) return { product, colours };
  }
  throw new Error("no product in two colours");
}

function sizeGroup(page: Page) {
  return page.getByRole("radiogroup", { name: "Size" });
}

test.describe.configure({ timeout: 90_000 });

test("size rules: only sized variants of the colour, first in stock chosen, sold out focusable but not choosable", async ({
  page,
}) => {
  await asGuest(page);
  await page.setViewportSize(DESKTOP);
  const { product, colour, soldOut, sized } = await productWithSoldOutSize(page.request);
  await page.goto(`/product/${product.id}?color=${encodeURIComponent(colour)}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(` \\| ${product.name}$`));
  await expect(page.getByText("inclusive of all taxes")).toBeVisible();

  const sizes = sizeGroup(page);
  await expect(sizes.getByRole("radio")).toHaveCount(new Set(sized.map((v) => v.attributes.Size)).size);
  const firstInStock = sized.find((v) => v.inStock && v.inventoryQuantity > 0);
  // Variants come in size order in the demo catalogue, so the first in stock is the one preselected.
  await expect(sizes.getByRole("radio", { name: firstInStock?.attributes.Size ?? "", exact: true })).toBeChecked();

  const soldOutRadio = sizes.getByRole("radio", { name: soldOut.attributes.Size ?? "", exact: true });
  await expect(soldOutRadio).toHaveAttribute("aria-disabled", "true");
  await expect(soldOutRadio).toHaveAccessibleDescription("Sold out");
  // focus() does not wait as a click does: the page must be the app's (not the server's inert drawing).
  await appTookOver(page);
  await soldOutRadio.focus();
  await expect(soldOutRadio).toBeFocused();
  // Playwright reads aria-disabled as disabled; a shopper can still tap it, and nothing changes.
  await expect(soldOutRadio).toBeDisabled();
  await sizes.getByText(soldOut.attributes.Size ?? "", { exact: true }).click({ force: true });
  await expect(soldOutRadio).not.toBeChecked();

  // The choice lives in the URL: a reload keeps it.
  const other = sized.filter((v) => v.inStock && v.inventoryQuantity > 0).at(-1);
  if (other && other !== firstInStock) {
    await sizes.getByText(other.attributes.Size ?? "", { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]size=${other.attributes.Size}(&|$)`));
    await page.reload();
    await expect(sizeGroup(page).getByRole("radio", { name: other.attributes.Size ?? "", exact: true })).toBeChecked();
  }
  // The policies mount once the browser is idle after the first paint: axe reads one open.
  await page.getByRole("button", { name: "Shipping Information" }).click();
  await expect(page.getByText("Free shipping worldwide, on every order.", { exact: true })).toBeVisible();
  await expectAccessible(page, "the product page");
});

test("a size that sells out while the page is open greys out within seconds, without a reload", async ({
  page,
  request,
}) => {
  await asGuest(page);
  await page.setViewportSize(PHONE);
  // A size with a few units left (a cart line takes at most 10), in a product with other sizes.
  let target: { product: ApiProduct; variant: ApiVariant } | undefined;
  for (const product of await allProducts(request)) {
    const variant = product.variants.find(
      (v) => v.inStock && v.inventoryQuantity >= 1 && v.inventoryQuantity <= 10 && v.attributes.Size,
    );
    if (variant && product.variants.filter((v) => v.attributes.Color === variant.attributes.Color).length > 1) {
      target = { product, variant };
      break;
    }
  }
  if (!target) throw new Error("no product with a size that has 1-10 units");
  const { product, variant } = target;
  const size = variant.attributes.Size ?? "";
  await page.goto(`/product/${product.id}?color=${encodeURIComponent(variant.attributes.Color ?? "")}`);
  const chip = sizeGroup(page).getByRole("radio", { name: size, exact: true });
  await sizeGroup(page).getByText(size, { exact: true }).click();
  await expect(chip).toBeChecked();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

  // Another shopper takes every unit left: their order holds the stock.
  const session = await logIn(request, await registerCustomer(request, "Dev Mehta"));
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const added = await request.post("/api/cart/item/add", {
    data: { productId: product.id, variantId: variant.id, quantity: variant.inventoryQuantity },
    headers,
  });
  expect(added.status(), await added.text()).toBe(200);
  const created = await request.post("/api/orders/create", { data: {}, headers });
  expect(created.status(), await created.text()).toBe(201);
  const soldAt = Date.now();
  try {
    // The size the shopper chose stays chosen (never silently another), shown sold out, and cannot be added.
    await expect(chip).toHaveAccessibleDescription("Sold out", { timeout: 5_000 });
    const seenAfterMs = Date.now() - soldAt;
    test.info().annotations.push({ type: "stock freshness", description: `sold out shown after ${seenAfterMs} ms` });
    await expect(page.getByText("Sold out in this colour")).toBeVisible();
    await expect(sizeGroup(page).getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  } finally {
    const cancelled = await request.post("/api/orders/cancel/order", {
      data: { orderId: (await created.json()).data.id },
      headers,
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
  // The units come back: the size is on sale again, still without a reload.
  await expect(chip).not.toHaveAccessibleDescription("Sold out", { timeout: 5_000 });
  await expect(chip).toBeChecked();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
});

test("the gallery follows the colour, and the lightbox zooms and steps through images", async ({ page }) => {
  await asGuest(page);
  await page.setViewportSize(DESKTOP);
  const { product, colours } = await productInColours(page.request);
  await page.goto(`/product/${product.id}`);
  const colourGroup = page.getByRole("radiogroup", { name: "Color" });
  await expect(colourGroup).toBeVisible();
  let next: string | undefined;
  for (const colour of colours) {
    if (!(await colourGroup.getByRole("radio", { name: colour, exact: true }).isChecked())) next = colour;
  }
  expect(next, "a colour other than the preselected one").toBeTruthy();
  const colour = next as string;
  await colourGroup.locator("label", { has: page.getByRole("radio", { name: colour, exact: true }) }).click();
  await expect(colourGroup.getByRole("radio", { name: colour, exact: true })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`[?&]color=${encodeURIComponent(colour).replace(/%20/g, "\\+")}`));
  await expect(page.locator(".gallery__image").first()).toHaveAttribute("alt", new RegExp(colour));
  await expect(page.locator(".gallery__image").first()).toHaveAttribute("fetchpriority", "high");

  await page.locator(".gallery__open").first().click();
  const lightbox = page.getByRole("dialog", { name: product.name });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.locator("output")).toHaveText("100%");
  await lightbox.getByRole("button", { name: "Zoom in" }).click();
  await expect(lightbox.locator("output")).toHaveText("112%");
  await page.keyboard.press("-");
  await page.keyboard.press("-");
  await expect(lightbox.locator("output")).toHaveText("88%");
  const count = await lightbox.getByText(/^Image 1 of \d+$/).textContent();
  if (count && !count.endsWith("of 1")) {
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByText(/^Image 2 of \d+$/)).toBeVisible();
    await expect(lightbox.locator("output")).toHaveText("100%");
  }
  await expectAccessible(page, "the lightbox");
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
});

test("the size chart opens as a dialog with the inches table", async ({ page }) => {
  await asGuest(page);
  await page.setViewportSize(PHONE);
  const product = await stockedProduct(page.request);
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Size Chart" }).click();
  const chart = page.getByRole("dialog", { name: "Size Chart" });
  await expect(chart).toBeVisible();
  const small = chart.getByRole("row", { name: /Small/ });
  await expect(small).toContainText("42");
  await expect(chart.getByRole("row", { name: /XXL/ })).toContainText("50");
  await expect(chart.getByRole("columnheader", { name: "Sleeve" })).toBeVisible();
  await expectAccessible(page, "the size chart");
  await chart.getByRole("button", { name: "Close" }).click();
  await expect(chart).toBeHidden();
});

test("the delivery check answers for a pincode and remembers it", async ({ page }) => {
  await asGuest(page);
  await page.setViewportSize(PHONE);
  const product = await stockedProduct(page.request);
  await page.goto(`/product/${product.id}`);
  const pincode = page.getByLabel("Pincode");
  await pincode.fill("12");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByText("Indian pincodes have 6 digits")).toBeVisible();
  await pincode.fill("110016");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const check = page.getByRole("region", { name: "Check delivery" });
  await expect(check.getByText("Delivery in 1-2 working days")).toBeVisible();
  await expect(check.getByText(/Cash on Delivery (not )?available/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Pincode")).toHaveValue("110016");
  await expect(page.getByText("Delivery in 1-2 working days")).toBeVisible();
});

test("add to cart puts one of the chosen size in the cart and the badge counts it", async ({ page }) => {
  const guestSessionId = await asGuest(page, randomUUID());
  await page.setViewportSize(PHONE);
  const product = await stockedProduct(page.request, 3);
  await page.goto(`/product/${product.id}?color=${encodeURIComponent(product.color ?? "")}&size=${product.size}`);
  await expect(sizeGroup(page).getByRole("radio", { name: product.size ?? "", exact: true })).toBeChecked();

  const cartButton = page.getByRole("banner").getByRole("button", { name: "Cart", exact: true });
  await expect(cartButton).toHaveAccessibleDescription("0 items");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Item added to cart")).toBeVisible();
  await expect(cartButton).toHaveAccessibleDescription("1 item");

  const cart = (await (await page.request.get(`/api/cart?guestSessionId=${guestSessionId}`)).json()).data;
  expect(cart.items).toHaveLength(1);
  expect(cart.items[0]).toMatchObject({ productId: product.id, variantId: product.variantId, quantity: 1 });
});

test("buy now pays for that one line on the sandbox page and lands on /order-success", async ({ page }) => {
  const guestSessionId = await asGuest(page, randomUUID());
  await page.setViewportSize(PHONE);
  const products = (await allProducts(page.request)).filter((p) =>
    p.variants.some((v) => v.inStock && v.inventoryQuantity >= 3 && v.attributes.Size),
  );
  const [first, second] = products;
  expect(first && second, "two products in stock").toBeTruthy();
  const pick = (p: ApiProduct) =>
    p.variants.find((v) => v.inStock && v.inventoryQuantity >= 3 && v.attributes.Size) as ApiVariant;
  // Something already in the cart stays there: Buy Now orders only the chosen line (R-SHOP-9).
  const waiting = pick(second as ApiProduct);
  await addToGuestCart(page.request, guestSessionId, {
    id: (second as ApiProduct).id,
    name: (second as ApiProduct).name,
    slug: "",
    variantId: waiting.id,
    size: waiting.attributes.Size,
    color: waiting.attributes.Color,
  });

  const bought = pick(first as ApiProduct);
  await page.goto(
    `/product/${(first as ApiProduct).id}?color=${encodeURIComponent(bought.attributes.Color ?? "")}&size=${bought.attributes.Size}`,
  );
  await expect(page.getByRole("button", { name: "Buy Now" })).toBeInViewport();
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//, { timeout: 20_000 });
  await payOnSandbox(page);
  await expect(page).toHaveURL(/\/order-success/, { timeout: 20_000 });

  const cart = (await (await page.request.get(`/api/cart?guestSessionId=${guestSessionId}`)).json()).data;
  expect(cart.items.map((item: { variantId: number }) => item.variantId)).toEqual([waiting.id]);
});
