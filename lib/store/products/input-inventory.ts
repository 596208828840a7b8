import * as zm from "zod/mini";
import { productKey } from "./input";
import { stockSaveLimits } from "./model-inventory";

/** The inventory's save (lib/actions/products-inventory.ts): what the browser may send. */

const itemKey = zm.string().check(zm.minLength(1), zm.maxLength(stockSaveLimits.keyLength));

/**
 * 1 to stockSaveLimits.writes stock writes, each an option or extra of a
 * product and its new quantity: a whole number from 0, or -1 (unlimited).
 */
export const stockSaveInput = zm.object({
  writes: zm
    .array(
      zm.object({
        row: zm.string().check(zm.minLength(1), zm.maxLength(1000)),
        product: productKey,
        kind: zm.enum(["option", "extra"]),
        item: itemKey,
        quantity: zm.number().check(zm.int(), zm.gte(-1), zm.lte(2_147_483_647)),
      }),
    )
    .check(zm.minLength(1), zm.maxLength(stockSaveLimits.writes)),
});
