"use server";

import type { Failure } from "../failure";
import type { StoreClient } from "../store/client";
import { StoreApiError, StoreAuthError, failureFrom } from "../store/errors";
import {
  createProduct,
  deleteProduct,
  getProduct,
  productTags,
  replaceProductCategories,
  replaceProductItems,
  setProductStatus,
  updateProduct,
} from "../store/products/api";
import type { SavePart } from "../store/products/edit";
import { createProductInput, productKey, productKeyInput, saveProductInput } from "../store/products/input";
import { type Product, productStatusLabel, productStatuses } from "../store/products/model";
import * as z from "zod/mini";
import { storeAction } from "./action";

// The products' writes: the list's (components/products/list/) and the
// editor's (components/products/editor/). Reads go through the pages and GET
// route handlers (docs/architecture.md#reads-and-writes); the media's writes
// are in ./products-media.ts, the bulk grid's in ./products-bulk.ts.

/** Quick status change from the list. */
export const setProductStatusAction = storeAction({
  input: z.object({ key: productKey, status: z.enum(productStatuses) }),
  invalidates: [productTags.all],
  run: async (store, { key, status }) => {
    const product = await setProductStatus(store, key, status);
    // A store that answers without taking the change must not look as if it had.
    if (product.status !== status) {
      throw new StoreApiError({
        status: 422,
        code: "not_supported",
        message: `The store kept “${product.name}” ${productStatusLabel(product.status).toLowerCase()}.`,
      });
    }
    return product;
  },
  catalogue: ({ key }) => ({ reread: [key] }),
});

export const createProductAction = storeAction({
  input: createProductInput,
  invalidates: [productTags.all],
  run: async (store, { fields }) => {
    const product = await createProduct(store, fields);
    return { key: product.key, name: product.name };
  },
  catalogue: (_input, { key }) => ({ reread: [key] }),
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
  catalogue: ({ key }) => ({ reread: [key] }),
});

export const deleteProductAction = storeAction({
  input: productKeyInput,
  invalidates: [productTags.all],
  run: async (store, { key }) => {
    await deleteProduct(store, key);
    return { key };
  },
  catalogue: ({ key }) => ({ remove: [key] }),
});
