import { eq } from "drizzle-orm";
import { NotFoundError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { products } from "../db/schema/index.js";
import { getProduct, type ProductRow } from "./products.js";

/**
 * What the writes of a product's sub-resources (categories, options, extras)
 * share: the product, locked until the transaction ends so that two
 * replace-alls of one product take turns, and its `modified` bumped.
 */

/** The product with the key or slug (the key wins), locked for the transaction; a 404 when there is none. */
export async function lockProduct(q: Queryable, keyOrSlug: string): Promise<ProductRow> {
  const found = await getProduct(q, keyOrSlug);
  const [row] = await q.select().from(products).where(eq(products.id, found.id)).for("update");
  // Deleted between the two reads.
  if (!row) throw new NotFoundError(`There is no product with the key or slug "${keyOrSlug.slice(0, 100)}".`);
  return row;
}

/** A change to a sub-resource is a change to the product: its `modified` moves. */
export async function touchProduct(q: Queryable, product: ProductRow): Promise<void> {
  await q.update(products).set({ updatedAt: new Date() }).where(eq(products.id, product.id));
}
