import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import { logIn, withSession } from "./support/orders";
import { DESKTOP, PHONE, registerCustomer, stockedProduct } from "./support/shop";

/** Saved addresses: kept in the profile, chosen at checkout, prefilled on the payment page. */

const SHOTS = process.env.ADDRESS_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  // The screenshots the reviewer looks at (profile section, checkout choice) when a folder is named.
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function fillAddress(dialog: Locator, address: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(address)) {
    if (label === "Country") await dialog.getByLabel(label).selectOption(value);
    else await dialog.getByLabel(label, { exact: true }).fill(value);
  }
}

test("a shopper saves addresses in the profile, picks one at checkout and finds it on the payment page", async ({
  page,
}) => {
  const email = await registerCustomer(page.request, "Asha Rao");
  const session = await logIn(page.request, email);
  const product = await stockedProduct(page.request);
  const added = await page.request.post("/api/cart/item/add", {
    data: { productId: product.id, variantId: product.variantId, quantity: 1 },
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(added.status()).toBe(200);
  await withSession(page, session);

  // On a phone: the empty book, then the first address (the default by itself).
  await page.setViewportSize(PHONE);
  await page.goto("/profile?tab=addresses");
  const section = page.getByRole("region", { name: "Saved addresses" });
  await expect(section.getByText("No saved addresses yet. Add one to check out faster.")).toBeVisible();
  await section.getByRole("button", { name: "Add address" }).click();
  let dialog = page.getByRole("dialog", { name: "Add address" });
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog.getByText("Enter the full name")).toBeVisible();
  await fillAddress(dialog, {
    "Full name": "Asha Rao",
    "Mobile number": "9123456789",
    "Flat, house no., building, street": "12 MG Road",
    Pincode: "56000",
    City: "Bengaluru",
    State: "Karnataka",
  });
  await dialog.getByRole("button", { name: "Save address" }).click();
  // The server's rule, beside its field.
  await expect(dialog.getByLabel("Pincode")).toHaveAccessibleDescription("Enter a 6-digit pincode");
  await expectAccessible(page, "the add-address dialog on a phone");
  await shot(page, "address-form-390");
  await dialog.getByLabel("Pincode").fill("560001");
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  const home = section.getByRole("listitem").filter({ hasText: "12 MG Road" });
  await expect(home.getByText("Default", { exact: true })).toBeVisible();
  await expectAccessible(page, "the address book on a phone");
  await shot(page, "address-book-390");

  // On a desktop: a second address, made the default.
  await page.setViewportSize(DESKTOP);
  await section.getByRole("button", { name: "Add address" }).click();
  dialog = page.getByRole("dialog", { name: "Add address" });
  await fillAddress(dialog, {
    "Full name": "Asha at Work",
    "Mobile number": "9123456780",
    "Flat, house no., building, street": "5 Residency Road",
    "Area, landmark (optional)": "Opposite the museum",
    Pincode: "560025",
    City: "Bengaluru",
    State: "Karnataka",
  });
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  const office = section.getByRole("listitem").filter({ hasText: "5 Residency Road" });
  await office.getByRole("button", { name: /^Set as default/ }).click();
  await expect(office.getByText("Default", { exact: true })).toBeVisible();
  await expect(home.getByText("Default", { exact: true })).toBeHidden();
  await expectAccessible(page, "the address book on a desktop");
  await shot(page, "address-book-1440");

  // Checkout: "Deliver to" with the default chosen; the other one picked.
  await page.getByRole("banner").getByRole("button", { name: "Cart", exact: true }).click();
  const cart = page.getByRole("dialog", { name: "Your items in Cart" });
  await cart.getByRole("button", { name: "Checkout" }).click();
  const deliverTo = page.getByRole("dialog", { name: "Deliver to" });
  await expect(deliverTo.getByRole("radio", { name: /Asha at Work/ })).toBeChecked();
  await expect(deliverTo.getByRole("radio", { name: /Use a new address/ })).not.toBeChecked();
  await expectAccessible(page, "the Deliver to dialog on a desktop");
  await shot(page, "deliver-to-1440");
  await page.setViewportSize(PHONE);
  await expect(deliverTo.getByRole("button", { name: "Continue to payment" })).toBeInViewport();
  await shot(page, "deliver-to-390");
  await deliverTo.getByRole("radio", { name: /Asha Rao/ }).check();
  await deliverTo.getByRole("button", { name: "Continue to payment" }).click();

  // The payment page opens with the chosen address in its shipping fields, still editable.
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.locator("#f-shippingAddress-fullName")).toHaveValue("Asha Rao");
  await expect(page.locator("#f-shippingAddress-line1")).toHaveValue("12 MG Road");
  await expect(page.locator("#f-shippingAddress-pincode")).toHaveValue("560001");
  await expect(page.locator("#f-shippingAddress-city")).toHaveValue("Bengaluru");
  await expect(page.locator("#f-shippingAddress-state")).toHaveValue("Karnataka");
  await expect(page.locator("#f-shippingAddress-phone")).toHaveValue("9123456789");
  await expect(page.locator("#f-shippingAddress-country")).toHaveValue("India");
  await expect(page.locator("#f-contact-email")).toHaveValue(email);
  // The account has no mobile: the chosen address's phone is the contact number too.
  await expect(page.locator("#f-contact-phone")).toHaveValue("9123456789");
  await expect(page.locator("#f-shippingAddress-line1")).toBeEditable();
  await shot(page, "payment-page-390");
});
