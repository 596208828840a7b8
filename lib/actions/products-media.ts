"use server";

import { StoreApiError, StoreValidationError } from "../store/errors";
import { productTags } from "../store/products/api";
import { addProductVideo, deleteMedia, importProductImages, setMediaOrder } from "../store/products/api-media";
import { addVideoInput, deleteMediaInput, importImagesInput, moveMediaInput } from "../store/products/input-media";
import { storeAction } from "./action";

// Writes of the editor's media section (components/products/media/). Reads go
// through GET /api/products/[key]/media; single-file uploads through the
// streaming route handler POST /api/products/[key]/images/upload, because a
// server action cannot report upload progress.

/** Multiple upload by URL or import-folder path: the ids at once, the images later. */
export const importImagesAction = storeAction({
  input: importImagesInput,
  invalidates: [productTags.all],
  run: async (store, { productKey, sources }) => ({ ids: await importProductImages(store, productKey, sources) }),
});

export const addVideoAction = storeAction({
  input: addVideoInput,
  invalidates: [productTags.all],
  run: async (store, { productKey, url }) => {
    try {
      return await addProductVideo(store, productKey, url);
    } catch (error) {
      // "Any host but YouTube and Vimeo is a 422": said next to the field.
      if (error instanceof StoreValidationError) {
        const message = "The store did not take this address: it adds YouTube and Vimeo videos.";
        throw new StoreApiError({
          status: error.status,
          code: error.code,
          message,
          detail: error.detail,
          fields: { url: message },
        });
      }
      throw error;
    }
  },
});

export const moveMediaAction = storeAction({
  input: moveMediaInput,
  invalidates: [productTags.all],
  run: async (store, { productKey, kind, key, order }) => {
    await setMediaOrder(store, productKey, kind, key, order);
    return { key, order };
  },
});

export const deleteMediaAction = storeAction({
  input: deleteMediaInput,
  invalidates: [productTags.all],
  run: async (store, { productKey, kind, key }) => {
    await deleteMedia(store, productKey, kind, key);
    return { key };
  },
});
