import * as z from "zod/mini";
import { productKey } from "./input";
import { maxImportUrls, sourceProblem } from "./model-media";

/**
 * What a person may send about a product's media: one schema per server
 * action (lib/actions/products-media.ts), also usable by the forms. zod/mini
 * keeps the browser's JavaScript small.
 */

const itemKey = z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[^/?#]+$/, "Not a media key."));
const kind = z.enum(["image", "video"]);

export const importImagesInput = z.object({
  productKey,
  sources: z.array(z.string()).check(
    z.minLength(1, "Enter the address of at least one image."),
    z.maxLength(maxImportUrls, `Enter at most ${maxImportUrls} addresses at once.`),
    z.refine(
      (sources) => sources.every((source) => source.trim() === source && sourceProblem(source) === null),
      "Each address must start with https:// (or name an image file in the store's import folder).",
    ),
  ),
});
export type ImportImagesInput = z.input<typeof importImagesInput>;

const importId = z.string().check(z.regex(/^[0-9a-f]{24}$/, "Not an import."));

export const dismissImportInput = z.object({ productKey, importId });
export type DismissImportInput = z.input<typeof dismissImportInput>;

/** The images just uploaded, in the order they were chosen (to put them in that order). */
export const arrangeImagesInput = z.object({
  productKey,
  keys: z.array(itemKey).check(z.minLength(2), z.maxLength(100)),
});
export type ArrangeImagesInput = z.input<typeof arrangeImagesInput>;

export const addVideoInput = z.object({
  productKey,
  url: z.string().check(
    z.trim(),
    z.minLength(1, "Enter the address of a YouTube or Vimeo video."),
    z.maxLength(2048, "That address is too long."),
    // Only the shape: which hosts and forms it takes is the store's call.
    z.refine((url) => /^https?:\/\/\S+$/i.test(url), "Enter the address of a YouTube or Vimeo video."),
  ),
});
export type AddVideoInput = z.input<typeof addVideoInput>;

export const moveMediaInput = z.object({
  productKey,
  kind,
  key: itemKey,
  /** The new one-based position in the shared sequence. */
  order: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)),
});
export type MoveMediaInput = z.input<typeof moveMediaInput>;

export const deleteMediaInput = z.object({ productKey, kind, key: itemKey });
export type DeleteMediaInput = z.input<typeof deleteMediaInput>;
