import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { productFormMessages as fm, productFormLimits } from "@vaki/contract/admin/product-form";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { deliveryHtmlOf, deliveryLinesOf } from "../catalog/delivery-lines.js";

/** A built storefront's index.html alone: enough for the server to answer product pages. */
function builtStorefront(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-web-"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html lang="en-IN"><head><title>VAKI</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

describe(`editable slugs, specifications and delivery lines (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let catalogue: StaffSession;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-26T10:00:00.000Z"));
    shop = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0", WEB_DIST_DIR: builtStorefront() },
      { clock },
    );
    await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    const colour = await asStaff(shop.app, catalogue, {
      method: "POST",
      url: "/api/admin/colours",
      payload: { name: "Slug Sand", hex: "#d8c7a0" },
    });
    expect(colour.statusCode).toBe(200);
  });
  afterAll(async () => shop.close());

  const detail = async (id: number) =>
    (await asStaff(shop.app, catalogue, { method: "GET", url: `/api/admin/products/${id}` })).json().data;

  async function formOf(id: number) {
    const product = await detail(id);
    return {
      version: product.version,
      name: product.name,
      descriptionHtml: product.descriptionHtml,
      status: product.status,
      featured: product.featured,
      lowStockThreshold: product.lowStockThreshold,
      variants: product.variants.map((v: { id: number; sku: string; price: number; active: boolean }) => ({
        id: v.id,
        sku: v.sku,
        price: v.price,
        active: v.active,
      })),
    };
  }

  const save = (id: number, payload: Record<string, unknown>) =>
    asStaff(shop.app, catalogue, { method: "PUT", url: `/api/admin/products/${id}`, payload });
  const saveWith = async (id: number, changes: Record<string, unknown>) =>
    save(id, { ...(await formOf(id)), ...changes });
  const redirects = (productId: number) =>
    shop.database.db
      .selectFrom("product_slug_redirects")
      .select("old_slug")
      .where("product_id", "=", productId)
      .orderBy("old_slug")
      .execute()
      .then((rows) => rows.map((row) => row.old_slug));
  const api = (key: string) => shop.app.inject({ method: "GET", url: `/api/products/fetch/${key}` });
  const page = (url: string) => shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
  const lastUpdate = async (productId: number) => {
    const row = await shop.database.db
      .selectFrom("audit_events")
      .select("changes")
      .where("action", "=", "product.update")
      .where("entity_id", "=", String(productId))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return JSON.parse(row.changes) as Record<string, { before: unknown; after: unknown }>;
  };

  it("changes the slug, keeps the old one as a redirect (audited), and the shop finds the product by either", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Slug Tee", variants: [{ size: "M" }] });
    const saved = await saveWith(tee.id, { slug: "moon-slug-tee" });
    expect(saved.statusCode).toBe(200);

    expect((await detail(tee.id)).slug).toBe("moon-slug-tee");
    expect(await redirects(tee.id)).toEqual([tee.slug]);
    expect((await lastUpdate(tee.id)).slug).toEqual({ before: tee.slug, after: "moon-slug-tee" });

    // The save moved the catalogue version: the new slug answers at once, in this process.
    const now = await api("moon-slug-tee");
    expect(now.statusCode).toBe(200);
    expect(now.json().data).toMatchObject({ id: tee.id, slug: "moon-slug-tee" });
    // The API answers an old slug with the product as it is now (the app shows it; the page redirects).
    const old = await api(tee.slug);
    expect(old.statusCode).toBe(200);
    expect(old.json().data).toMatchObject({ id: tee.id, slug: "moon-slug-tee" });

    const moved = await page(`/product/${tee.slug}?color=Sand&x=1`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe("/product/moon-slug-tee?color=Sand&x=1");
    expect((await page(`/product/${tee.slug}`)).headers.location).toBe("/product/moon-slug-tee");
    expect((await page("/product/moon-slug-tee")).statusCode).toBe(200);
    expect((await page(`/product/${tee.id}`)).statusCode).toBe(200);
    expect((await page("/product/never-a-slug-tee")).statusCode).toBe(404);
  });

  it("refuses a slug another product has (409 beside the field) and a badly written one (400)", async () => {
    const one = await insertProduct(shop.database.db, { name: "Clash One", variants: [{ size: "M" }] });
    const two = await insertProduct(shop.database.db, { name: "Clash Two", variants: [{ size: "M" }] });
    const taken = await saveWith(two.id, { slug: one.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: fm.slugTaken(one.slug),
      fieldErrors: { slug: [fm.slugTaken(one.slug)] },
    });
    expect((await detail(two.id)).slug).toBe(two.slug);
    expect(await redirects(two.id)).toEqual([]);

    for (const slug of ["Upper-Case", "two--dashes", "-edge", "", "a".repeat(productFormLimits.slugMax + 1)]) {
      const bad = await saveWith(two.id, { slug });
      expect(bad.statusCode, slug).toBe(400);
      expect(bad.json().fieldErrors.slug, slug).toBeDefined();
    }
    // The same slug is no change: nothing kept as a redirect.
    expect((await saveWith(two.id, { slug: two.slug })).statusCode).toBe(200);
    expect(await redirects(two.id)).toEqual([]);
  });

  it("moves back to a former slug, and lets a later product take an old slug as its own (a live slug wins)", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Round Tee", variants: [{ size: "M" }] });
    expect((await saveWith(tee.id, { slug: "round-tee-b" })).statusCode).toBe(200);
    expect((await saveWith(tee.id, { slug: "round-tee-c" })).statusCode).toBe(200);
    expect(await redirects(tee.id)).toEqual(["round-tee-b", tee.slug].sort());
    // Back to where it began: the former slug is live again, the one it leaves redirects.
    expect((await saveWith(tee.id, { slug: tee.slug })).statusCode).toBe(200);
    expect(await redirects(tee.id)).toEqual(["round-tee-b", "round-tee-c"]);
    expect((await page(`/product/${tee.slug}`)).statusCode).toBe(200);
    expect((await page("/product/round-tee-b")).headers.location).toBe(`/product/${tee.slug}`);

    // Another existing product takes an old slug of this one by an edit...
    const cap = await insertProduct(shop.database.db, { name: "Round Cap", variants: [{ size: "One" }] });
    expect((await saveWith(cap.id, { slug: "round-tee-b" })).statusCode).toBe(200);
    expect(await redirects(tee.id)).toEqual(["round-tee-c"]);
    expect((await api("round-tee-b")).json().data.id).toBe(cap.id);
    expect((await page("/product/round-tee-b")).statusCode).toBe(200);

    // ...and a new product from the form takes another.
    const hoodie = await asStaff(shop.app, catalogue, {
      method: "POST",
      url: "/api/admin/products",
      payload: {
        name: "Round Hoodie",
        slug: "round-tee-c",
        status: "active",
        variants: [{ colour: "Slug Sand", size: "M", sku: "ROUND-HOODIE-M", price: 99_900, stock: 1, active: true }],
      },
    });
    expect(hoodie.statusCode).toBe(200);
    expect(await redirects(tee.id)).toEqual([]);
    expect((await api("round-tee-c")).json().data.id).toBe(hoodie.json().data.id);
  });

  it("saves specifications and delivery lines in order, shows them in the shop as a table and a list, and audits them", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Spec Tee", variants: [{ size: "M" }] });
    // The helper's product has one specification and a paragraph of delivery HTML.
    const before = await detail(tee.id);
    expect(before.specifications).toEqual([{ name: "Fabric", value: "100% cotton" }]);
    expect(before.deliveryLines).toEqual(["Ships in 24 hours."]);

    const specifications = [
      { name: "Fit", value: "Relaxed" },
      { name: "  Fabric ", value: "240 GSM   cotton <b>&</b>" },
    ];
    const deliveryLines = ["Delhi-NCR: 1-2 working days", "Abroad: 5-7 days & more <maybe>"];
    const saved = await saveWith(tee.id, { specifications, deliveryLines });
    expect(saved.statusCode).toBe(200);

    const after = await detail(tee.id);
    const cleaned = [
      { name: "Fit", value: "Relaxed" },
      { name: "Fabric", value: "240 GSM cotton <b>&</b>" },
    ];
    expect(after.specifications).toEqual(cleaned);
    expect(after.deliveryLines).toEqual(deliveryLines);

    const shown = (await api(tee.slug)).json().data;
    expect(shown.specifications).toEqual(cleaned);
    expect(shown.deliveryInfo).toBe(
      "<ul><li>Delhi-NCR: 1-2 working days</li><li>Abroad: 5-7 days &amp; more &lt;maybe&gt;</li></ul>",
    );

    const audit = await lastUpdate(tee.id);
    expect(audit.specifications).toEqual({
      before: ["Fabric: 100% cotton"],
      after: ["Fit: Relaxed", "Fabric: 240 GSM cotton <b>&</b>"],
    });
    expect(audit.deliveryInfo).toEqual({ before: ["Ships in 24 hours."], after: deliveryLines });

    // Reordered: saved in the new order. Left out: kept as they are.
    expect((await saveWith(tee.id, { specifications: [cleaned[1], cleaned[0]] })).statusCode).toBe(200);
    expect((await detail(tee.id)).specifications).toEqual([cleaned[1], cleaned[0]]);
    expect((await detail(tee.id)).deliveryLines).toEqual(deliveryLines);
    // Emptied: no specifications, no delivery information.
    expect((await saveWith(tee.id, { specifications: [], deliveryLines: [] })).statusCode).toBe(200);
    const emptied = (await api(tee.slug)).json().data;
    expect(emptied.specifications).toEqual([]);
    expect(emptied.deliveryInfo).toBe("");
  });

  it("leaves formatted delivery HTML alone when its lines did not change", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Keep Tee", variants: [{ size: "M" }] });
    const html = "<p><strong>Free shipping</strong> on every order.</p><ul><li><b>India:</b> 3-5 days</li></ul>";
    await shop.database.db.updateTable("products").set({ delivery_info_html: html }).where("id", "=", tee.id).execute();
    const lines = (await detail(tee.id)).deliveryLines;
    expect(lines).toEqual(["Free shipping on every order.", "India: 3-5 days"]);
    expect((await saveWith(tee.id, { name: "Keep Tee 2", deliveryLines: lines })).statusCode).toBe(200);
    const stored = await shop.database.db
      .selectFrom("products")
      .select("delivery_info_html")
      .where("id", "=", tee.id)
      .executeTakeFirstOrThrow();
    expect(stored.delivery_info_html).toBe(html);
    expect(await lastUpdate(tee.id)).not.toHaveProperty("deliveryInfo");
    // The shop keeps showing it formatted until the lines are edited.
    expect((await api(tee.slug)).json().data.deliveryInfo).toBe(html);
  });

  it("refuses empty rows, over-long rows and more than 30 rows, with the field's message", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Limit Tee", variants: [{ size: "M" }] });
    const refused = async (changes: Record<string, unknown>, field: string, message: string) => {
      const answer = await saveWith(tee.id, changes);
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json().fieldErrors[field], field).toEqual([message]);
    };
    await refused({ specifications: [{ name: "  ", value: "x" }] }, "specifications.0.name", fm.specNameRequired);
    await refused({ specifications: [{ name: "Fit", value: "" }] }, "specifications.0.value", fm.specValueRequired);
    await refused(
      {
        specifications: [
          { name: "Fit", value: "Boxy" },
          { name: "fit ", value: "Relaxed" },
        ],
      },
      "specifications.1.name",
      fm.specNameRepeated,
    );
    await refused(
      { specifications: [{ name: "n".repeat(81), value: "x" }] },
      "specifications.0.name",
      fm.specNameTooLong,
    );
    await refused(
      { specifications: [{ name: "Fit", value: "v".repeat(301) }] },
      "specifications.0.value",
      fm.specValueTooLong,
    );
    await refused(
      { specifications: Array.from({ length: 31 }, (_, i) => ({ name: `N${i}`, value: "v" })) },
      "specifications",
      fm.specificationsTooMany,
    );
    await refused({ deliveryLines: ["ok", " "] }, "deliveryLines.1", fm.deliveryLineRequired);
    await refused({ deliveryLines: ["l".repeat(301)] }, "deliveryLines.0", fm.deliveryLineTooLong);
    await refused(
      { deliveryLines: Array.from({ length: 31 }, (_, i) => `Line ${i}`) },
      "deliveryLines",
      fm.deliveryLinesTooMany,
    );
    // At the limits: accepted.
    const full = await saveWith(tee.id, {
      specifications: Array.from({ length: 30 }, (_, i) => ({ name: `N${i}`.padEnd(80, "n"), value: "v".repeat(300) })),
      deliveryLines: Array.from({ length: 30 }, () => "l".repeat(300)),
    });
    expect(full.statusCode).toBe(200);
    expect((await detail(tee.id)).specifications).toHaveLength(30);
  });

  it("reads delivery lines back from the HTML it writes", () => {
    const lines = ["A & B", "<script>x</script>", "Quote \"me\" 'too'"];
    expect(deliveryLinesOf(deliveryHtmlOf(lines))).toEqual(lines);
    expect(deliveryHtmlOf([])).toBe("");
    expect(deliveryLinesOf("")).toEqual([]);
    expect(deliveryLinesOf("<p>One<br>Two</p><script>alert(1)</script>")).toEqual(["One", "Two"]);
  });
});
