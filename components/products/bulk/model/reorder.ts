import type { BulkProduct } from "../../../../lib/store/products/model-bulk";

/**
 * The store-wide reorder (docs/bulk-editing.md#store-wide-reorder): rows
 * moved in the list (the grid's moveKeys), then every product's new position 1..n as an edit of
 * `order`, which products_multi sets as given without shifting the others
 * (docs/contract.md#products_multi).
 */

/** Positions 1..n for the list: the products whose `order` is not already theirs (unknown keys are left out). */
export function orderChanges(
  order: readonly string[],
  products: ReadonlyMap<string, BulkProduct>,
): { key: string; column: "order"; value: number }[] {
  const changes: { key: string; column: "order"; value: number }[] = [];
  order.forEach((key, index) => {
    const product = products.get(key);
    if (product && product.order !== index + 1) changes.push({ key, column: "order", value: index + 1 });
  });
  return changes;
}

/**
 * A reorder in words (docs/bulk-editing.md#store-wide-reorder): of the
 * products whose `order` changes, how many were moved and how many only
 * renumbered around them. Moving one product to the top of 61 renumbers the
 * 60 above it, and that reads "1 product moved (60 renumbered)", not
 * "61 changes". The renumbered are the most products that keep their order
 * among each other (the longest run of increasing old positions, taken in
 * their new order); the others moved. Products without a position count
 * after every one with one, in the order given (the store's).
 */
export function orderMoves(changes: readonly { before: number | null; after: number }[]): {
  moved: number;
  renumbered: number;
} {
  const unplaced = 1e15;
  const olds = changes
    .map((c, i) => ({ after: c.after, old: c.before ?? unplaced + i }))
    .sort((a, b) => a.after - b.after)
    .map((c) => c.old);
  // The longest strictly increasing run (patience sorting: tails[k] is the least end of a run of k + 1).
  const tails: number[] = [];
  for (const old of olds) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < old) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = old;
  }
  return { moved: changes.length - tails.length, renumbered: tails.length };
}
