import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FAVICON_SVG } from "../pages/style.generated.js";

/**
 * GET /favicon.svg, which the store's pages name in their <head>, and
 * GET /favicon.ico, which browsers ask for on any other page of the store
 * (/docs, a JSON answer opened in a tab): the logo mark, as SVG, so that no
 * page of the store logs a failed load. Outside the pages scope: cached for a
 * day, not `no-store`. Not part of the API, so not in its reference.
 */
const faviconRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ["/favicon.svg", "/favicon.ico"]) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .send(FAVICON_SVG),
    );
  }
};

export default faviconRoutes;
