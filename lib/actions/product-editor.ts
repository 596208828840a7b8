"use server";

import type { Failure } from "../failure";
import type { StoreClient } from "../store/client";
import { StoreAuthError, failureFrom } from "../store/errors";
import { deleteProduct, getProduct, productTags } from "../store/products/api";
import type { SavePart } from "../store/products/edit";
import {
  createProduct,
  replaceProductCategories,
  replaceProductItems,
  updateProduct,
} from "../store/products/editor-api";
import { createProductInput, productKeyInput, saveProductInput } from "../store/products/input";
import type { Product } from "../store/products/model";
import { storeAction } from "./action";

// The product editor's writes (components/products/editor). Reads go through
// the pages and GET route handlers (docs/architecture.md#reads-and-writes).

export const createProductAction = storeAction({
  input: createProductInput,
  invalidates: [productTags.all],
  run: async (store, { fields }) => {
    const product = await createProduct(store, fields);
    return { key: product.key, name: product.name };
  },
});

export interface SaveOutcome {
  /** The parts the store took, in the order they were sent. */
  saved: SavePart[];
  /** The part the store refused (or whose answer was lost), when one was. */
  failed: { part: SavePart; failure: Failure } | null;
  /** Parts not sent because an earlier one failed. */
  notSent: SavePart[];
  /** The product as the store holds it after the save; null when the re-read failed. */
  product: Product | null;
}

/**
 * One save of the editor: each changed part to its own endpoint, in the
 * order the plan gives (lib/store/products/edit.ts#savePlan). Each part is
 * its own request (and its own transaction in the store), so a failure
 * after a success is told part by part, and the product is re-read so that
 * the page shows what the store holds. A failure of the first part changed
 * nothing and is answered as a plain failure (its field errors included).
 */
export const saveProductAction = storeAction({
  input: saveProductInput,
  invalidates: [productTags.all],
  run: async (store, input): Promise<SaveOutcome> => {
    const saved: SavePart[] = [];
    const send: Record<SavePart, (s: StoreClient) => Promise<unknown>> = {
      product: (s) => updateProduct(s, input.key, input.product ?? {}),
      options: (s) => replaceProductItems(s, input.key, "options", input.options ?? []),
      extras: (s) => replaceProductItems(s, input.key, "extras", input.extras ?? []),
      categories: (s) => replaceProductCategories(s, input.key, input.categories ?? []),
    };
    const order = input.order.filter((part, i) => input.order.indexOf(part) === i && input[part] !== undefined);
    for (const [index, part] of order.entries()) {
      try {
        await send[part](store);
        saved.push(part);
      } catch (error) {
        if (!saved.length || error instanceof StoreAuthError) throw error;
        return {
          saved,
          failed: { part, failure: failureFrom(error, { where: `action saveProduct ${part}` }) },
          notSent: order.slice(index + 1),
          product: await getProduct(store, input.key).catch(() => null),
        };
      }
    }
    return { saved, failed: null, notSent: [], product: await getProduct(store, input.key).catch(() => null) };
  },
});

export const deleteProductAction = storeAction({
  input: productKeyInput,
  invalidates: [productTags.all],
  run: async (store, { key }) => {
    await deleteProduct(store, key);
    return { key };
  },
});
