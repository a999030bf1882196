import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { DESKTOP, PHONE, skipSplash } from "./support/shop";

/** The home page's daily Club pop-up is not what these tests are about: mark it seen today. */
async function skipClubPopup(page: Page): Promise<void> {
  await page.addInitScript(`localStorage.setItem("joinClubModalShown", String(Date.now()));`);
}

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
  await skipClubPopup(page);
});

test("'hodie' from the header's search finds hoodies and Enter opens one", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const toggle = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
  await toggle.click();

  const dialog = page.getByRole("dialog", { name: "What are you looking for?" });
  const input = dialog.getByRole("combobox");
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute("placeholder", /at least 3 characters/);

  await input.pressSequentially("ho");
  await expect(dialog.getByText("Type at least 3 characters to search")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Search", exact: true })).toBeDisabled();

  await input.pressSequentially("die");
  const options = dialog.getByRole("option");
  await expect(options.first()).toContainText(/Hoodie/);
  await expect(options.first()).toContainText(/Rs\. [\d,]+/);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await expect(dialog.getByText(/products? found/)).toBeAttached();
  await expectAccessible(page, "the search popup with results");

  await input.press("ArrowDown");
  const firstId = await options.first().getAttribute("id");
  await expect(input).toHaveAttribute("aria-activedescendant", firstId ?? "");
  const name = (await options.first().locator(".search-result__name").textContent()) ?? "";
  await input.press("Enter");

  await expect(page).toHaveURL(/\/product\/[\w-]+$/);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveTitle(new RegExp(name.trim()));
});

test("on a phone, a search with no match says so and Enter opens the results page", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "What are you looking for?" });
  const input = dialog.getByRole("combobox");
  await input.pressSequentially("qqxzzv");

  await expect(dialog.getByText("No products found", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Try searching with different keywords")).toBeVisible();
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page, "the search popup with no results");

  // Issue 30: Enter opens /search?q= (no jump), which says nothing matched.
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=qqxzzv$/);
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
});

test("Escape closes the search and focus returns to the header's toggle", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const toggle = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
  await toggle.click();
  const dialog = page.getByRole("dialog", { name: "What are you looking for?" });
  await expect(dialog.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
});
