import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { html, page, sendPage } from "../pages/html.js";
import { htmlPage } from "../pages/schemas.js";

/** GET /: what this server is, for a person who opens its address. */
const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeName } = app.config;
  const document = page({
    title: "Store API",
    storeName,
    body: html`<h1>Store API</h1>
      <p>
        This is the Store Management API of ${storeName}. Applications use it under <code>/api/v1</code>, authorized
        through OAuth 2.0 at <code>/oauth2/authorize</code>. Its reference is at <a href="/docs">/docs</a>.
      </p>`,
  });
  app.get(
    "/",
    {
      schema: { tags: ["Store"], summary: "About this store", response: { 200: htmlPage("A page naming the store.") } },
    },
    async (_request, reply) => sendPage(reply, 200, document),
  );
};

export default homeRoutes;
