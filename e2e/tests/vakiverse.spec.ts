import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { attachScreenshot, DESKTOP, PHONE, skipSplash } from "./support/shop";

/** R-STORE-9 — the landing page reads category 3 and shows at most 12 orbs. */
const VAKIVERSE_ID = 3;
const MAX_ORBS = 12;
const CARD_MARGIN = 12;

interface Character {
  name: string;
  /** The product of the image with the lowest displayOrder, or null. */
  productId: number | null;
}

/** The characters as the server gives them (the category's children, in order). */
async function characters(request: APIRequestContext): Promise<Character[]> {
  const response = await request.get(`/api/categories/fetch/${VAKIVERSE_ID}?includeChildren=true`);
  expect(response.status()).toBe(200);
  const children = (await response.json()).data.children as {
    name: string;
    productImages: { productId: number; displayOrder: number }[];
  }[];
  return children.map((child) => {
    const first = [...child.productImages].sort((a, b) => a.displayOrder - b.displayOrder)[0];
    return { name: child.name, productId: first ? first.productId : null };
  });
}

async function withProduct(request: APIRequestContext): Promise<Character & { productId: number }> {
  const shown = (await characters(request)).slice(0, MAX_ORBS);
  const found = shown.find((character): character is Character & { productId: number } => character.productId !== null);
  expect(found, "a character on the wires with a product").toBeTruthy();
  return found as Character & { productId: number };
}

const orbs = (page: Page) => page.getByRole("list", { name: "Characters on the wires" }).getByRole("button");

/** Opens the landing page and waits until the orbs hang on their wires. */
async function openVakiverse(page: Page): Promise<void> {
  await page.goto("/vakiverse");
  await expect(page.locator(".vk-stage")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
}

// The sky never stops moving: axe and full-page screenshots take seconds longer here than on
// still pages when the browser renders without a GPU.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

test("the landing page hangs one orb per character (at most 12) between the moon and the earth", async ({
  page,
  request,
}, testInfo) => {
  const cast = await characters(request);
  await page.setViewportSize(DESKTOP);
  await openVakiverse(page);

  await expect(page).toHaveTitle(/Vakiverse/);
  const shown = Math.min(cast.length, MAX_ORBS);
  await expect(orbs(page)).toHaveCount(shown);
  for (const character of cast.slice(0, shown)) {
    await expect(page.getByRole("button", { name: character.name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: "The moon" })).toBeVisible();
  await expect(page.getByRole("img", { name: /The earth/ })).toBeVisible();
  await expect(page.locator(".vk-wire")).toHaveCount(shown);
  await expect(page.locator("canvas[data-stars='120']")).toBeAttached();
  // The stars are drawn off the main thread: a worker holds the canvas, sized to the sky.
  await expect.poll(() => page.workers().some((worker) => worker.url().includes("starfield.worker"))).toBe(true);
  await expect
    .poll(() =>
      page.locator("canvas[data-stars='120']").evaluate((canvas) => (canvas as unknown as { width: number }).width),
    )
    .toBeGreaterThan(0);

  if (cast.length > MAX_ORBS) {
    await expect(page.getByText("+ More characters available")).toBeVisible();
  } else {
    await expect(page.getByText("+ More characters available")).toHaveCount(0);
  }
  await expectAccessible(page, "the Vakiverse landing page");
  await attachScreenshot(page, testInfo, "vakiverse-1440");
});

test("hovering an orb shows its character's card; 'View Product Details' opens the product", async ({
  page,
  request,
}, testInfo) => {
  const character = await withProduct(request);
  await page.setViewportSize(DESKTOP);
  await openVakiverse(page);

  await page.getByRole("button", { name: character.name, exact: true }).hover();
  const card = page.getByRole("dialog", { name: character.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { name: character.name })).toBeVisible();

  // Placed beside the orb by script, 12 px or more inside the screen.
  const box = await card.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(box.x).toBeGreaterThanOrEqual(CARD_MARGIN);
    expect(box.y).toBeGreaterThanOrEqual(CARD_MARGIN);
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width - CARD_MARGIN);
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height - CARD_MARGIN);
  }
  await expectAccessible(page, "the Vakiverse with a character card open");
  await attachScreenshot(page, testInfo, "vakiverse-card-1440");

  await card.getByRole("button", { name: "View Product Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${character.productId}$`));
});

test("the card hides shortly after the pointer leaves the orb", async ({ page, request }) => {
  const character = await withProduct(request);
  await page.setViewportSize(DESKTOP);
  await openVakiverse(page);

  await page.getByRole("button", { name: character.name, exact: true }).hover();
  const card = page.getByRole("dialog", { name: character.name });
  await expect(card).toBeVisible();
  await page.mouse.move(5, DESKTOP.height - 5);
  await expect(card).toBeHidden();
});

test("keyboard: Tab reaches an orb, focus shows its card, Escape closes it, Enter opens the product", async ({
  page,
  request,
}) => {
  const [first] = await characters(request);
  expect(first).toBeTruthy();
  if (!first) return;
  await page.setViewportSize(DESKTOP);
  await openVakiverse(page);
  const orb = page.getByRole("button", { name: first.name, exact: true });
  await expect(orb).toBeVisible();

  // Tab from the top of the page until the first orb has focus.
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    // A string script: this project has no DOM types.
    const focusedOrb = await page.evaluate(
      "document.activeElement?.classList.contains('vk-orb') ? document.activeElement.textContent : null",
    );
    if (focusedOrb === first.name) break;
  }
  await expect(orb).toBeFocused();
  const card = page.getByRole("dialog", { name: first.name });
  await expect(card).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(card).toBeHidden();
  await expect(orb).toBeFocused();

  if (first.productId !== null) {
    // The card's buttons follow the orb in the tab order.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(card).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "View Product Details" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(orb).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/product/${first.productId}$`));
  } else {
    await page.keyboard.press("Enter");
    await expect(card).toBeVisible();
    await expect(orb).toHaveAttribute("aria-expanded", "true");
  }
});

test("on a phone the card is a bottom sheet, not placed by script", async ({ page, request }, testInfo) => {
  const character = await withProduct(request);
  await page.setViewportSize(PHONE);
  await openVakiverse(page);
  const orb = page.getByRole("button", { name: character.name, exact: true });
  await expect(orb).toBeAttached();
  await expectAccessible(page, "the Vakiverse landing page on a phone");
  await attachScreenshot(page, testInfo, "vakiverse-390");

  await orb.focus();
  const card = page.getByRole("dialog", { name: character.name });
  await expect(card).toBeVisible();
  await expect(card).not.toHaveAttribute("style", /\b(left|top):/);
  // Full width, resting on the bottom edge (once its slide-in has finished).
  await expect
    .poll(async () => {
      const box = await card.boundingBox();
      return box && { left: box.x, width: box.width, bottom: Math.round(box.y + box.height) };
    })
    .toEqual({ left: 0, width: PHONE.width, bottom: PHONE.height });
  await expect(card.getByRole("button", { name: "View Product Details" })).toBeVisible();
  await expectAccessible(page, "the Vakiverse card on a phone");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(card).toBeHidden();
});

test("with more than 12 characters, 'View All Characters' opens the Characters list", async ({ page, request }) => {
  const cast = await characters(request);
  test.skip(cast.length <= MAX_ORBS, "the catalogue has 12 characters or fewer, so there is nothing more to show");
  await page.setViewportSize(PHONE);
  await openVakiverse(page);
  await expect(page.getByText("+ More characters available")).toBeVisible();
  await page.getByRole("button", { name: "View All Characters" }).click();
  await expect(page).toHaveURL(new RegExp(`/category-products/${VAKIVERSE_ID}\\?name=Characters$`));
});

test("the orbs look connected 10 s after the moon and the earth have loaded", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openVakiverse(page);
  const stage = page.locator(".vk-stage");
  await expect(stage).toHaveAttribute("data-ready", "true");
  await expect(stage).toHaveAttribute("data-connected", "false");
  await expect(stage).toHaveAttribute("data-connected", "true", { timeout: 20_000 });
});
