import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/a11y";
import {
  addToGuestCart,
  asGuest,
  DESKTOP,
  PASSWORD,
  PHONE,
  registerCustomer,
  skipSplash,
  stockedProduct,
} from "./support/shop";

// Long flows with an axe run per view, and overlays whose code loads on first open: generous on a
// busy machine, still bounded.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Where the shop's file mailer writes its .eml files (DATA_DIR/mail). playwright.config.ts sets
 * E2E_DATA_DIR for the server it starts; against a shop that is already running, pass its data
 * folder (the dev shop: E2E_DATA_DIR=/tmp/vaki-dev) or the mail folder itself (E2E_MAIL_DIR).
 */
function mailFolder(): string | null {
  if (process.env.E2E_MAIL_DIR) return process.env.E2E_MAIL_DIR;
  if (process.env.E2E_DATA_DIR) return path.join(process.env.E2E_DATA_DIR, "mail");
  return null;
}

/** The body of an .eml as text: quoted-printable soft breaks joined and =XX decoded. */
function decodeMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Waits for the reset e-mail to `email` (the outbox worker sends it) and answers the link's token. */
async function resetTokenMailedTo(email: string): Promise<string> {
  const folder = mailFolder();
  if (!folder) throw new Error("no mail folder: set E2E_DATA_DIR or E2E_MAIL_DIR");
  let token: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(folder)) return undefined;
        const files = readdirSync(folder)
          .filter((name) => name.endsWith(".eml") && name.includes(email))
          .sort();
        // The newest mail with a reset link: the account's welcome e-mail may be the newest of all.
        for (const name of files.reverse()) {
          token = /\/reset-password\?fpt=([A-Za-z0-9_-]+)/.exec(
            decodeMail(readFileSync(path.join(folder, name), "latin1")),
          )?.[1];
          if (token) return token;
        }
        return undefined;
      },
      { message: `reset e-mail to ${email} in ${folder}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return token as string;
}

/** A value the storefront keeps in localStorage (string scripts: this project has no DOM types). */
async function stored(page: Page, key: string): Promise<string | null> {
  return (await page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`)) as string | null;
}

async function store(page: Page, key: string, value: string): Promise<void> {
  await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
}

function header(page: Page): Locator {
  return page.getByRole("banner");
}

function profileButton(page: Page): Locator {
  return header(page).getByRole("button", { name: "Profile", exact: true });
}

async function openLoginModal(page: Page): Promise<Locator> {
  await profileButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logIn(dialog: Locator, email: string, password = PASSWORD): Promise<void> {
  await dialog.getByLabel("Email or Phone").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The logged-in user's cart, read with the access token the storefront stored. */
async function userCart(page: Page, request: APIRequestContext) {
  const token = await stored(page, "token");
  const response = await request.get("/api/cart", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { itemCount: number; items: { variantId: number; quantity: number }[] };
}

test.describe("accounts on a phone", () => {
  test.use({ viewport: PHONE });

  test("a shopper signs up from the header, logs out, and logs back in with their guest cart merged", async ({
    page,
    request,
  }) => {
    await asGuest(page);
    await page.goto("/");

    let dialog = await openLoginModal(page);
    await expect(dialog.getByLabel("Email or Phone")).toBeFocused();
    await expectAccessible(page, "login modal: LOGIN");
    await dialog.getByRole("button", { name: "Create New Account" }).click();
    dialog = page.getByRole("dialog", { name: "Create New Account" });
    await expect(dialog.getByLabel("Full Name")).toBeFocused();
    await expectAccessible(page, "login modal: CREATE NEW ACCOUNT");

    // The server's field errors are listed with the spec's labels.
    await dialog.getByLabel("Full Name").fill("Meera Iyer");
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog.getByLabel("Password", { exact: true }).fill("short");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(dialog.getByRole("listitem").filter({ hasText: /^Email:/ })).toBeVisible();
    await expect(
      dialog.getByRole("listitem").filter({ hasText: /^Password: Password must be at least 9/ }),
    ).toBeVisible();
    await expect(page.getByText("Please fix the validation errors")).toBeVisible();
    await expectAccessible(page, "login modal: CREATE NEW ACCOUNT with server errors");

    const email = `meera.${randomUUID().slice(0, 8)}@example.com`;
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Account created successfully! Welcome to the shop.")).toBeVisible();

    // Logged in at once: the profile icon now opens the account menu.
    await profileButton(page).click();
    const menu = page.getByRole("menu");
    for (const item of ["Profile", "My Orders", "Logout"]) {
      await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
    }
    await expectAccessible(page, "profile menu");
    await menu.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByText("You have been logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await stored(page, "token")).toBeNull();

    // As a guest again, with two of a product in a new guest cart (filled through the API).
    const product = await stockedProduct(request);
    const guestId = randomUUID();
    await addToGuestCart(request, guestId, product, 2);
    await store(page, "guestSessionId", guestId);

    dialog = await openLoginModal(page);
    await logIn(dialog, email);
    await expect(page.getByText("Login successful! Welcome back.")).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Cart" })).toHaveAccessibleDescription("2 items");
    const cart = await userCart(page, request);
    expect(cart.items).toEqual([expect.objectContaining({ variantId: product.variantId, quantity: 2 })]);
    expect(await stored(page, "guestSessionId")).toBeNull();
    const guestCart = await request.get(`/api/cart?guestSessionId=${guestId}`);
    expect(guestCart.status() === 404 || (await guestCart.json()).data.itemCount === 0).toBe(true);
  });

  test("forgot password: the e-mailed link sets a new password that logs in", async ({ page, request }) => {
    test.skip(
      mailFolder() === null,
      "reads the reset e-mail from the shop's data folder: set E2E_DATA_DIR (playwright.config.ts does for the server it starts)",
    );
    const email = await registerCustomer(request, "Kabir Rao");
    await skipSplash(page);
    await page.goto("/");

    let dialog = await openLoginModal(page);
    await dialog.getByRole("button", { name: "Forgot your password?" }).click();
    dialog = page.getByRole("dialog", { name: "Forgot Password" });
    await expect(dialog.getByLabel("Email or Mobile")).toBeFocused();
    await expectAccessible(page, "login modal: FORGOT PASSWORD");
    await dialog.getByLabel("Email or Mobile").fill(`nobody.${randomUUID().slice(0, 8)}@example.com`);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "No account found with this email or mobile number. Please check and try again.",
    );
    await dialog.getByLabel("Email or Mobile").fill(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByText(/email or SMS.*valid for 24 hours/)).toBeVisible();
    await expectAccessible(page, "login modal: reset link sent");

    const token = await resetTokenMailedTo(email);
    await page.goto(`/reset-password?fpt=${token}`);
    await expect(page).toHaveTitle(/\| Reset Password$/);
    const newPassword = "Moon-Wire#2049";
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords do not match!")).toBeVisible();
    await expectAccessible(page, "reset password form");
    await page.getByLabel("Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(
      page.getByText("Password has been reset successfully. You can now login with your new password."),
    ).toBeVisible();
    await expectAccessible(page, "reset password success");

    await page.getByRole("link", { name: "Login" }).click();
    dialog = page.getByRole("dialog", { name: "Login" });
    await logIn(dialog, email, newPassword);
    await expect(page.getByText("Login successful! Welcome back.")).toBeVisible();

    // The link works once.
    await page.goto(`/reset-password?fpt=${token}`);
    await expect(page.getByRole("heading", { name: "Reset Link Issue" })).toBeVisible();
  });

  test("a dead reset link offers a new one from the login modal", async ({ page }) => {
    await skipSplash(page);
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Reset Link Issue" })).toBeVisible();
    await expect(page.getByText("No reset token provided in the URL")).toBeVisible();

    await page.goto(`/reset-password?fpt=${randomUUID().replaceAll("-", "")}`);
    await expect(page.getByRole("heading", { name: "Reset Link Issue" })).toBeVisible();
    await expectAccessible(page, "reset password: invalid link");
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    await page.getByRole("button", { name: "Request New Reset Link" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog", { name: "Forgot Password" })).toBeVisible();
  });
});

test.describe("accounts on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("/profile sends a guest to log in and comes back after login", async ({ page, request }) => {
    const email = await registerCustomer(request, "Aarav Mehta");
    await skipSplash(page);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/\?redirect=%2Fprofile$/);
    const dialog = page.getByRole("dialog", { name: "Login" });
    await expect(dialog).toBeVisible();
    await logIn(dialog, email);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Aarav Mehta" })).toBeVisible();
    await expect(page).toHaveTitle(/\| Profile$/);
  });

  test("the profile's name and preferences survive a reload; every tab is accessible", async ({ page, request }) => {
    const email = await registerCustomer(request, "Ishita Das");
    await skipSplash(page);
    await page.goto("/");
    await logIn(await openLoginModal(page), email);
    await profileButton(page).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ishita Das" })).toBeVisible();
    await expect(page.getByText("Active Member")).toBeVisible();
    await expectAccessible(page, "profile: Personal Information");

    await page.getByRole("button", { name: "Edit Profile" }).click();
    const name = page.getByLabel("Full Name");
    await expect(name).toBeFocused();
    await name.fill("   ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Please enter a valid name!")).toBeVisible();
    await name.fill("Ishita Das Gupta");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Name updated successfully!")).toBeVisible();

    const sms = page.getByRole("checkbox", { name: "SMS notifications" });
    await expect(sms).not.toBeChecked();
    await sms.check();
    // No language or currency to choose: the shop has one of each.
    await expect(page.getByLabel("Currency")).toHaveCount(0);
    await expect(page.getByText("prices are in Indian rupees (₹)")).toBeVisible();
    await page.getByRole("button", { name: "Update Preferences" }).click();
    await expect(page.getByText("Preferences saved successfully!")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Ishita Das Gupta" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "SMS notifications" })).toBeChecked();

    const personal = page.getByRole("tab", { name: "Personal Information" });
    await personal.focus();
    await page.keyboard.press("ArrowRight"); // Addresses
    await page.keyboard.press("ArrowRight"); // My Orders: focused, not followed
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Recent Orders" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("No orders yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/products");
    await expectAccessible(page, "profile: Recent Orders");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Please fill in all password fields!")).toBeVisible();
    await expectAccessible(page, "profile: Security");

    await page.setViewportSize(PHONE);
    await expectAccessible(page, "profile: Security on a phone");
    await page.getByRole("tab", { name: "My Orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
  });
});
