import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { checkView, completeSetup, mintSetupLink } from "../support/admin";
import { DESKTOP, stockedProduct } from "../support/shop";

/*
 * The catalogue on the owner's side: a catalogue person adjusts a variant's stock (the ledger
 * and the product's timeline show it), edits the prices and sees them on the storefront's product
 * page within seconds; leaving with unsaved changes asks first; the product goes out as CSV and
 * comes back with new prices; an accountant is refused.
 */
test.describe.configure({ timeout: 90_000 });

test("a catalogue person adjusts stock and edits a price the storefront shows; an accountant cannot", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const admin = await context.newPage();
  const product = await stockedProduct(admin.request);
  try {
    await admin.goto(
      await mintSetupLink(baseURL!, `catalogue.${randomUUID().slice(0, 8)}@vaki.test`, "Nisha Jain", "catalogue"),
    );
    await completeSetup(admin, { name: "Nisha Jain" });

    await admin.goto("/admin/products?stock=low");
    await expect(admin.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(admin.getByLabel("Stock")).toHaveValue("low");
    await checkView(admin, "catalogue-products");
    // Bulk actions on a selection ask first, naming how many: the category dialog, then cancelled.
    await admin
      .getByRole("checkbox", { name: /^Choose (?!every)/ })
      .first()
      .check();
    await admin.getByRole("button", { name: "Add to category" }).click();
    const bulkDialog = admin.getByRole("dialog", { name: /^Add 1 product to/ });
    await expect(bulkDialog).toBeVisible();
    await bulkDialog.getByLabel("Category").selectOption({ label: "Clothing › Hoodies" });
    await expect(admin.getByRole("dialog", { name: "Add 1 product to Hoodies?" })).toBeVisible();
    await checkView(admin, "catalogue-bulk-category");
    await admin.keyboard.press("Escape");
    await expect(bulkDialog).toBeHidden();

    await admin.goto(`/admin/products/${product.id}`);
    await expect(admin.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    const adjust = admin.getByRole("button", { name: /^Adjust stock of / }).first();
    const sku = ((await adjust.getAttribute("aria-label")) ?? "").replace("Adjust stock of ", "");
    await adjust.click();
    const dialog = admin.getByRole("dialog", { name: "Adjust stock" });
    await dialog.getByLabel("Change").fill("4");
    await dialog.getByLabel("Reason").selectOption("received");
    await dialog.getByLabel("Note (optional)").fill("Friday's delivery");
    await checkView(admin, "catalogue-adjust-stock");
    await dialog.getByRole("button", { name: "Save adjustment" }).click();
    await expect(dialog).toBeHidden();

    await admin.getByRole("button", { name: `Stock ledger of ${sku}` }).click();
    const ledger = admin.getByRole("dialog", { name: "Stock ledger" });
    const row = ledger.getByRole("row").filter({ hasText: "Friday's delivery" });
    await expect(row).toContainText("Received");
    await expect(row).toContainText("+4");
    await expect(row).toContainText("Nisha Jain");
    await checkView(admin, "catalogue-ledger");
    await ledger.getByRole("button", { name: "Close" }).click();
    // The audit log's event, on the product's timeline.
    await expect(admin.getByText("Product stock adjust").first()).toBeVisible();

    // Every variant at ₹1,234: the storefront's product page shows it whichever size is chosen.
    const prices = admin.getByLabel(/^Price of .* in rupees$/);
    for (let index = 0; index < (await prices.count()); index++) await prices.nth(index).fill("1234");
    await checkView(admin, "catalogue-product-edit");

    // Leaving with unsaved changes asks first.
    await admin.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Products" }).click();
    const leave = admin.getByRole("dialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(leave).toBeHidden();

    await admin.getByRole("button", { name: "Save product" }).click();
    await expect(admin.getByText("Product saved.")).toBeVisible();

    const shopper = await context.newPage();
    await expect
      .poll(
        async () => {
          await shopper.goto(`/product/${product.slug}`);
          return (await shopper.locator("main").textContent()) ?? "";
        },
        { timeout: 15_000, intervals: [500, 1_000, 2_000] },
      )
      .toMatch(/1,234/);

    // The same product out as CSV, its prices edited, and back in: a dry run first, then the import.
    await admin.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
    const download = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "Export CSV" }).click();
    const exported = await readFile((await (await download).path())!, "utf8");
    const [header, ...lines] = exported
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const priceColumn = header!.split(",").indexOf("price");
    const edited = [
      header,
      ...lines.map((line) =>
        line
          .split(",")
          .map((cell, index) => (index === priceColumn ? "1299" : cell))
          .join(","),
      ),
    ].join("\n");
    await admin.getByRole("button", { name: "Import CSV" }).click();
    const importer = admin.getByRole("dialog", { name: "Import products from CSV" });
    await importer
      .getByLabel("CSV file")
      .setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(edited) });
    await expect(
      importer.getByText(`0 to create, ${lines.length} to update, 0 unchanged, 0 with errors.`),
    ).toBeVisible();
    await expect(importer.getByText("price: 1234 → 1299").first()).toBeVisible();
    await checkView(admin, "catalogue-csv-import");
    await importer
      .getByRole("button", { name: `Import ${lines.length} ${lines.length === 1 ? "row" : "rows"}` })
      .click();
    await expect(importer.getByText(`Imported: 0 created, ${lines.length} updated.`)).toBeVisible();
    await importer.getByRole("button", { name: "Close" }).click();
    await expect
      .poll(
        async () => {
          await shopper.goto(`/product/${product.slug}`);
          return (await shopper.locator("main").textContent()) ?? "";
        },
        { timeout: 15_000, intervals: [500, 1_000, 2_000] },
      )
      .toMatch(/1,299/);
    await shopper.close();
  } finally {
    await context.close();
  }

  // An accountant sees no products page, and the server refuses the calls.
  const accountantContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const accountant = await accountantContext.newPage();
  try {
    await accountant.goto(
      await mintSetupLink(baseURL!, `accounts.${randomUUID().slice(0, 8)}@vaki.test`, "Ravi Menon", "accountant"),
    );
    await completeSetup(accountant, { name: "Ravi Menon" });
    await expect(
      accountant.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Products" }),
    ).toHaveCount(0);
    await accountant.goto(`/admin/products/${product.id}`);
    await expect(accountant.getByText("You do not have permission to open this page.")).toBeVisible();
    await expect(accountant.getByRole("button", { name: /^Adjust stock/ })).toHaveCount(0);
    const ledgerCall = await accountant.request.get(`/api/admin/variants/${product.variantId}/ledger`);
    expect(ledgerCall.status()).toBe(403);
  } finally {
    await accountantContext.close();
  }
});
