"use server";

import { getEnv } from "../env";
import { signedOutFailure } from "../failure";
import { abandonImport, beginImport, dismissImport, importSent, importsOf, sessionOwner } from "../image-imports";
import { getSessionToken } from "../session";
import { StoreApiError, StoreAuthError, StoreValidationError } from "../store/errors";
import { productTags } from "../store/products/api";
import {
  addProductVideo,
  deleteMedia,
  getProductMedia,
  importProductImages,
  importRefusal,
  setMediaOrder,
} from "../store/products/api-media";
import {
  addVideoInput,
  arrangeImagesInput,
  deleteMediaInput,
  dismissImportInput,
  importImagesInput,
  moveMediaInput,
} from "../store/products/input-media";
import { arrangeMoves, type ImportStarted, mergeMedia } from "../store/products/model-media";
import { storeAction } from "./action";

// Writes of the editor's media section (components/products/media/). Reads go
// through GET /api/products/[key]/media; single-file uploads through the
// streaming route handler POST /api/products/[key]/images/upload, because a
// server action cannot report upload progress.

/**
 * Multiple upload by URL or import-folder path: the ids at once, the images
 * later. The store reports back to /api/import-callback/<token>
 * (lib/image-imports.ts) when it can reach the dashboard; the import is kept
 * for this session so that its status outlives a reload. Lines the store
 * refuses at once (a 422 naming their entries: nothing was added) come back
 * with its reason, and the others are sent again without them; a store that
 * refuses the callback's address gets the request without one.
 */
export const importImagesAction = storeAction({
  input: importImagesInput,
  invalidates: [productTags.all],
  run: async (store, { productKey, sources }): Promise<ImportStarted> => {
    const session = await getSessionToken();
    if (!session)
      throw new StoreAuthError({ status: 401, code: signedOutFailure.code, message: signedOutFailure.error });
    const { record, token } = beginImport(sessionOwner(session.accessToken), productKey);
    const callbackUrl = `${getEnv().NEXTAUTH_URL}/api/import-callback/${token}`;
    let toSend = [...sources];
    let callback = true;
    const refused: ImportStarted["refused"] = [];
    try {
      // At most: once as asked, once without the refused lines, once without the callback.
      for (let attempt = 0; ; attempt++) {
        try {
          const ids = await importProductImages(store, productKey, toSend, callback ? { callbackUrl } : {});
          importSent(record, { sources: toSend, ids, callback });
          const [view] = importsOf(record.owner, productKey).filter((i) => i.id === record.id);
          return { import: view ?? null, refused };
        } catch (error) {
          const refusal = attempt < 3 ? importRefusal(error) : null;
          if (!refusal) throw error;
          if (refusal.whole !== null) {
            const message = `The store refused these addresses: ${refusal.whole}`;
            throw new StoreApiError({ status: 422, code: "validation_failed", message, fields: { sources: message } });
          }
          const named = new Map(refusal.entries.map((e) => [e.index - 1, e.reason]));
          if (named.size === 0 && !(refusal.callback && callback)) throw error;
          for (const [index, reason] of named) {
            const source = toSend[index];
            if (source !== undefined) refused.push({ source, reason: `the store refused it: ${reason}` });
          }
          toSend = toSend.filter((_, index) => !named.has(index));
          if (refusal.callback) callback = false;
          if (!toSend.length) {
            abandonImport(record);
            return { import: null, refused };
          }
        }
      }
    } catch (error) {
      abandonImport(record);
      throw error;
    }
  },
});

/** The person dismissed an import's status: it no longer shows, here or after a reload. */
export const dismissImportAction = storeAction({
  input: dismissImportInput,
  invalidates: [],
  run: async (_store, { importId }) => {
    const session = await getSessionToken();
    if (session) dismissImport(sessionOwner(session.accessToken), importId);
    return { importId };
  },
});

/**
 * Images uploaded together, put in the order they were chosen: each went
 * last as its upload finished, in whatever order that was. Reads the
 * product's media and applies the moves of arrangeMoves, one `PUT order` at a
 * time (docs/contract.md#uploads).
 */
export const arrangeImagesAction = storeAction({
  input: arrangeImagesInput,
  invalidates: [productTags.all],
  run: async (store, { productKey, keys }) => {
    const moves = arrangeMoves(mergeMedia(await getProductMedia(store, productKey)), keys);
    for (const move of moves) await setMediaOrder(store, productKey, move.kind, move.key, move.order);
    return { moved: moves.length };
  },
  // The first image is the product's picture in the catalogue (lists, search, grids).
  catalogue: ({ productKey }) => ({ reread: [productKey] }),
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
  // The first image is the product's picture in the catalogue (lists, search, grids).
  catalogue: ({ productKey }) => ({ reread: [productKey] }),
});

export const deleteMediaAction = storeAction({
  input: deleteMediaInput,
  invalidates: [productTags.all],
  run: async (store, { productKey, kind, key }) => {
    await deleteMedia(store, productKey, kind, key);
    return { key };
  },
  // The first image is the product's picture in the catalogue (lists, search, grids).
  catalogue: ({ productKey }) => ({ reread: [productKey] }),
});
