import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nothingAt } from "../api/error-handler.js";
import { NotFoundError } from "../api/errors.js";
import { mediaFileParams, mediaFileResponse, mediaFolderFileParams } from "../media/schemas.js";
import { mediaFile } from "../media/service.js";

/**
 * GET /media/{file}: the stored sizes of images and the videos' thumbnails
 * (docs/contract.md#uploads). A file name is never reused, so it is cached
 * for a year as immutable; the dashboard shows them from another origin.
 */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = async (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const found = await mediaFile(app.db, app.config, name);
    if (!found) throw new NotFoundError(nothingAt(request));
    return reply
      .header("content-type", found.contentType)
      .header("content-length", String(found.size))
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .header("cross-origin-resource-policy", "cross-origin")
      .send(found.body);
  };
  app.get(
    "/media/:file",
    {
      schema: {
        tags: ["Product media"],
        summary: "An image or video thumbnail file",
        description: "The URIs of Image objects and video thumbnails point here. No token needed.",
        params: mediaFileParams,
        response: { 200: mediaFileResponse },
      },
    },
    async (request, reply) => serve(request, reply, request.params.file),
  );
  // An imported image's files are in the folder of the job's claim that made them (media/files.ts).
  app.get(
    "/media/:folder/:file",
    {
      schema: {
        tags: ["Product media"],
        summary: "An imported image's file",
        description: "The URIs of imported images point here. No token needed.",
        params: mediaFolderFileParams,
        response: { 200: mediaFileResponse },
      },
    },
    async (request, reply) => serve(request, reply, `${request.params.folder}/${request.params.file}`),
  );
};

export default mediaRoutes;
