import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parseInput } from "../../../api/input.js";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted } from "../../../api/schemas.js";
import { removeTmp } from "../../../media/files.js";
import { getMedia, listMedia, moveMedia } from "../../../media/images.js";
import { addVideoBody, imageIds, orderBody, uploadImagesBody } from "../../../media/schemas.js";
import { serializeImage, serializeImageWithOrder, serializeVideo } from "../../../media/serialize.js";
import { assertOneKindOfUpload, importImages } from "../../../media/service.js";
import { readImageUpload } from "../../../media/upload.js";
import { addVideo } from "../../../media/videos.js";
import { addUploadedImage, removeMedia } from "../../../products/media.js";
import {
  imageList,
  imageObject,
  imageParams,
  imageWithOrder,
  videoList,
  videoObject,
  videoParams,
} from "../../../products/media-schemas.js";
import { getProduct } from "../../../products/products.js";
import { productParams } from "../../../products/schemas.js";
import { mediaBaseUrl } from "../../../media/storage.js";

const tags = ["Product media"];

/**
 * /api/v1/products/{key}/images and /videos (docs/contract.md#uploads):
 * images and videos share one `order` per product.
 */
const productMediaRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config } = api;

  resource(api, "/products/:key/images", {
    GET: {
      schema: {
        tags,
        summary: "List a product's images",
        description: "In the product's order (shared with its videos).",
        params: productParams,
        response: { 200: imageList, ...apiErrors },
      },
      handler: async (request) => {
        const items = await db.transaction(async (tx) =>
          listMedia(tx, (await getProduct(tx, request.params.key)).id, "image"),
        );
        return items.map((item) => serializeImageWithOrder(item, mediaBaseUrl(config)));
      },
    },
    POST: {
      config: { streamsFiles: true },
      schema: {
        tags,
        summary: "Upload an image, or import several",
        description:
          "Either `image`, one file (multipart/form-data, at most 20 MB; JPEG, PNG, WebP, GIF or AVIF, checked by its content): " +
          "answers 201 with the Image, stored in five sizes and last in the order. " +
          "Or `images`, a JSON list of http(s) URLs and paths inside the import folder, with optional `callback_options`: " +
          "answers 202 at once with the img_keys to come; durable jobs import them, then the callback is POSTed.",
        params: productParams,
        body: uploadImagesBody,
        response: { 201: imageObject, 202: imageIds, ...apiErrors },
      },
      handler: async (request, reply) => {
        // 404 before reading an upload for a product that is not there.
        await getProduct(db, request.params.key);
        let input = request.body;
        if (request.isMultipart()) {
          const upload = await readImageUpload(request, config);
          try {
            input = parseInput(uploadImagesBody, upload.fields);
            assertOneKindOfUpload(upload.file !== null, input);
          } catch (err) {
            await removeTmp(upload.file ?? undefined);
            throw err;
          }
          if (upload.file) {
            const item = await addUploadedImage(db, config, request.params.key, upload.file);
            return reply.status(201).send(serializeImage(item, mediaBaseUrl(config)));
          }
        }
        const ids = await db.transaction(async (tx) =>
          importImages(tx, config, (await getProduct(tx, request.params.key)).id, input),
        );
        api.jobs.wake();
        return reply.status(202).send(ids);
      },
    },
  });

  resource(api, "/products/:key/images/:img_key", {
    GET: {
      schema: { tags, summary: "Get an image", params: imageParams, response: { 200: imageWithOrder, ...apiErrors } },
      handler: async (request) => {
        const item = await db.transaction(async (tx) =>
          getMedia(tx, (await getProduct(tx, request.params.key)).id, "image", request.params.img_key),
        );
        return serializeImageWithOrder(item, mediaBaseUrl(config));
      },
    },
    PUT: {
      schema: {
        tags,
        summary: "Move an image",
        description: "`order` only: the image moves to that position and the images and videos between shift.",
        params: imageParams,
        body: orderBody,
        response: { 200: deleted.meta({ description: "Moved." }), ...apiErrors },
      },
      handler: async (request) => {
        await db.transaction(async (tx) => {
          const item = await getMedia(
            tx,
            (await getProduct(tx, request.params.key)).id,
            "image",
            request.params.img_key,
          );
          await moveMedia(tx, item, request.body.order);
        });
        return true as const;
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete an image",
        description: "The images and videos after it move up one.",
        params: imageParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        await removeMedia(db, config, request.params.key, "image", request.params.img_key);
        return true as const;
      },
    },
  });

  resource(api, "/products/:key/videos", {
    GET: {
      schema: {
        tags,
        summary: "List a product's videos",
        description: "In the product's order (shared with its images).",
        params: productParams,
        response: { 200: videoList, ...apiErrors },
      },
      handler: async (request) => {
        const items = await db.transaction(async (tx) =>
          listMedia(tx, (await getProduct(tx, request.params.key)).id, "video"),
        );
        return items.map((item) => serializeVideo(item, mediaBaseUrl(config)));
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Add a video",
        description: "A YouTube or Vimeo URL (any other host is a 422); the video goes last in the order.",
        params: productParams,
        body: addVideoBody,
        response: { 201: videoObject, ...apiErrors },
      },
      handler: async (request, reply) => {
        const item = await db.transaction(async (tx) =>
          addVideo(tx, (await getProduct(tx, request.params.key)).id, request.body.video),
        );
        return reply.status(201).send(serializeVideo(item, mediaBaseUrl(config)));
      },
    },
  });

  resource(api, "/products/:key/videos/:video_key", {
    GET: {
      schema: { tags, summary: "Get a video", params: videoParams, response: { 200: videoObject, ...apiErrors } },
      handler: async (request) => {
        const item = await db.transaction(async (tx) =>
          getMedia(tx, (await getProduct(tx, request.params.key)).id, "video", request.params.video_key),
        );
        return serializeVideo(item, mediaBaseUrl(config));
      },
    },
    PUT: {
      schema: {
        tags,
        summary: "Move a video",
        description: "`order` only: the video moves to that position and the images and videos between shift.",
        params: videoParams,
        body: orderBody,
        response: { 200: videoObject, ...apiErrors },
      },
      handler: async (request) => {
        const item = await db.transaction(async (tx) => {
          const found = await getMedia(
            tx,
            (await getProduct(tx, request.params.key)).id,
            "video",
            request.params.video_key,
          );
          return { ...found, ...(await moveMedia(tx, found, request.body.order)) };
        });
        return serializeVideo(item, mediaBaseUrl(config));
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a video",
        description: "The images and videos after it move up one.",
        params: videoParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        await removeMedia(db, config, request.params.key, "video", request.params.video_key);
        return true as const;
      },
    },
  });
};

export default productMediaRoutes;
