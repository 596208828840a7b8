import * as zm from "zod/mini";
import { productKey } from "./input";
import { bulkSaveLimits, bulkWireProperties, type MultiPayload } from "./model-bulk";

/** The bulk grid's save (lib/actions/products-bulk.ts): what the browser may send. */

const wireValue = zm.union([zm.string().check(zm.maxLength(bulkSaveLimits.valueLength)), zm.number(), zm.null()]);

const sameProperties = (payload: MultiPayload) => {
  const sets = Object.values(payload).map((properties) => Object.keys(properties).sort().join(","));
  return sets.every((set) => set === sets[0]) && sets[0] !== "";
};

/**
 * What a bulk save may send (saveProductsMultiAction): 1 to 2,000 products,
 * each with the same set of the grid's properties (products_multi takes one
 * set for all: docs/contract.md#products_multi), each value text, a number
 * or null (clears).
 */
export const bulkSaveInput = zm.object({
  products: zm.record(productKey, zm.partialRecord(zm.enum(bulkWireProperties), wireValue)).check(
    zm.refine(
      (payload) => {
        const n = Object.keys(payload).length;
        return n >= 1 && n <= bulkSaveLimits.products;
      },
      `Save 1 to ${bulkSaveLimits.products.toLocaleString("en")} products at a time.`,
    ),
    zm.refine(
      (payload) => sameProperties(payload as MultiPayload),
      "Every product of one save must change the same properties.",
    ),
  ),
});
