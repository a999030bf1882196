import type { CategoryCardItem } from "../../features/catalog/components/category-card";

/**
 * The carousel's order: one card from each parent in turn (a tee, a cap, a character, …), so
 * the first few slides show the whole shop rather than one shelf of it.
 */
export function mixByParent(items: readonly CategoryCardItem[]): CategoryCardItem[] {
  const groups = new Map<number | null, CategoryCardItem[]>();
  for (const item of items) {
    const key = item.kind === "subcategory" ? item.category.parentId : null;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const queues = [...groups.values()];
  const mixed: CategoryCardItem[] = [];
  for (let round = 0; mixed.length < items.length; round++) {
    for (const queue of queues) {
      const item = queue[round];
      if (item) mixed.push(item);
    }
  }
  return mixed;
}
