import type { BulkProduct } from "../../../../lib/store/products/model-bulk";

/**
 * The store-wide reorder (docs/bulk-editing.md#store-wide-reorder): rows
 * moved in the list, then every product's new position 1..n as an edit of
 * `order`, which products_multi sets as given without shifting the others
 * (docs/contract.md#products_multi).
 */

/**
 * The list with the `moving` keys taken out and put back together, in their
 * order in the list, so that the first of them is at `toIndex` of the result
 * (kept within the list). Keys not in the list are ignored.
 */
export function moveKeys(order: readonly string[], moving: readonly string[], toIndex: number): string[] {
  const movingSet = new Set(moving);
  const moved: string[] = [];
  const rest: string[] = [];
  for (const key of order) (movingSet.has(key) ? moved : rest).push(key);
  if (!moved.length) return [...order];
  const at = Math.max(0, Math.min(rest.length, Number.isFinite(toIndex) ? Math.trunc(toIndex) : rest.length));
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

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
