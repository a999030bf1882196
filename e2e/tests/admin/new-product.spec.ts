import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { checkView, completeSetup, mintSetupLink } from "../support/admin";
import { DESKTOP } from "../support/shop";

/*
 * A new product from the admin: a catalogue person adds two colours with their swatches, picks
 * five sizes, fills the grid's prices and stock (for all, a row, a column), creates the product
 * active, uploads three photos, and within seconds the storefront lists it, finds it and shows
 * its page with the photos' srcsets. Its variants open again as the grid from the product page.
 */
test.describe.configure({ timeout: 120_000 });

test("a catalogue person creates a 2 colours × 5 sizes product with 3 photos that the storefront lists and shows", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const admin = await context.newPage();
  const tag = randomUUID().replace(/\D/g, "").slice(0, 6).padEnd(6, "7");
  const name = `Gridline Tee ${tag}`;
  const slug = `gridline-tee-${tag}`;
  const newSlug = `gridline-heavy-tee-${tag}`;
  const colours = [`Ink ${tag}`, `Chalk ${tag}`] as const;
  let productId: number | undefined;
  try {
    await admin.goto(
      await mintSetupLink(baseURL!, `catalogue.${randomUUID().slice(0, 8)}@vaki.test`, "Kavya Rao", "catalogue"),
    );
    await completeSetup(admin, { name: "Kavya Rao" });

    await admin.goto("/admin/products");
    await admin.getByRole("link", { name: "New product" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

    await admin.getByLabel("Name", { exact: true }).fill(name);
    await admin.getByLabel("Status").selectOption("active");
    // The description in the rich-text editor: a line, then a bold word typed through the toolbar.
    const description = admin.getByRole("textbox", { name: "Description" });
    await description.fill("Heavy cotton, garment dyed. ");
    await admin.getByRole("button", { name: "Bold" }).click();
    await description.pressSequentially("Soft");
    await expect(admin.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");

    // Two new colours, each with its swatch; adding one chooses it.
    for (const [colour, hex] of [
      [colours[0], "#1b2a49"],
      [colours[1], "#f2efe6"],
    ] as const) {
      await admin.getByLabel("New colour's name").fill(colour);
      await admin.getByLabel("Its swatch").fill(hex);
      await admin.getByRole("button", { name: "Add colour" }).click();
      await expect(admin.getByRole("checkbox", { name: colour, exact: true })).toBeChecked();
    }
    await admin.getByLabel("Size set").selectOption("custom");
    await admin.getByLabel("Sizes, in order").fill("XS, S, M, L, XL");
    const grid = admin.getByRole("region", { name: "Variant grid", exact: true });
    await expect(grid.getByRole("row")).toHaveCount(3);

    // Saving an unfilled grid says what is wrong beside the cells.
    await admin.getByRole("button", { name: "Create product" }).click();
    await expect(admin.getByText("Some cells of the grid need fixing: see the messages beside them.")).toBeVisible();
    await expect(admin.getByRole("textbox", { name: `Price of ${colours[0]} / M in rupees` })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await admin.getByLabel("Price for all (₹)").fill("1499");
    await admin.getByRole("button", { name: "Set price for all" }).click();
    await admin.getByLabel("Fill rows and columns with").selectOption("stock");
    await admin.getByLabel("Value to fill").fill("8");
    await admin.getByRole("button", { name: `Fill row ${colours[0]}` }).click();
    await admin.getByRole("button", { name: `Fill row ${colours[1]}` }).click();
    await admin.getByLabel("Value to fill").fill("3");
    await admin.getByRole("button", { name: "Fill column XL" }).click();
    await expect(admin.getByRole("textbox", { name: `SKU of ${colours[1]} / XL` })).toHaveValue(
      `GRIDLINE-TEE-${tag}-CHALK-${tag}-XL`,
    );
    await expect(admin.getByRole("textbox", { name: `Stock of ${colours[0]} / XL` })).toHaveValue("3");
    await checkView(admin, "new-product-grid");

    await admin.getByRole("button", { name: "Create product" }).click();
    await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
    productId = Number(new URL(admin.url()).pathname.split("/").pop());
    await expect(admin.getByText(`/${slug}`, { exact: true })).toBeVisible();
    const variants = admin.getByRole("region", { name: "Variants", exact: true }).first();
    await expect(variants.getByRole("row")).toHaveCount(11);

    // Three photos (PNGs drawn by the browser), uploaded at once through the picker, with progress.
    const painter = await context.newPage();
    await painter.setViewportSize({ width: 800, height: 1000 });
    const files = [];
    for (const [index, ground] of ["#1b2a49", "#f2efe6", "#c0392b"].entries()) {
      await painter.setContent(
        `<body style="margin:0;background:${ground}"><p style="font:bold 240px sans-serif;color:#888">${index + 1}</p></body>`,
      );
      files.push({ name: `gridline-${index + 1}.png`, mimeType: "image/png", buffer: await painter.screenshot() });
    }
    await painter.close();
    await admin.getByLabel("Photo files").setInputFiles(files);
    const uploads = admin.getByRole("list", { name: "Uploads" });
    await expect(uploads.getByText("Added", { exact: true })).toHaveCount(3, { timeout: 30_000 });
    await expect(admin.locator(".photo-list > li")).toHaveCount(3);
    await checkView(admin, "new-product-photos");

    // The same grid opens again for the product.
    await admin.getByRole("link", { name: "Edit variants" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: `Variants of ${name}` })).toBeVisible();
    await expect(admin.getByRole("textbox", { name: `Stock of ${colours[1]} / M` })).toHaveValue("8");
    await checkView(admin, "edit-variants-grid");

    // The details: a new slug, a specification and a delivery line; the old address redirects.
    await admin.goto(`/admin/products/${productId}`);
    await admin.getByLabel("Slug", { exact: true }).fill(newSlug);
    await admin.getByRole("button", { name: "Add specification" }).click();
    await admin.getByRole("textbox", { name: "Name of specification 1", exact: true }).fill("Fabric");
    await admin.getByRole("textbox", { name: "Value of specification 1", exact: true }).fill("240 GSM cotton");
    await admin.getByRole("button", { name: "Add delivery line" }).click();
    await admin.getByRole("textbox", { name: "Delivery line 1", exact: true }).fill("Ships within 24 hours from Noida");
    await checkView(admin, "product-edit-details");
    await admin.getByRole("button", { name: "Save product" }).click();
    await expect(admin.getByText("Product saved.")).toBeVisible();

    // A category's picture, uploaded in its dialog (the category stays hidden from the shop's menu).
    const categoryName = `Gridline ${tag}`;
    await admin.goto("/admin/categories");
    await admin.getByRole("button", { name: "New category" }).click();
    const created = admin.getByRole("dialog", { name: "New category" });
    await created.getByLabel("Name", { exact: true }).fill(categoryName);
    await created.getByLabel("Shown in the shop").uncheck();
    await created.getByRole("button", { name: "Create category" }).click();
    await expect(created).toBeHidden();
    await admin.getByRole("button", { name: `Edit ${categoryName}` }).click();
    const editing = admin.getByRole("dialog", { name: `Edit ${categoryName}` });
    await editing.getByLabel("Picture file").setInputFiles(files[2] ?? []);
    await expect(editing.getByRole("img", { name: categoryName })).toBeVisible({ timeout: 20_000 });
    await checkView(admin, "category-picture");
    // Removing it asks first; confirmed, the dialog shows no picture.
    await editing.getByRole("button", { name: "Remove picture" }).click();
    const removal = admin.getByRole("dialog", { name: "Remove this picture?" });
    await expect(removal).toBeVisible();
    await checkView(admin, "category-remove-picture");
    await removal.getByRole("button", { name: "Remove picture" }).click();
    await expect(removal).toBeHidden();
    await expect(editing.getByText("No picture yet.")).toBeVisible();
    await editing.getByRole("button", { name: "Cancel" }).click();

    const shopper = await context.newPage();
    // Within a few seconds: the list (newest first), the search and the product page.
    await expect
      .poll(
        async () => {
          await shopper.goto("/products");
          return (await shopper.locator("main").textContent()) ?? "";
        },
        { timeout: 15_000, intervals: [500, 1_000, 2_000] },
      )
      .toContain(name);
    await shopper.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(shopper.locator("main")).toContainText(name);
    await shopper.goto(`/product/${slug}`);
    await expect(shopper).toHaveURL(new RegExp(`/product/${newSlug}$`));
    await expect(shopper.locator("main")).toContainText(name);
    await expect(shopper.locator("main")).toContainText("240 GSM cotton");
    await expect(shopper.locator("main")).toContainText("Ships within 24 hours from Noida");
    await expect(shopper.locator("main")).toContainText(/1,499/);
    await expect(shopper.locator("main")).toContainText("Heavy cotton, garment dyed.");
    await expect(shopper.locator("main strong", { hasText: "Soft" })).toBeVisible();
    // Its photos as <picture>s: AVIF and WebP srcsets at every width up to the original's 800 px.
    const avif = shopper.locator('main picture source[type="image/avif"]').first();
    await expect(avif).toHaveAttribute("srcset", /\/media\/photos\/[0-9a-f]{64}-320\.avif 320w, .*-960\.avif 800w$/);
    const drawn = shopper.locator("main picture img").first();
    await expect(drawn).toHaveAttribute("width", "800");
    await expect(drawn).toHaveAttribute("height", "1000");
    await expect
      .poll(() => drawn.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    // Archived again, so the files after this one see the demo catalogue they expect (its lists
    // open newest first).
    if (productId) {
      const me = await admin.request.get("/api/admin/auth/me");
      const csrf = (await me.json()).data.csrfToken as string;
      const archived = await admin.request.post("/api/admin/products/status", {
        headers: { "X-CSRF-Token": csrf },
        data: { ids: [productId], status: "archived" },
      });
      expect(archived.status(), await archived.text()).toBe(200);
    }
    await context.close();
  }
});
