"use server";

import * as z from "zod/mini";
import { StoreApiError } from "../store/errors";
import { deleteProduct, productTags, setProductStatus } from "../store/products/api";
import { productStatusLabel, productStatuses } from "../store/products/model";
import { storeAction } from "./action";

// Writes of the product list (components/products/list/). The list is read
// by the page (first render) and by React Query through GET /api/products;
// the editor's writes are in ./product-editor.ts.

const productKey = z.string().check(z.minLength(1), z.maxLength(200));

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
});

export const deleteProductAction = storeAction({
  input: z.object({ key: productKey }),
  invalidates: [productTags.all],
  run: async (store, { key }) => {
    await deleteProduct(store, key);
    return { key };
  },
});
