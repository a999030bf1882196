/**
 * A list kept sorted by a total order (the id breaks ties), as the storefront's and the owner's
 * list indexes keep each sort: found by binary search, moved by splicing, never sorted again.
 */
export type Compare<T> = (a: T, b: T) => number;

/** The first place whose item sorts at or after `item` (where `item` goes). */
export function lowerBound<T>(order: readonly T[], item: T, compare: Compare<T>): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle] as T, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first place whose item sorts after `item`. */
export function upperBound<T>(order: readonly T[], item: T, compare: Compare<T>): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle] as T, item) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Moves `old` out of `order` and `now` into its place (either may be absent). */
export function moveInOrder<T extends { id: number }>(
  order: T[],
  old: T | undefined,
  now: T | undefined,
  compare: Compare<T>,
): void {
  if (old) order.splice(placeOf(order, old, compare), 1);
  if (now) order.splice(lowerBound(order, now, compare), 0, now);
}

/** Where `item` itself is in `order`. */
function placeOf<T extends { id: number }>(order: readonly T[], item: T, compare: Compare<T>): number {
  const index = lowerBound(order, item, compare);
  if (order[index] === item) return index;
  // A total order finds the item itself; this is a guard, not a path.
  const found = order.indexOf(item);
  if (found < 0) throw new Error(`list index: product ${item.id} missing from its order`);
  return found;
}
