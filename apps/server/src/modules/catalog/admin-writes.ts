import {
  catalogueMessages as cm,
  type ProductEditRequest,
  type ProductStatusValue,
} from "@vaki/contract/admin/catalogue";
import { type ProductDetailsEdit, productFormMessages } from "@vaki/contract/admin/product-form";
import type { AuditChanges } from "@vaki/contract/admin/schemas";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { uniqueViolation } from "../../db/errors.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import { deliveryHtmlOf, deliveryLinesOf } from "./delivery-lines.js";
import { parseSpecifications } from "./mappers.js";
import { replaceProductWords } from "./product-words.js";
import { sanitizeProductHtml } from "./sanitize.js";

const mirror = (status: ProductStatusValue) => (status === "active" ? 1 : 0);

const slugTaken = (slug: string) =>
  new Conflict(productFormMessages.slugTaken(slug), { fieldErrors: { slug: [productFormMessages.slugTaken(slug)] } });

/**
 * The owner's product writes, in the caller's transaction (which writes the audit event): an edit
 * saved against the version it was loaded at, and status, category and featured changes of many
 * products. `status` is the owner's word and `is_active` its mirror for the storefront (decision
 * 0015). Each answers the changes as before/after pairs for the audit log.
 */
export class CatalogAdminWrites {
  async editProduct(
    trx: Db,
    productId: number,
    input: ProductEditRequest & ProductDetailsEdit,
    now: string,
  ): Promise<{ version: number; changes: AuditChanges }> {
    const before = await trx
      .selectFrom("products")
      .select([
        "id",
        "name",
        "slug",
        "description_html",
        "specifications",
        "delivery_info_html",
        "status",
        "is_featured",
        "low_stock_threshold",
        "hsn_code",
        "tax_class",
        "version",
      ])
      .where("id", "=", productId)
      .executeTakeFirst();
    if (!before) throw new NotFound(cm.productNotFound);
    if (before.version !== input.version) throw new Conflict(cm.staleVersion);

    const variants = await trx
      .selectFrom("variants")
      .select(["id", "sku", "price", "is_active"])
      .where("product_id", "=", productId)
      .orderBy("id")
      .execute();
    const own = new Map(variants.map((variant) => [variant.id, variant]));
    if (input.variants.some((variant) => !own.has(variant.id))) throw new InvalidInput(cm.variantsUnknown);
    await this.assertSkusFree(trx, productId, input.variants);

    const description = sanitizeProductHtml(input.descriptionHtml);
    const changes: AuditChanges = {};
    const note = (key: string, from: unknown, to: unknown) => {
      if (from !== to) changes[key] = { before: from, after: to };
    };
    note("name", before.name, input.name);
    note("description", before.description_html, description);
    note("status", before.status, input.status);
    note("featured", before.is_featured === 1, input.featured);
    note("lowStockThreshold", before.low_stock_threshold, input.lowStockThreshold);
    if (input.hsnCode !== undefined) note("hsnCode", before.hsn_code, input.hsnCode);
    if (input.taxClass !== undefined) note("taxClass", before.tax_class, input.taxClass);
    if (input.categoryIds !== undefined) await this.setCategories(trx, productId, input.categoryIds, note);
    const slug = input.slug !== undefined && input.slug !== before.slug ? input.slug : undefined;
    if (slug !== undefined) {
      note("slug", before.slug, slug);
      await this.moveSlug(trx, productId, before.slug, slug, now);
    }
    const specifications = this.changedSpecifications(before.specifications, input.specifications, note);
    const deliveryHtml = this.changedDelivery(before.delivery_info_html, input.deliveryLines, note);

    // SKUs that change move through a placeholder first, so two variants may swap theirs.
    const renamed = input.variants.filter((variant) => own.get(variant.id)?.sku !== variant.sku);
    for (const variant of renamed) {
      await trx
        .updateTable("variants")
        .set({ sku: `~${variant.id}~${now}` })
        .where("id", "=", variant.id)
        .execute();
    }
    for (const variant of input.variants) {
      const was = own.get(variant.id)!;
      const active = variant.active ? 1 : 0;
      if (was.sku === variant.sku && was.price === variant.price && was.is_active === active) continue;
      note(`sku ${was.sku}`, was.sku, variant.sku);
      note(`price ${was.sku}`, was.price, variant.price);
      note(`active ${was.sku}`, was.is_active === 1, variant.active);
      await trx
        .updateTable("variants")
        .set({ sku: variant.sku, price: variant.price, is_active: active, updated_at: now })
        .where("id", "=", variant.id)
        .execute();
    }

    const updated = await trx
      .updateTable("products")
      .set({
        name: input.name,
        ...(slug !== undefined ? { slug } : {}),
        ...(specifications !== undefined ? { specifications } : {}),
        ...(deliveryHtml !== undefined ? { delivery_info_html: deliveryHtml } : {}),
        description_html: description,
        status: input.status,
        is_active: mirror(input.status),
        is_featured: input.featured ? 1 : 0,
        low_stock_threshold: input.lowStockThreshold,
        ...(input.hsnCode !== undefined ? { hsn_code: input.hsnCode } : {}),
        ...(input.taxClass !== undefined ? { tax_class: input.taxClass } : {}),
        // The lists show the lowest price of the product's variants.
        price: sql<number>`coalesce((select min(v.price) from variants v where v.product_id = ${productId} and v.is_active = 1), price)`,
        version: sql<number>`version + 1`,
        updated_at: now,
      })
      .where("id", "=", productId)
      .where("version", "=", input.version)
      .returning("version")
      .executeTakeFirst()
      .catch((error: unknown) => {
        // Another product took the slug between the check and this update.
        if (slug !== undefined && uniqueViolation(error)) throw slugTaken(slug);
        throw error;
      });
    // Another save got in between the read and this update (PostgreSQL read committed).
    if (!updated) throw new Conflict(cm.staleVersion);
    if (before.name !== input.name || renamed.length > 0) await replaceProductWords(trx, [productId]);
    return { version: updated.version, changes };
  }

  /**
   * A product's new slug: 409 beside the field when another product has it as its slug. The old
   * slug is kept as a redirect to the product; a redirect row of the new slug (this product's own
   * former slug, or another product's) goes, since a live slug always wins.
   */
  private async moveSlug(trx: Db, productId: number, from: string, to: string, now: string): Promise<void> {
    const taken = await trx
      .selectFrom("products")
      .select("id")
      .where("slug", "=", to)
      .where("id", "<>", productId)
      .executeTakeFirst();
    if (taken) throw slugTaken(to);
    await trx.deleteFrom("product_slug_redirects").where("old_slug", "=", to).execute();
    await trx
      .insertInto("product_slug_redirects")
      .values({ old_slug: from, product_id: productId, created_at: now })
      .onConflict((conflict) => conflict.column("old_slug").doUpdateSet({ product_id: productId, created_at: now }))
      .execute();
  }

  /** The specifications' JSON when the list (names, values or order) changed; noted as lists. */
  private changedSpecifications(
    stored: string,
    wanted: readonly { name: string; value: string }[] | undefined,
    note: (key: string, from: unknown, to: unknown) => void,
  ): string | undefined {
    if (wanted === undefined) return undefined;
    const before = parseSpecifications(stored);
    const after = wanted.map(({ name, value }) => ({ name, value }));
    if (JSON.stringify(before) === JSON.stringify(after)) return undefined;
    note(
      "specifications",
      before.map((spec) => `${spec.name}: ${spec.value}`),
      after.map((spec) => `${spec.name}: ${spec.value}`),
    );
    return JSON.stringify(after);
  }

  /**
   * The delivery HTML for these lines when they differ from the stored HTML's lines: an unchanged
   * list leaves the stored HTML (and any formatting it has) as it is.
   */
  private changedDelivery(
    stored: string,
    wanted: readonly string[] | undefined,
    note: (key: string, from: unknown, to: unknown) => void,
  ): string | undefined {
    if (wanted === undefined) return undefined;
    const before = deliveryLinesOf(stored);
    if (before.join("\u0000") === wanted.join("\u0000")) return undefined;
    note("deliveryInfo", before, [...wanted]);
    return deliveryHtmlOf(wanted);
  }

  /** Sets the status of these products; answers the ones that changed, with their old status. */
  async setStatus(
    trx: Db,
    ids: readonly number[],
    status: ProductStatusValue,
    now: string,
  ): Promise<{ id: number; before: string }[]> {
    const rows = await trx
      .selectFrom("products")
      .select(["id", "status"])
      .where("id", "in", [...ids])
      .where("status", "<>", status)
      .orderBy("id")
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable("products")
      .set({ status, is_active: mirror(status), version: sql<number>`version + 1`, updated_at: now })
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({ id: row.id, before: row.status }));
  }

  /**
   * Adds these products to a category (or character) or takes them out of it (404 when it is
   * unknown). Answers the category's name and the products that changed with their category
   * names before and after, for the audit log; products already so, or unknown, are left out.
   */
  async setCategoryOf(
    trx: Db,
    ids: readonly number[],
    categoryId: number,
    action: "add" | "remove",
    now: string,
  ): Promise<{ category: string; changed: { id: number; before: string[]; after: string[] }[] }> {
    const category = await trx.selectFrom("categories").select("name").where("id", "=", categoryId).executeTakeFirst();
    if (!category) throw new NotFound(cm.categoryNotFound);
    const rows = await trx
      .selectFrom("products")
      .select("products.id")
      .where("products.id", "in", [...ids])
      .where((eb) => {
        const linked = eb.exists(
          eb
            .selectFrom("category_products")
            .select("category_products.product_id")
            .where("category_products.category_id", "=", categoryId)
            .whereRef("category_products.product_id", "=", "products.id"),
        );
        return action === "add" ? eb.not(linked) : linked;
      })
      .orderBy("products.id")
      .execute();
    const changedIds = rows.map((row) => row.id);
    if (changedIds.length === 0) return { category: category.name, changed: [] };
    const before = await this.categoryNamesOf(trx, changedIds);
    if (action === "add") {
      await trx
        .insertInto("category_products")
        .values(changedIds.map((id) => ({ category_id: categoryId, product_id: id })))
        // Another person's add of the same product in between is the same outcome, not an error.
        .onConflict((conflict) => conflict.columns(["category_id", "product_id"]).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom("category_products")
        .where("category_id", "=", categoryId)
        .where("product_id", "in", changedIds)
        .execute();
    }
    // A product form loaded before this change must not save its old categories over it.
    await this.touch(trx, changedIds, now);
    return {
      category: category.name,
      changed: changedIds.map((id) => {
        const names = before.get(id) ?? [];
        const after = action === "add" ? [...names, category.name].sort() : names.filter((n) => n !== category.name);
        return { id, before: names, after };
      }),
    };
  }

  /** Marks these products featured or not; answers the ones that changed. */
  async setFeatured(trx: Db, ids: readonly number[], featured: boolean, now: string): Promise<number[]> {
    const rows = await trx
      .selectFrom("products")
      .select("id")
      .where("id", "in", [...ids])
      .where("is_featured", "<>", featured ? 1 : 0)
      .orderBy("id")
      .execute();
    const changed = rows.map((row) => row.id);
    if (changed.length === 0) return [];
    await trx
      .updateTable("products")
      .set({ is_featured: featured ? 1 : 0, version: sql<number>`version + 1`, updated_at: now })
      .where("id", "in", changed)
      .execute();
    return changed;
  }

  /** Each product's category names, sorted (as the edit form's audit notes them). */
  private async categoryNamesOf(trx: Db, productIds: readonly number[]): Promise<Map<number, string[]>> {
    const rows = await trx
      .selectFrom("category_products")
      .innerJoin("categories", "categories.id", "category_products.category_id")
      .select(["category_products.product_id", "categories.name"])
      .where("category_products.product_id", "in", [...productIds])
      .execute();
    const names = new Map<number, string[]>();
    for (const row of rows) {
      const list = names.get(row.product_id);
      if (list) list.push(row.name);
      else names.set(row.product_id, [row.name]);
    }
    for (const list of names.values()) list.sort();
    return names;
  }

  private async touch(trx: Db, productIds: readonly number[], now: string): Promise<void> {
    await trx
      .updateTable("products")
      .set({ version: sql<number>`version + 1`, updated_at: now })
      .where("id", "in", [...productIds])
      .execute();
  }

  /** Sets the product's categories to these ids (400 when one is unknown); notes the change by name. */
  private async setCategories(
    trx: Db,
    productId: number,
    ids: readonly number[],
    note: (key: string, from: unknown, to: unknown) => void,
  ): Promise<void> {
    const wanted = [...new Set(ids)];
    const known = wanted.length
      ? await trx.selectFrom("categories").select(["id", "name"]).where("id", "in", wanted).execute()
      : [];
    if (known.length !== wanted.length) throw new InvalidInput(productFormMessages.categoryUnknown);
    const current = await trx
      .selectFrom("category_products")
      .innerJoin("categories", "categories.id", "category_products.category_id")
      .select(["categories.id", "categories.name"])
      .where("category_products.product_id", "=", productId)
      .execute();
    const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();
    if (names(current).join("\u0000") === names(known).join("\u0000")) return;
    note("categories", names(current), names(known));
    await trx.deleteFrom("category_products").where("product_id", "=", productId).execute();
    if (known.length === 0) return;
    await trx
      .insertInto("category_products")
      .values(known.map((row) => ({ category_id: row.id, product_id: productId })))
      .execute();
  }

  /** 409 naming the SKU when another product's variant has it, or two variants of the form share one. */
  private async assertSkusFree(trx: Db, productId: number, variants: ProductEditRequest["variants"]): Promise<void> {
    const seen = new Set<string>();
    for (const variant of variants) {
      if (seen.has(variant.sku)) throw new Conflict(cm.skuTaken(variant.sku));
      seen.add(variant.sku);
    }
    if (variants.length === 0) return;
    const taken = await trx
      .selectFrom("variants")
      .select("sku")
      .where(
        "sku",
        "in",
        variants.map((variant) => variant.sku),
      )
      .where("product_id", "<>", productId)
      .executeTakeFirst();
    if (taken) throw new Conflict(cm.skuTaken(taken.sku));
  }
}
