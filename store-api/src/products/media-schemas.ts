import { z } from "zod";
import { imageSizes, productParams } from "./schemas.js";

/**
 * The images and videos sub-resources of a product (docs/contract.md#uploads): their paths and
 * their answers. What they take is media/schemas.ts's.
 */

export const imageParams = productParams.extend({
  img_key: z.string().meta({ description: "The image key: an image URI's file name without `-{size}.{ext}`." }),
});

export const videoParams = productParams.extend({
  video_key: z.string().meta({ description: "The video's id on its host." }),
});

const extension = (description: string) => ({ description: `Extension: ${description}`, "x-store-extension": true });

const orderOut = z
  .number()
  .int()
  .meta(extension("the position in the product's one sequence of images and videos (1..count)."));

export const imageObject = imageSizes.meta({
  description: "An Image: five URIs by size (longest edge tiny 64, small 160, medium 480, large 1024, huge 2048 px).",
});

export const imageWithOrder = imageSizes
  .extend({ order: orderOut })
  .meta({ description: "An Image, with its position (an extension)." });

export const imageList = z.array(imageWithOrder).meta({ description: "The product's images, in order." });

export const videoObject = z
  .object({
    id: z.string().meta({ description: "The video's id on its host: the video_key." }),
    type: z.enum(["youtube", "vimeo"]),
    url: z.string().meta({ description: "The URL as given." }),
    thumb_url: z
      .string()
      .meta({ description: "The thumbnail's URL with {size} for tiny, small, medium, large or huge." }),
    order: orderOut,
  })
  .meta({ description: "A Video." });

export const videoList = z.array(videoObject).meta({ description: "The product's videos, in order." });
