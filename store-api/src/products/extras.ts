import { and, asc, eq, gt, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { NotFoundError } from "../api/errors.js";
import { formBody } from "../api/input.js";
import type { Queryable } from "../db/index.js";
import { productExtras } from "../db/schema/index.js";
import { checkItemIds, replaceAllList, type SingleItemInput, writtenValues } from "./items.js";
import { touchProduct } from "./parts.js";
import { type ExtraRow, newKey, type ProductRow } from "./products.js";
import { type ItemInput, itemInput, productExtra, productParams } from "./schemas.js";

/** A product's extras (/products/{key}/extras; docs/contract.md#catalogue-and-settings): like options, without a default. */

export const extraParams = productParams.extend({
  extra_key: z.string().meta({ description: "The extra's key." }),
});

export function replaceExtrasBody(currency: string) {
  return formBody({
    extras: replaceAllList(itemInput(currency), "extras").meta({
      description:
        "JSON list of every extra: {id?, metadata, quantity, surcharge, cost?, weight?}. A dictionary with the id (key) of one of this product's extras updates it, one without creates an extra, the extras left out are deleted; empty deletes them all.",
    }),
  });
}

export const extraList = z.array(productExtra).meta({ description: "Every extra of the product (maybe none)." });

export async function listExtras(q: Queryable, product: ProductRow): Promise<ExtraRow[]> {
  return q
    .select()
    .from(productExtras)
    .where(eq(productExtras.productId, product.id))
    .orderBy(asc(productExtras.order), asc(productExtras.id));
}

/** One extra of the product, or a 404. */
export async function getExtra(q: Queryable, product: ProductRow, key: string): Promise<ExtraRow> {
  const [row] = await q
    .select()
    .from(productExtras)
    .where(and(eq(productExtras.productId, product.id), eq(productExtras.key, key)));
  if (!row) throw new NotFoundError(`The product "${product.key}" has no extra with the key "${key.slice(0, 100)}".`);
  return row;
}

/** Replaces every extra, with the id rules of options (options.ts replaceOptions); answers them. */
export async function replaceExtras(q: Queryable, product: ProductRow, items: ItemInput[]): Promise<ExtraRow[]> {
  const rows = await q
    .select({ key: productExtras.key })
    .from(productExtras)
    .where(eq(productExtras.productId, product.id));
  checkItemIds(items, new Set(rows.map((r) => r.key)), "extra");

  const kept = items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  await q
    .delete(productExtras)
    .where(and(eq(productExtras.productId, product.id), kept.length ? notInArray(productExtras.key, kept) : undefined));
  const fresh = [];
  for (const [i, item] of items.entries()) {
    const values = writtenValues(item, i + 1);
    if (item.id === undefined) {
      fresh.push({ ...values, key: newKey(), productId: product.id });
    } else {
      await q
        .update(productExtras)
        .set(values)
        .where(and(eq(productExtras.productId, product.id), eq(productExtras.key, item.id)));
    }
  }
  if (fresh.length) await q.insert(productExtras).values(fresh);
  await touchProduct(q, product);
  return listExtras(q, product);
}

/** Changes the fields of one extra that its PUT takes; answers it. */
export async function updateExtra(
  q: Queryable,
  product: ProductRow,
  key: string,
  input: SingleItemInput,
): Promise<ExtraRow> {
  const current = await getExtra(q, product, key);
  const change = { surcharge: input.surcharge, quantity: input.quantity, cost: input.cost, weight: input.weight };
  let row = current;
  if (Object.values(change).some((v) => v !== undefined)) {
    [row = current] = await q.update(productExtras).set(change).where(eq(productExtras.id, current.id)).returning();
  }
  await touchProduct(q, product);
  return row;
}

/** Deletes one extra; the later ones move up. */
export async function deleteExtra(q: Queryable, product: ProductRow, key: string): Promise<void> {
  const current = await getExtra(q, product, key);
  await q.delete(productExtras).where(eq(productExtras.id, current.id));
  await q
    .update(productExtras)
    .set({ order: sql`${productExtras.order} - 1` })
    .where(and(eq(productExtras.productId, product.id), gt(productExtras.order, current.order)));
  await touchProduct(q, product);
}
