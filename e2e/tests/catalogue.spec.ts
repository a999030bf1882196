import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { DESKTOP, PHONE, skipSplash } from "./support/shop";

interface CategoryNode {
  id: number;
  name: string;
  productCount: number;
  children: CategoryNode[];
}

/** A subcategory with enough products to sort, from the real catalogue. */
async function busyCategory(request: APIRequestContext): Promise<CategoryNode> {
  const answer = await (await request.get("/api/categories?page=1&limit=50")).json();
  const categories = answer.data.content as CategoryNode[];
  const candidates = categories.flatMap((category) => category.children).filter((child) => child.productCount >= 4);
  const chosen = candidates.sort((a, b) => b.productCount - a.productCount)[0];
  expect(chosen, "a subcategory with 4 or more products").toBeTruthy();
  return chosen as CategoryNode;
}

/** The rupee amounts of the cards, in grid order. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator(".product-card__price").allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d]/g, "")));
}

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

test("all products: heading, title, a grid of linked cards and Load more", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "ALL PRODUCTS" })).toBeVisible();
  await expect(page).toHaveTitle(/ \| All Products$/);

  const cards = page.locator(".plp__grid article");
  await expect(cards).toHaveCount(20);
  const firstLink = cards.first().getByRole("link");
  await expect(firstLink).toHaveAttribute("href", /^\/product\/\d+$/);
  await expect(cards.first()).toContainText(/Rs\. [\d,]+/);
  await expect(cards.first().locator("img")).toHaveAttribute("width", "800");

  const total = Number((await page.locator(".plp__count").textContent())?.replace(/\D/g, ""));
  test.skip(total <= 20, "the catalogue fits on one page");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(cards).toHaveCount(Math.min(40, total));
  await expectAccessible(page, "all products");
});

test("a category list filtered by size and sorted by price keeps both in the URL", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const category = await busyCategory(page.request);
  await page.goto(`/products/${category.id}?name=${encodeURIComponent(category.name)}`);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(` \\| ${category.name}$`));
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(category.name);

  const filters = page.getByRole("complementary", { name: "Filters" });
  await filters.getByRole("group", { name: "Size" }).getByText("M", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  await page.getByLabel("Sort by").selectOption("price_asc");
  await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);
  await expect(page.getByRole("button", { name: "Remove filter Size M" })).toBeVisible();

  await expect(page.locator(".plp__grid--stale")).toHaveCount(0);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expectAccessible(page, "a filtered category list");

  // A shared link opens the same list.
  await page.reload();
  await expect(filters.getByRole("radio", { name: "M", exact: true })).toBeChecked();
  await expect(page.getByLabel("Sort by")).toHaveValue("price_asc");
  expect(await cardPrices(page)).toEqual(prices);

  // The API agrees on what the filtered list holds.
  const api = await (
    await page.request.get(`/api/products/category/${category.id}?page=1&limit=20&size=M&sort=price_asc`)
  ).json();
  await expect(page.locator(".plp__count")).toHaveText(
    `${api.data.page.totalElements} ${api.data.page.totalElements === 1 ? "product" : "products"}`,
  );
});

test("on a phone the filters open in a bottom sheet, and a colour filter applies", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const category = await busyCategory(page.request);
  await page.goto(`/category-products/${category.id}`);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Filters" })).toHaveCount(0);

  await page.getByRole("button", { name: "Filters" }).click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await expectAccessible(page, "the filter sheet");

  const colours = sheet.getByRole("group", { name: "Colour" }).getByRole("radio");
  const colour = await colours
    .nth(1)
    .evaluate((input) => input.closest("label")?.querySelector(".product-filters__swatch-label")?.textContent ?? "");
  await sheet.getByRole("group", { name: "Colour" }).getByText(colour, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]color=${encodeURIComponent(colour).replace(/%20/g, "\\+")}`));
  await sheet.getByRole("button", { name: /^Show \d+ products?$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: `Remove filter ${colour}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filters" })).toContainText("1");
});

test("the query forms name the list, and an unknown category says so", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const category = await busyCategory(page.request);
  await page.goto(`/products?categoryId=${category.id}&categoryName=${encodeURIComponent(category.name)}`);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();

  await page.goto("/products/987654");
  await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
  await expect(page.getByText("Category with ID 987654 not found or has no products.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
  await expectAccessible(page, "an unknown category");
});
