import { and, asc, eq, gt, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { ForbiddenError, NotFoundError } from "../api/errors.js";
import { formBody } from "../api/input.js";
import type { Queryable } from "../db/index.js";
import { productOptions } from "../db/schema/index.js";
import { checkItemIds, replaceAllList, type SingleItemInput, writtenValues } from "./items.js";
import { touchProduct } from "./parts.js";
import { newKey, type OptionRow, type ProductRow } from "./products.js";
import { type ItemInput, optionInput, productOption, productParams } from "./schemas.js";

/**
 * A product's options (/products/{key}/options; docs/contract.md#catalogue-and-settings).
 * A product without options shows exactly one, its default option (which
 * holds its quantity, SKU and fetch_sku); once it has options the default one
 * is kept out of sight, and comes back when they are all gone.
 */

export const optionParams = productParams.extend({
  option_key: z.string().meta({ description: "The option's key." }),
});

export function replaceOptionsBody(currency: string) {
  return formBody({
    options: replaceAllList(optionInput(currency), "options").meta({
      description:
        "JSON list of every option: {id?, metadata, quantity, surcharge, cost?, weight?, fetch_sku?}. A dictionary with the id (key) of one of this product's options updates it, one without creates an option, the options left out are deleted; empty deletes them all.",
    }),
  });
}

export const optionList = z
  .array(productOption)
  .meta({ description: "Every option of the product (its default option when it has none)." });

/** What the replace-all answers (docs/contract.md#catalogue-and-settings). */
export const optionsReplaced = z
  .union([optionList, productOption])
  .meta({ description: "Every option; the default option alone (an object) when the list was emptied." });

export const optionUpdated = z.array(productOption).meta({ description: "A list holding the option." });

/** The options a product shows: its own, or its default option when it has none. */
export async function listOptions(q: Queryable, product: ProductRow): Promise<OptionRow[]> {
  const rows = await q
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, product.id))
    .orderBy(asc(productOptions.order), asc(productOptions.id));
  const own = rows.filter((o) => !o.isDefault);
  if (own.length) return own;
  const fallback = rows.find((o) => o.isDefault);
  if (!fallback) throw new Error(`Product ${product.id} has no default option`);
  return [fallback];
}

/** One of the options the product shows, or a 404. */
export async function getOption(q: Queryable, product: ProductRow, key: string): Promise<OptionRow> {
  const row = (await listOptions(q, product)).find((o) => o.key === key);
  if (!row) throw new NotFoundError(`The product "${product.key}" has no option with the key "${key.slice(0, 100)}".`);
  return row;
}

/**
 * Replaces every option (docs/contract.md#catalogue-and-settings): items with
 * the id of one of this product's options update it, items without are new,
 * the others are deleted; `order` follows the list. Answers what the product shows.
 */
export async function replaceOptions(q: Queryable, product: ProductRow, items: ItemInput[]): Promise<OptionRow[]> {
  const rows = await q
    .select({ key: productOptions.key, isDefault: productOptions.isDefault })
    .from(productOptions)
    .where(eq(productOptions.productId, product.id));
  const own = new Set(rows.filter((r) => !r.isDefault).map((r) => r.key));
  checkItemIds(items, own, "option", rows.find((r) => r.isDefault)?.key);

  const kept = items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  await q
    .delete(productOptions)
    .where(
      and(
        eq(productOptions.productId, product.id),
        eq(productOptions.isDefault, false),
        kept.length ? notInArray(productOptions.key, kept) : undefined,
      ),
    );
  const fresh = [];
  for (const [i, item] of items.entries()) {
    const values = { ...writtenValues(item, i + 1), fetchSku: item.fetch_sku };
    if (item.id === undefined) {
      fresh.push({ ...values, key: newKey(), productId: product.id });
    } else {
      await q
        .update(productOptions)
        .set(values)
        .where(and(eq(productOptions.productId, product.id), eq(productOptions.key, item.id)));
    }
  }
  if (fresh.length) await q.insert(productOptions).values(fresh);
  await touchProduct(q, product);
  return listOptions(q, product);
}

/** Changes the fields of one option that its PUT takes; answers it. */
export async function updateOption(
  q: Queryable,
  product: ProductRow,
  key: string,
  input: SingleItemInput,
): Promise<OptionRow> {
  const current = await getOption(q, product, key);
  const change = {
    surcharge: input.surcharge,
    quantity: input.quantity,
    cost: input.cost,
    weight: input.weight,
    fetchSku: input.fetch_sku,
  };
  let row = current;
  if (Object.values(change).some((v) => v !== undefined)) {
    [row = current] = await q.update(productOptions).set(change).where(eq(productOptions.id, current.id)).returning();
  }
  await touchProduct(q, product);
  return row;
}

/** Deletes one option; the later ones move up. The default option stays (a 403). */
export async function deleteOption(q: Queryable, product: ProductRow, key: string): Promise<void> {
  const current = await getOption(q, product, key);
  if (current.isDefault) {
    throw new ForbiddenError(
      "A product without options keeps its default option: it cannot be deleted (it holds the product's quantity and SKU).",
    );
  }
  await q.delete(productOptions).where(eq(productOptions.id, current.id));
  await q
    .update(productOptions)
    .set({ order: sql`${productOptions.order} - 1` })
    .where(
      and(
        eq(productOptions.productId, product.id),
        eq(productOptions.isDefault, false),
        gt(productOptions.order, current.order),
      ),
    );
  await touchProduct(q, product);
}
