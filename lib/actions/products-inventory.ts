"use server";

import { productTags } from "../store/products/api";
import { writeStock } from "../store/products/api-inventory";
import { stockSaveInput } from "../store/products/input-inventory";
import { storeAction } from "./action";

// The inventory page's save (components/products/inventory/, docs/bulk-editing.md#inventory).
// Next runs a client's actions one at a time, so the bounded concurrency is here, on the
// dashboard's server: one call carries a batch of writes and answers each one's result.

/**
 * Writes each option's or extra's `quantity`, a few at a time
 * (stockWriteConcurrency), and answers a result per write: the quantity
 * the store now holds, or its refusal in one sentence.
 */
export const saveStockAction = storeAction({
  input: stockSaveInput,
  invalidates: [productTags.all],
  run: async (store, { writes }) => ({ results: await writeStock(store, writes) }),
  catalogue: ({ writes }) => ({ reread: writes.map((write) => write.product) }),
});
