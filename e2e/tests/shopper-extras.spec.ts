import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { DESKTOP, PASSWORD, PHONE, registerCustomer, skipSplash } from "./support/shop";

/** What shoppers expect next (issue 30): the search results page and the wishlist. */
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

async function searchFromHeader(page: Page, words: string): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "What are you looking for?" });
  await dialog.getByRole("combobox").pressSequentially(words);
  await expect(dialog.getByRole("option").first()).toBeVisible();
  await dialog.getByRole("combobox").press("Enter");
  await expect(dialog).toBeHidden();
}

test("Enter in the search opens a results page with facets and sort, at phone and desktop sizes", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await searchFromHeader(page, "hoodie");
  await expect(page).toHaveURL(/\/search\?q=hoodie$/);
  await expect(page).toHaveTitle(/Search: hoodie/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "hoodie"');
  const results = page.getByRole("region", { name: "Search results" });
  const cards = results.locator(".product-card");
  await expect(cards.first()).toContainText(/Hoodie/);
  const total = await cards.count();

  // A colour facet narrows the matches; the sort reorders them by price.
  const sidebar = page.getByRole("complementary", { name: "Filters" });
  await sidebar.locator("label", { hasText: "Midnight Black" }).click();
  await expect(page).toHaveURL(/color=Midnight(\+|%20)Black/);
  await expect.poll(() => cards.count()).toBeLessThan(total);
  await results.getByLabel("Sort by").selectOption("price_asc");
  await expect(page).toHaveURL(/sort=price_asc/);
  await expectAccessible(page, "the search results page");

  // On a phone, a query nothing matches says so on the page.
  await page.setViewportSize(PHONE);
  await page.goto("/search?q=qqxzzv");
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  await expect(page.getByText('Nothing matches "qqxzzv"')).toBeVisible();
  await page.getByLabel("Search products").fill("tee");
  await page.getByLabel("Search products").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=tee$/);
  await expect(page.getByRole("button", { name: "Filters" })).toBeVisible();
  await expect(page.locator(".product-card").first()).toBeVisible();
  await expectAccessible(page, "the search results page on a phone");
});

test("a guest's wishlist survives the visit and joins the account at login", async ({ page, request }) => {
  const email = await registerCustomer(request);
  await page.setViewportSize(PHONE);
  await page.goto("/products");
  const firstCard = page.locator(".product-card").first();
  const name = (await firstCard.locator(".product-card__name").textContent())?.trim() ?? "";
  const heart = firstCard.getByRole("button", { name: "Add to wishlist" });
  await heart.click();
  await expect(firstCard.getByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("aria-pressed", "true");

  const wishlistLink = page.getByRole("banner").getByRole("link", { name: "Wishlist" });
  await wishlistLink.click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { name: "Your Wishlist" })).toBeVisible();
  await expect(page.locator(".product-card")).toHaveCount(1);
  await expect(page.locator(".product-card")).toContainText(name);
  await expectAccessible(page, "the wishlist on a phone");

  // The product page's button says the same; taking it out there empties the list.
  await page.locator(".product-card__link").click();
  const pageButton = page.getByRole("button", { name: "Remove from wishlist" });
  await expect(pageButton).toHaveAttribute("aria-pressed", "true");
  await pageButton.click();
  await expect(page.getByRole("button", { name: "Add to wishlist" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Add to wishlist", exact: true }).first().click();

  // Logging in on a desktop merges the browser's list into the account.
  await page.setViewportSize(DESKTOP);
  await page.getByRole("banner").getByRole("button", { name: "Profile", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email or Phone").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate<string | null>('localStorage.getItem("vaki.wishlist")')).toBeNull();

  await page.getByRole("banner").getByRole("link", { name: "Wishlist" }).click();
  await expect(page.locator(".product-card")).toHaveCount(1);
  await expect(page.locator(".product-card")).toContainText(name);
  const token = await page.evaluate<string | null>('localStorage.getItem("token")');
  const saved = await request.get("/api/wishlist", { headers: { Authorization: `Bearer ${token}` } });
  expect((await saved.json()).data.productIds).toHaveLength(1);
  await expectAccessible(page, "the signed-in wishlist");

  // Emptied on the account, the page shows its empty state.
  await page.locator(".product-card").getByRole("button", { name: "Remove from wishlist" }).click();
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
});
