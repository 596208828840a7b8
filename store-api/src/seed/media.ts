import type { StoreConfig } from "../config.js";
import { removeMediaFiles } from "../media/files.js";
import { storeImage } from "../media/images.js";
import { addVideo } from "../media/videos.js";
import type { SeedMediaNow } from "./parts.js";

/**
 * The seed's way to the store's image pipeline (media/): a picture goes in
 * exactly as a single upload would (checked, resized into the five sizes,
 * last in the product's order), and a video as `POST …/videos` adds it.
 * Should the seed fail, the picture files it wrote are removed with its rows.
 */
export function seedMedia(deps: { config: StoreConfig }): SeedMediaNow {
  const written: string[] = [];
  return {
    later: false,
    addImage: async (tx, productId, picture) => {
      const image = await storeImage(tx, deps.config, productId, picture);
      written.push(...Object.values(image.files));
    },
    addVideo: async (tx, productId, url) => {
      await addVideo(tx, productId, url);
    },
    discard: () => removeMediaFiles(deps.config, written.splice(0)),
  };
}
