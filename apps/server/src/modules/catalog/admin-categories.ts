import { type AdminCategory, categoryMessages as m } from "@vaki/contract/admin/categories";
import type { AuditChanges } from "@vaki/contract/admin/schemas";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";

/** A category's fields after validation (the contract's schema output). */
export interface CategoryInput {
  name: string;
  slug?: string | undefined;
  parentId: number | null;
  active: boolean;
  description: string | null;
  imageUrl: string | null;
  isCharacter: boolean;
  tagline: string | null;
  accentColor: string | null;
}

type CategoryRow = {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  is_active: number;
  description: string | null;
  image_url: string | null;
  is_character: number;
  tagline: string | null;
  accent_color: string | null;
  display_order: number;
};

const toAnswer = (row: CategoryRow, productCount: number): AdminCategory => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  parentId: row.parent_id,
  active: row.is_active === 1,
  description: row.description,
  imageUrl: row.image_url,
  isCharacter: row.is_character === 1,
  tagline: row.tagline,
  accentColor: row.accent_color,
  displayOrder: row.display_order,
  productCount,
});

/** Lowercase words joined by dashes, as the shop's slugs are written. */
export function slugFrom(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "category"
  );
}

/**
 * The category tree's SQL and rules on the owner's side, in the caller's transaction (which
 * writes the audit event): unique slugs, a parent that exists and is not the category itself or
 * below it, and sibling order as a dense display order. Each write answers its audit changes.
 */
export class CatalogCategoryWrites {
  /** Every category, parents before children, siblings by display order then name. */
  async list(db: Db): Promise<AdminCategory[]> {
    const [rows, counts] = await Promise.all([
      this.rows(db),
      db
        .selectFrom("category_products")
        .select(["category_id", sql<number>`count(*)`.as("n")])
        .groupBy("category_id")
        .execute(),
    ]);
    const count = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
    const children = new Map<number | null, CategoryRow[]>();
    for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
    const out: AdminCategory[] = [];
    const walk = (parent: number | null) => {
      for (const row of children.get(parent) ?? []) {
        out.push(toAnswer(row, count.get(row.id) ?? 0));
        walk(row.id);
      }
    };
    walk(null);
    // Rows whose parent is missing (never made by the admin) still show, at the end.
    const shown = new Set(out.map((category) => category.id));
    for (const row of rows) if (!shown.has(row.id)) out.push(toAnswer(row, count.get(row.id) ?? 0));
    return out;
  }

  async create(trx: Db, input: CategoryInput, now: string): Promise<{ id: number; changes: AuditChanges }> {
    const slug = input.slug || slugFrom(input.name);
    await this.assertSlugFree(trx, slug, null);
    if (input.parentId !== null) await this.assertParent(trx, null, input.parentId);
    const last = await trx
      .selectFrom("categories")
      .select(sql<number | null>`max(display_order)`.as("n"))
      .where((eb) => (input.parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", input.parentId)))
      .executeTakeFirst();
    const row = await trx
      .insertInto("categories")
      .values({
        name: input.name,
        slug,
        parent_id: input.parentId,
        is_active: input.active ? 1 : 0,
        description: input.description,
        image_url: input.imageUrl,
        is_character: input.isCharacter ? 1 : 0,
        tagline: input.tagline,
        accent_color: input.accentColor,
        display_order: Number(last?.n ?? -1) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const changes: AuditChanges = {};
    for (const [key, value] of Object.entries({ ...input, slug })) {
      if (value !== null && value !== undefined) changes[key] = { before: null, after: value };
    }
    return { id: row.id, changes };
  }

  async update(trx: Db, id: number, patch: Partial<CategoryInput>, now: string): Promise<{ changes: AuditChanges }> {
    const before = (await this.rows(trx, id))[0];
    if (!before) throw new NotFound(m.notFound);
    const current = toAnswer(before, 0);
    if (patch.slug !== undefined && patch.slug !== before.slug) await this.assertSlugFree(trx, patch.slug, id);
    const moving = patch.parentId !== undefined && patch.parentId !== before.parent_id;
    if (moving && patch.parentId !== null) await this.assertParent(trx, id, patch.parentId!);

    const changes: AuditChanges = {};
    const keys = [
      "name",
      "slug",
      "parentId",
      "active",
      "description",
      "imageUrl",
      "isCharacter",
      "tagline",
      "accentColor",
    ] as const;
    for (const key of keys) {
      const after = patch[key];
      if (after !== undefined && after !== current[key]) changes[key] = { before: current[key], after };
    }
    if (Object.keys(changes).length === 0) return { changes };

    let displayOrder: number | undefined;
    if (moving) {
      // A moved category goes last among its new siblings.
      const last = await trx
        .selectFrom("categories")
        .select(sql<number | null>`max(display_order)`.as("n"))
        .where((eb) => (patch.parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", patch.parentId!)))
        .executeTakeFirst();
      displayOrder = Number(last?.n ?? -1) + 1;
    }
    await trx
      .updateTable("categories")
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(moving ? { parent_id: patch.parentId ?? null, display_order: displayOrder } : {}),
        ...(patch.active !== undefined ? { is_active: patch.active ? 1 : 0 } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.imageUrl !== undefined ? { image_url: patch.imageUrl } : {}),
        ...(patch.isCharacter !== undefined ? { is_character: patch.isCharacter ? 1 : 0 } : {}),
        ...(patch.tagline !== undefined ? { tagline: patch.tagline } : {}),
        ...(patch.accentColor !== undefined ? { accent_color: patch.accentColor } : {}),
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    return { changes };
  }

  /** Puts the children of `parentId` in this order; answers the old order for the audit log. */
  async reorder(trx: Db, parentId: number | null, ids: readonly number[], now: string): Promise<{ before: number[] }> {
    const siblings = await trx
      .selectFrom("categories")
      .select("id")
      .where((eb) => (parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", parentId)))
      .orderBy("display_order")
      .orderBy("name")
      .execute();
    const before = siblings.map((row) => row.id);
    const same =
      new Set(ids).size === ids.length && ids.length === before.length && ids.every((id) => before.includes(id));
    if (!same) throw new Conflict(m.orderMismatch);
    for (const [position, id] of ids.entries()) {
      await trx
        .updateTable("categories")
        .set({ display_order: position, updated_at: now })
        .where("id", "=", id)
        .execute();
    }
    return { before };
  }

  private rows(db: Db, id?: number): Promise<CategoryRow[]> {
    let select = db
      .selectFrom("categories")
      .select([
        "id",
        "name",
        "slug",
        "parent_id",
        "is_active",
        "description",
        "image_url",
        "is_character",
        "tagline",
        "accent_color",
        "display_order",
      ]);
    if (id !== undefined) select = select.where("id", "=", id);
    return select.orderBy("display_order").orderBy("name").orderBy("id").execute();
  }

  private async assertSlugFree(trx: Db, slug: string, id: number | null): Promise<void> {
    const taken = await trx
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", slug)
      .$if(id !== null, (q) => q.where("id", "<>", id!))
      .executeTakeFirst();
    if (taken) throw new Conflict(m.slugTaken(slug));
  }

  /** The parent exists, and (for a move) is neither the category nor below it. */
  private async assertParent(trx: Db, id: number | null, parentId: number): Promise<void> {
    const tree = await trx.selectFrom("categories").select(["id", "parent_id"]).execute();
    const parentOf = new Map(tree.map((row) => [row.id, row.parent_id]));
    if (!parentOf.has(parentId)) throw new InvalidInput(m.parentUnknown);
    if (id === null) return;
    for (let at: number | null | undefined = parentId, steps = 0; at != null && steps <= tree.length; steps++) {
      if (at === id) throw new InvalidInput(m.parentCycle);
      at = parentOf.get(at);
    }
  }
}
