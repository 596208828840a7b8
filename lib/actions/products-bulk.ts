"use server";

import { updateProductsMulti } from "../store/products/api-bulk";
import { bulkSaveInput } from "../store/products/input-bulk";
import { productTags } from "../store/products/api";
import { storeAction } from "./action";

// The bulk grid's save (components/products/bulk/): one products_multi
// request per call (docs/contract.md#products_multi). The grid groups its
// changed cells by property set and sends them in chunks, within
// bulkSaveLimits (lib/store/products/model-bulk.ts) and next.config.mjs's
// body limit for actions; it reads the catalogue through
// GET /api/products/bulk and re-reads products through
// GET /api/products/bulk/current.

/**
 * Writes `products` (key → property → wire value, one property set for all)
 * and answers the products the store changed, as BulkProducts. A refusal
 * keeps the store's `products.<key>.<property>` field errors, so that the
 * grid can mark the cells.
 */
export const saveProductsMultiAction = storeAction({
  input: bulkSaveInput,
  invalidates: [productTags.all],
  run: async (store, { products }) => ({ changed: await updateProductsMulti(store, products) }),
  catalogue: (_input, { changed }) => ({ put: changed }),
});
