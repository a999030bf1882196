import { randomUUID } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { checkView, completeSetup, mintSetupLink, signIn, totpCode } from "../support/admin";
import { addToGuestCart, DESKTOP, PHONE, registerCustomer, stockedProduct } from "../support/shop";

/*
 * The owner's side from a fresh shop: the first owner's setup with a real authenticator code,
 * signing in (code, recovery code), inviting an operations person who sets up in a second
 * browser, what their role may not open, wrong-code throttling, deactivation ending a live
 * session, and axe on every admin page and dialog at 390 and 1440 px. One owner for the file.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

const run = randomUUID().slice(0, 8);
const owner = { name: "Meera Kapoor", email: `owner.${run}@vaki.test` };
const operations = { name: "Arjun Rao", email: `ops.${run}@vaki.test` };

let ownerContext: BrowserContext;
let ownerPage: Page;
let ownerSecret = "";
let ownerRecoveryCodes: string[] = [];
let opsContext: BrowserContext;
let opsPage: Page;

async function newPage(browser: Browser, baseURL: string | undefined): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  return [context, await context.newPage()];
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Signed out.")).toBeVisible();
}

test.beforeAll(async ({ browser, baseURL }) => {
  [ownerContext, ownerPage] = await newPage(browser, baseURL);
  [opsContext, opsPage] = await newPage(browser, baseURL);
});

test.afterAll(async () => {
  await ownerContext?.close();
  await opsContext?.close();
});

test("sets up the first owner with a code from the secret shown on screen", async ({ baseURL }) => {
  const link = await mintSetupLink(baseURL!, owner.email, owner.name, "owner");
  await ownerPage.goto(link);
  const setup = await completeSetup(ownerPage, { name: owner.name, email: owner.email }, async (step) => {
    await checkView(ownerPage, `setup-${step}`);
  });
  ownerSecret = setup.secret;
  ownerRecoveryCodes = setup.recoveryCodes;
  await expect(ownerPage.getByRole("button", { name: `${owner.name}, Owner: account menu` })).toBeVisible();

  // The link works once.
  await ownerPage.goto(link);
  await expect(ownerPage.getByRole("alert")).toHaveText("This link has already been used.");
  await checkView(ownerPage, "setup-used-link", [PHONE]);
});

test("signs in with the password and a code, and with a recovery code", async () => {
  await ownerPage.goto("/admin/");
  await signOut(ownerPage);
  await checkView(ownerPage, "sign-in");

  // The setup used this half minute's code; the next step's code is accepted now as well.
  await ownerPage.getByLabel("E-mail").fill(owner.email);
  await ownerPage.getByLabel("Password").fill("lantern-otter-quarry-velvet-92");
  await ownerPage.getByRole("button", { name: "Continue" }).click();
  await expect(ownerPage.getByLabel("6-digit code")).toBeVisible();
  await checkView(ownerPage, "sign-in-code");
  await ownerPage.getByLabel("6-digit code").fill(totpCode(ownerSecret, 1));
  await ownerPage.getByRole("button", { name: "Sign in" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await signOut(ownerPage);
  await signIn(ownerPage, owner.email, ownerRecoveryCodes[0]!, { recovery: true });
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

let opsSecret = "";

test("invites an operations person, who sets up in a second browser and sees only their pages", async () => {
  await ownerPage.getByRole("link", { name: "Staff" }).first().click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await ownerPage.getByRole("button", { name: "Invite staff" }).click();
  const dialog = ownerPage.getByRole("dialog", { name: "Invite staff" });
  await dialog.getByLabel("Name").fill(operations.name);
  await dialog.getByLabel("E-mail").fill(operations.email);
  await dialog.getByLabel("Role").selectOption("operations");
  await checkView(ownerPage, "staff-invite-dialog");
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  const created = ownerPage.getByRole("dialog", { name: "Invitation created" });
  const invitationUrl = await created.getByLabel("Invitation link").inputValue();
  expect(invitationUrl).toContain("/admin/setup?token=");
  await checkView(ownerPage, "staff-invitation-link");
  await created.getByRole("button", { name: "Done" }).click();
  await expect(ownerPage.getByRole("heading", { name: "Pending invitations" })).toBeVisible();

  await opsPage.goto(invitationUrl);
  await expect(opsPage.getByText("You have been invited as Operations")).toBeVisible();
  ({ secret: opsSecret } = await completeSetup(opsPage, {}));

  // Their role opens orders and customers, never staff or the audit log.
  const nav = opsPage.getByRole("navigation", { name: "Admin" }).first();
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Orders",
    "COD to confirm",
    "COD blocks",
    "Products",
    "Categories",
    "Back in stock",
    "Customers",
    "Club",
  ]);
  await opsPage.goto("/admin/staff");
  await expect(opsPage.getByText("You do not have permission to open this page.")).toBeVisible();
  await checkView(opsPage, "no-permission");
  const staffAnswer = await opsPage.request.get("/api/admin/staff");
  expect(staffAnswer.status()).toBe(403);
  expect((await staffAnswer.json()).error).toBe("forbidden");
  expect((await opsPage.request.get("/api/admin/audit")).status()).toBe(403);

  // The owner's audit log records both the invitation and the setup.
  await ownerPage.getByRole("link", { name: "Audit log" }).first().click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const log = ownerPage.getByRole("table", { name: "Audit events" });
  // Other files (and an earlier attempt of this one) set up staff in the same shop: count this run's.
  const invited = log.getByRole("row").filter({ hasText: "staff.invite" }).filter({ hasText: owner.email });
  await expect(invited.filter({ hasText: operations.email })).toHaveCount(1);
  const setups = log.getByRole("row").filter({ hasText: "staff.setup" });
  await expect(setups.filter({ hasText: owner.email })).toHaveCount(1);
  await expect(setups.filter({ hasText: operations.email })).toHaveCount(1);
  await ownerPage.getByLabel("Action").selectOption("staff.invite");
  await ownerPage.getByRole("button", { name: "Apply filters" }).click();
  await expect(ownerPage).toHaveURL(/action=staff.invite/);
  await expect(log.getByRole("row").filter({ hasText: "staff.setup" })).toHaveCount(0);
  await expect(log.getByRole("row").filter({ hasText: operations.email })).toHaveCount(1);
  await checkView(ownerPage, "audit-filtered");
});

test("throttles wrong codes and says when to try again", async ({ browser, baseURL }) => {
  const [context, page] = await newPage(browser, baseURL);
  await page.goto("/admin/sign-in");
  await page.getByLabel("E-mail").fill(operations.email);
  await page.getByLabel("Password").fill("lantern-otter-quarry-velvet-92");
  await page.getByRole("button", { name: "Continue" }).click();
  const wrong = totpCode(opsSecret) === "000000" ? "111111" : "000000";
  const alert = page.getByRole("alert");
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByLabel("6-digit code").fill(wrong);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toContainText(/not right|Too many attempts/);
    if (/Too many attempts/.test((await alert.textContent()) ?? "")) break;
  }
  await expect(alert).toHaveText(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  await checkView(page, "sign-in-throttled", [PHONE]);
  await context.close();
});

test("deactivating a person ends their live session at once", async () => {
  await ownerPage.getByRole("link", { name: "Staff" }).first().click();
  const opsRow = ownerPage.getByRole("row").filter({ hasText: operations.email });
  await opsRow.getByRole("button", { name: `Actions for ${operations.name}` }).click();
  await ownerPage.getByRole("menuitem", { name: "Deactivate" }).click();
  const confirm = ownerPage.getByRole("dialog", { name: `Deactivate ${operations.name}?` });
  await checkView(ownerPage, "staff-deactivate-confirm");
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(confirm).toBeHidden();
  await expect(opsRow).toContainText("Deactivated");

  // The operations person's next step lands on the sign-in page.
  await opsPage.getByRole("link", { name: "Orders" }).first().click();
  await expect(opsPage.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(opsPage.getByText("Your session has ended. Sign in again.")).toBeVisible();
  expect((await opsPage.request.get("/api/admin/auth/me")).status()).toBe(401);
});

test("every admin page and dialog passes axe at 390 and 1440 px", async ({ request }) => {
  // Twelve views, each audited at two widths: more than the file's 60 s on a loaded machine.
  test.setTimeout(120_000);
  // Something to show: a customer and a guest's order.
  await registerCustomer(request, "Kavya Iyer");
  const guest = randomUUID();
  await addToGuestCart(request, guest, await stockedProduct(request));
  const created = await request.post("/api/orders/create", { data: { guestSessionId: guest } });
  expect(created.status(), await created.text()).toBe(201);

  const page = ownerPage;
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByRole("group", { name: "Revenue" })).toBeVisible();
  // The charts load after the figures; their tables are there for screen readers either way.
  await expect(page.getByRole("table", { name: /revenue/i }).first()).toBeAttached();
  await checkView(page, "dashboard");

  await page.getByRole("link", { name: "Orders" }).first().click();
  const orders = page.getByRole("table", { name: "Orders" });
  await expect(orders.getByRole("row")).not.toHaveCount(1);
  await checkView(page, "orders");
  await orders.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #/ })).toBeVisible();
  await page.getByLabel("Add a note").fill("Customer asked for gift wrap.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Customer asked for gift wrap.", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Timeline" }).getByText("Order note add")).toBeVisible();
  await checkView(page, "order");

  await page.getByRole("link", { name: "Products" }).first().click();
  const products = page.getByRole("table", { name: "Products" });
  await expect(products.getByRole("row")).not.toHaveCount(1);
  await checkView(page, "products");
  await products.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Variants" })).toBeVisible();
  await checkView(page, "product");

  // Rows or the empty state, whichever the other files left: both are checked the same.
  await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Back in stock" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back in stock" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Back-in-stock requests per variant" })).toBeVisible();
  await checkView(page, "back-in-stock");

  await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Categories" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(1);
  await checkView(page, "categories");
  await page.getByRole("button", { name: "New category" }).click();
  await expect(page.getByRole("dialog", { name: "New category" })).toBeVisible();
  await page.getByLabel("A Vakiverse character").check();
  await checkView(page, "category-dialog");
  await page.keyboard.press("Escape");

  await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "GST returns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "GST returns" })).toBeVisible();
  await checkView(page, "gst-returns");

  await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Club" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Club" })).toBeVisible();
  await checkView(page, "club");

  await page.getByRole("link", { name: "Customers" }).first().click();
  const customers = page.getByRole("table", { name: "Customers" });
  await page.getByLabel("Search customers").fill("Kavya");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // Other files register a Kavya Iyer too.
  await expect(customers.getByRole("link", { name: "Kavya Iyer" }).first()).toBeVisible();
  await checkView(page, "customers");
  await customers.getByRole("link", { name: "Kavya Iyer" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Kavya Iyer" })).toBeVisible();
  await checkView(page, "customer");

  await page.getByRole("link", { name: "Staff" }).first().click();
  const opsRow = page.getByRole("row").filter({ hasText: operations.email });
  await expect(opsRow).toBeVisible();
  await checkView(page, "staff");
  await opsRow.getByRole("button", { name: `Actions for ${operations.name}` }).click();
  await checkView(page, "staff-row-menu", [DESKTOP]);
  await page.getByRole("menuitem", { name: "Change role" }).click();
  await expect(page.getByRole("dialog", { name: `Change ${operations.name}'s role` })).toBeVisible();
  await checkView(page, "staff-change-role");
  await page.keyboard.press("Escape");
});

test("the audit log, account page, search, user menu and phone drawer pass axe", async () => {
  test.setTimeout(120_000);
  const page = ownerPage;
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(1);
  await checkView(page, "audit");

  await page.goto("/admin/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await checkView(page, "account");

  const search = page.getByRole("combobox", { name: "Search orders, products and customers" });
  await search.fill("Kavya");
  await expect(page.getByRole("listbox", { name: "Search results" }).getByText("Kavya Iyer")).toBeVisible();
  await checkView(page, "search-open", [DESKTOP]);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: /account menu/ }).click();
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
  await checkView(page, "user-menu", [DESKTOP]);
  await page.keyboard.press("Escape");

  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByRole("link", { name: "Orders" })).toBeVisible();
  await checkView(page, "phone-drawer", [PHONE]);
  await drawer.getByRole("button", { name: "Close the menu" }).click();
  await page.setViewportSize(DESKTOP);
});
