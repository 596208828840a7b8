import { z } from "zod";
import { formBoolean, jsonField } from "../api/input.js";
import { MAX_IMPORTS } from "./imports.js";

/**
 * What the images and videos sub-resources take (docs/contract.md#uploads): the upload's and the
 * imports' fields (and the img_keys an import answers), a move's `order`, a video's URL; and the
 * /media/ files' paths. The sub-resources' paths and answers, below a product's, are
 * products/media-schemas.ts's.
 */

export const imageIds = z
  .array(z.string())
  .meta({ description: "The img_keys the images will have, in the order given; they are imported in the background." });

/** "" and null are absent, a form string or a JSON body alike. */
function body<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.preprocess((value) => {
    if (value == null || value === "") return {};
    if (typeof value !== "object" || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== "" && v !== undefined));
  }, z.object(shape));
}

export const callbackOptions = z.object(
  {
    url: z.string({ error: "must have a url" }).trim().min(1, { error: "must have a url" }),
    on_success: formBoolean.optional(),
  },
  { error: "must be a JSON dictionary {url, on_success}" },
);

export const uploadImagesBody = body({
  image: z
    .unknown()
    .refine(() => false, { error: "must be a file (send multipart/form-data)" })
    .optional()
    .meta({ description: "The image file (multipart/form-data): JPEG, PNG, WebP, GIF or AVIF, at most 20 MB." }),
  images: jsonField(
    z
      .array(
        z
          .string({ error: "must list URLs and paths as strings" })
          .trim()
          .min(1, { error: "must not hold an empty entry" })
          .max(2000, { error: "entries must be at most 2000 characters" }),
        { error: "must be a JSON list of URLs and paths" },
      )
      .min(1, { error: "must list at least one image" })
      .max(MAX_IMPORTS, { error: `may list at most ${MAX_IMPORTS} images` }),
  )
    .optional()
    .meta({
      description:
        "JSON list of http(s) URLs and paths inside the store's import folder. Answers at once with the future img_keys.",
    }),
  callback_options: jsonField(callbackOptions).optional().meta({
    description:
      'JSON {"url", "on_success"}: one JSON POST to url once every image is done, with success (Image list) and error (img_key → message); on_success false: only when something failed.',
  }),
});

export type UploadImagesInput = z.output<typeof uploadImagesBody>;

const position = z.unknown().transform((value, ctx) => {
  const n = typeof value === "string" && /^\s*-?\d{1,10}\s*$/.test(value) ? Number(value) : value;
  if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647) return n;
  ctx.addIssue({ code: "custom", message: "must be a whole number from 1", input: value });
  return z.NEVER;
});

/** PUT of an image or video: `order` only; any other field is a 422 naming it. */
export const orderBody = z.preprocess(
  (value) => (value == null || value === "" ? {} : value),
  z
    .looseObject({ order: position.meta({ description: "The new position (1..count); the others shift." }) })
    .superRefine((fields, ctx) => {
      if (fields.order === undefined) ctx.addIssue({ code: "custom", path: ["order"], message: "is required" });
      for (const name of Object.keys(fields)) {
        if (name !== "order")
          ctx.addIssue({ code: "custom", path: [name], message: "cannot be changed: send order only" });
      }
    }),
);

export const addVideoBody = body({
  video: z
    .string({ error: "must be a URL" })
    .trim()
    .min(1, { error: "is required" })
    .max(2000, { error: "must be at most 2000 characters" })
    .meta({ description: "The URL of a YouTube or Vimeo video, in any of the usual forms." }),
});

export const mediaFileParams = z.object({
  file: z.string().meta({ description: "The file name, as in an Image URI or a video's thumb_url." }),
});

export const mediaFolderFileParams = z.object({
  folder: z.string().meta({ description: "The folder of an imported image's files, as in its Image URIs." }),
  file: z.string().meta({ description: "The file name, as in an Image URI." }),
});

export const mediaFileResponse = z.unknown().meta({ description: "The file (image/jpeg or image/webp)." });
