import { productCsvMessages } from "@vaki/contract/admin/product-csv";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

describe(`products as CSV on the owner's side (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let catalogue: StaffSession;
  let accountant: StaffSession;
  let tees: string;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-26T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    accountant = await addStaff(shop.app, clock, "accountant");
    for (const [name, hex] of [
      ["Black", "#000000"],
      ["White", "#ffffff"],
    ]) {
      await shop.database.db
        .insertInto("colours")
        .values({ name: name!, hex: hex! })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
    }
    const categoryId = await insertCategory(shop.database.db, { name: "Tees" });
    tees = (
      await shop.database.db
        .selectFrom("categories")
        .select("slug")
        .where("id", "=", categoryId)
        .executeTakeFirstOrThrow()
    ).slug;
  });
  afterAll(async () => shop.close());

  const exportCsv = (person: StaffSession, query = "") =>
    asStaff(shop.app, person, { method: "GET", url: `/api/admin/products.csv${query}` });
  const importCsv = (person: StaffSession, csv: string, apply = false) =>
    asStaff(shop.app, person, { method: "POST", url: "/api/admin/products/import", payload: { csv, apply } });
  const rowsOf = (text: string) =>
    Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;

  it("exports one row per variant with the list's filters, and refuses a role without products:read", async () => {
    const product = await insertProduct(shop.database.db, {
      name: "Export Tee",
      price: 129_950,
      variants: [
        { size: "S", color: "Black", stock: 4 },
        { size: "M", color: "Black", stock: 0 },
      ],
    });
    const answer = await exportCsv(catalogue, "?q=export%20tee");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/csv");
    expect(answer.headers["content-disposition"]).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = rowsOf(answer.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      product_slug: product.slug,
      product_name: "Export Tee",
      status: "active",
      colour: "Black",
      size: "S",
      price: "1299.50",
      stock: "4",
      active: "yes",
      low_stock_threshold: "5",
    });

    const out = rowsOf((await exportCsv(catalogue, "?stock=out&q=export%20tee")).body);
    expect(out.map((row) => row.size)).toEqual(["S", "M"]);
    expect(rowsOf((await exportCsv(catalogue, "?status=draft&q=export%20tee")).body)).toHaveLength(0);

    expect((await exportCsv(accountant)).statusCode).toBe(403);
    const audit = await shop.database.db
      .selectFrom("audit_events")
      .select("action")
      .where("action", "=", "product.export")
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it("a dry run reports each row and changes nothing; applying updates a price and moves stock through the ledger", async () => {
    const product = await insertProduct(shop.database.db, {
      name: "Import Tee",
      price: 99_900,
      variants: [
        { size: "S", color: "White", stock: 3 },
        { size: "M", color: "White", stock: 3 },
      ],
    });
    const exported = rowsOf((await exportCsv(catalogue, "?q=import%20tee")).body);
    exported[0]!.price = "1,099";
    exported[1]!.stock = "10";
    const csv = Papa.unparse(exported);

    const dry = await importCsv(catalogue, csv);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().message).toBe(productCsvMessages.checked);
    const report = dry.json().data;
    expect(report).toMatchObject({ applied: false, counts: { created: 0, updated: 2, unchanged: 0, error: 0 } });
    expect(report.rows[0].changes).toEqual(["price: 999 → 1099"]);
    expect(report.rows[1].changes).toEqual(["stock: 3 → 10"]);
    const untouched = await shop.database.db
      .selectFrom("variants")
      .select(["price", "stock_quantity"])
      .where("product_id", "=", product.id)
      .orderBy("id")
      .execute();
    expect(untouched).toEqual([
      { price: 99_900, stock_quantity: 3 },
      { price: 99_900, stock_quantity: 3 },
    ]);

    const applied = await importCsv(catalogue, csv, true);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toBe(productCsvMessages.imported(0, 2));
    const after = await shop.database.db
      .selectFrom("variants")
      .select(["id", "price", "stock_quantity"])
      .where("product_id", "=", product.id)
      .orderBy("id")
      .execute();
    expect(after.map((v) => [v.price, v.stock_quantity])).toEqual([
      [109_900, 3],
      [99_900, 10],
    ]);
    const ledger = await shop.database.db
      .selectFrom("stock_ledger")
      .select(["change", "stock_after", "reason", "note"])
      .where("variant_id", "=", after[1]!.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(ledger).toEqual({ change: 7, stock_after: 10, reason: "correction", note: "CSV import" });
    // The lists show the lowest active price again.
    const listed = await shop.database.db
      .selectFrom("products")
      .select("price")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(listed.price).toBe(99_900);

    // The same file again changes nothing.
    const again = (await importCsv(catalogue, csv)).json().data;
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 2, error: 0 });
  });

  it("creates a product with its variants, categories and opening stock from rows of a new slug", async () => {
    const csv = [
      "sku,product_slug,product_name,status,categories,colour,size,price,stock",
      `NEW-BLK-S,csv-drop-tee,CSV Drop Tee,active,${tees},Black,S,1499,5`,
      `NEW-BLK-M,csv-drop-tee,CSV Drop Tee,active,${tees},black,M,1499,0`,
    ].join("\n");
    const dry = (await importCsv(catalogue, csv)).json().data;
    expect(dry).toMatchObject({ counts: { created: 2, error: 0 }, newProducts: 1 });
    const applied = await importCsv(catalogue, csv, true);
    expect(applied.statusCode, applied.body).toBe(200);

    const product = await shop.database.db
      .selectFrom("products")
      .select(["id", "name", "status", "is_active", "price"])
      .where("slug", "=", "csv-drop-tee")
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({ name: "CSV Drop Tee", status: "active", is_active: 1, price: 149_900 });
    const variants = await shop.database.db
      .selectFrom("variants")
      .select(["sku", "color", "size", "stock_quantity"])
      .where("product_id", "=", product.id)
      .orderBy("sku")
      .execute();
    expect(variants).toEqual([
      { sku: "NEW-BLK-M", color: "Black", size: "M", stock_quantity: 0 },
      { sku: "NEW-BLK-S", color: "Black", size: "S", stock_quantity: 5 },
    ]);
    const storefront = await shop.app.inject({ method: "GET", url: "/api/products/csv-drop-tee" });
    expect(storefront.statusCode).toBe(200);
    const events = await shop.database.db
      .selectFrom("audit_events")
      .select("action")
      .where("entity_type", "=", "product")
      .where("entity_id", "=", String(product.id))
      .execute();
    expect(events.map((event) => event.action)).toContain("product.create");
  });

  it("names the line and column of every error, and refuses to apply a file with any", async () => {
    const product = await insertProduct(shop.database.db, {
      name: "Error Tee",
      variants: [{ size: "L", color: "Black" }],
    });
    const sku = (
      await shop.database.db
        .selectFrom("variants")
        .select("sku")
        .where("product_id", "=", product.id)
        .executeTakeFirstOrThrow()
    ).sku;
    const csv = [
      "sku,product_slug,product_name,colour,size,price,stock,active",
      `${sku},,,,,12.345,,maybe`,
      "BRAND-NEW,,,,,999,,",
      `"MULTI-LINE",no-such-product,"Two\nlines",Purple,M,999,-1,`,
      `${sku},,,,,999,,`,
    ].join("\n");
    const report = (await importCsv(catalogue, csv)).json().data;
    expect(report.counts.error).toBe(4);
    const byLine = (line: number) => report.errors.filter((error: { line: number }) => error.line === line);
    expect(byLine(2).map((e: { column: string }) => e.column)).toEqual(["price", "active"]);
    expect(byLine(3)).toEqual([{ line: 3, column: "product_slug", message: productCsvMessages.slugRequired }]);
    expect(byLine(4).map((e: { column: string }) => e.column)).toEqual(["stock", "colour"]);
    // The quoted cell spans two lines, so the next row starts on line 6.
    expect(byLine(6)).toEqual([{ line: 6, column: "sku", message: productCsvMessages.skuRepeated(2) }]);

    const refused = await importCsv(catalogue, csv, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(productCsvMessages.hasErrors(4));

    const header = (await importCsv(catalogue, "sku,prize\nA,1")).json().data;
    expect(header.errors[0]).toMatchObject({ line: 1, column: "prize" });
    expect((await importCsv(accountant, "sku\nA")).statusCode).toBe(403);
  });

  it("quotes cells a spreadsheet would run as formulas, and reads them back", async () => {
    await insertProduct(shop.database.db, { name: "=HYPERLINK(1) Tee", variants: [{ size: "M" }] });
    const text = (await exportCsv(catalogue, "?q=hyperlink")).body;
    expect(text).toContain("'=HYPERLINK(1) Tee");
    const report = (await importCsv(catalogue, text)).json().data;
    expect(report.counts).toMatchObject({ unchanged: 1, error: 0 });
  });
});
