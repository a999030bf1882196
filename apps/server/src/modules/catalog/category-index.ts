import type { CategoryContext } from "@vaki/contract/catalog";
import type { CategoryRecord } from "./repo.js";

/**
 * The active categories, indexed once per catalogue version: lists find a category by id or slug,
 * its descendants and its breadcrumb here instead of asking the database on every cache miss.
 * A category under a hidden parent is hidden too (as in the category tree).
 */
export class CategoryIndex {
  private readonly byId = new Map<number, CategoryRecord>();
  private readonly bySlug = new Map<string, CategoryRecord>();
  private readonly children = new Map<number, CategoryRecord[]>();

  constructor(readonly categories: readonly CategoryRecord[]) {
    const active = new Map(categories.filter((c) => c.is_active === 1).map((c) => [c.id, c]));
    const visible = (category: CategoryRecord): boolean => {
      const seen = new Set<number>();
      let current: CategoryRecord | undefined = category;
      while (current && current.parent_id !== null) {
        if (seen.has(current.id)) return false;
        seen.add(current.id);
        current = active.get(current.parent_id);
      }
      return current !== undefined;
    };
    for (const category of active.values()) {
      if (!visible(category)) continue;
      this.byId.set(category.id, category);
      this.bySlug.set(category.slug, category);
    }
    for (const category of this.byId.values()) {
      if (category.parent_id === null) continue;
      const siblings = this.children.get(category.parent_id);
      if (siblings) siblings.push(category);
      else this.children.set(category.parent_id, [category]);
    }
  }

  /** A visible category by numeric id or slug. */
  find(key: number | string): CategoryRecord | undefined {
    return typeof key === "number" ? this.byId.get(key) : this.bySlug.get(key);
  }

  /** The category's id and every visible descendant's. */
  scopeOf(category: CategoryRecord): number[] {
    const ids: number[] = [];
    const queue = [category];
    while (queue.length > 0) {
      const next = queue.shift()!;
      ids.push(next.id);
      queue.push(...(this.children.get(next.id) ?? []));
    }
    return ids;
  }

  /** What a category list shows of its category: itself, its parent and its path from the top. */
  contextOf(category: CategoryRecord): CategoryContext {
    const path: CategoryRecord[] = [];
    for (let current: CategoryRecord | undefined = category; current; ) {
      path.unshift(current);
      current = current.parent_id === null ? undefined : this.byId.get(current.parent_id);
    }
    const entry = (c: CategoryRecord) => ({ id: c.id, name: c.name, slug: c.slug });
    const parent = category.parent_id === null ? undefined : this.byId.get(category.parent_id);
    return {
      id: category.id,
      name: category.name,
      slug: category.slug,
      parentId: category.parent_id,
      description: category.description,
      tagline: category.tagline,
      accentColor: category.accent_color,
      imageUrl: category.image_url,
      parent: parent ? entry(parent) : null,
      breadcrumb: path.map(entry),
    };
  }
}
