import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted } from "../../../api/schemas.js";
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  productDetail,
  productDetails,
  updateProduct,
} from "../../../products/products.js";
import {
  createProductBody,
  PAGE_SIZE,
  product,
  productList,
  productListQuery,
  productParams,
  productUpdated,
  updateProductBody,
} from "../../../products/schemas.js";
import { serializeProduct } from "../../../products/serialize.js";

const tags = ["Products"];

/** /api/v1/products and /api/v1/products/:key (docs/contract.md#catalogue-and-settings). */
const productsRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config } = api;
  // Read per request: publicUrl may be settled after the app is built (a port picked at listen).
  const ctx = () => ({ currency: config.currency, publicUrl: config.publicUrl });

  resource(api, "/products", {
    GET: {
      schema: {
        tags,
        summary: "List products",
        description: "By order, then newest first. X-Total-Count carries the number of products.",
        querystring: productListQuery,
        response: { 200: productList, ...apiErrors },
      },
      handler: async (request, reply) => {
        const page = request.query.page ?? 0;
        const size = request.query.count ?? PAGE_SIZE.default;
        const { details, total } = await db.transaction(async (tx) => {
          const { rows, total } = await listProducts(tx, page, size);
          return { details: await productDetails(tx, rows), total };
        });
        reply.header("x-total-count", String(total));
        return details.map((d) => serializeProduct(d, ctx()));
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Create a product",
        description: "The new product goes to `order` (default 1) and the others shift, unless reorder_products=false.",
        body: createProductBody(config.currency),
        response: { 201: product, ...apiErrors },
      },
      handler: async (request, reply) => {
        const detail = await db.transaction(async (tx) => productDetail(tx, await createProduct(tx, request.body)));
        return reply.status(201).send(serializeProduct(detail, ctx()));
      },
    },
  });

  resource(api, "/products/:key", {
    GET: {
      schema: {
        tags,
        summary: "Get a product",
        description: "By key or slug; a product key or slug wins over a category slug.",
        params: productParams,
        response: { 200: product, ...apiErrors },
      },
      handler: async (request) => {
        const detail = await db.transaction(async (tx) => productDetail(tx, await getProduct(tx, request.params.key)));
        return serializeProduct(detail, ctx());
      },
    },
    PUT: {
      schema: {
        tags,
        summary: "Update a product",
        description: "Categories, options, extras, images and videos change through their sub-resources.",
        params: productParams,
        body: updateProductBody(config.currency),
        response: { 200: productUpdated, ...apiErrors },
      },
      handler: async (request) => {
        const detail = await db.transaction(async (tx) =>
          productDetail(tx, await updateProduct(tx, await getProduct(tx, request.params.key), request.body)),
        );
        return [serializeProduct(detail, ctx())];
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a product",
        description: "The other products keep their order.",
        params: productParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        await db.transaction(async (tx) => deleteProduct(tx, await getProduct(tx, request.params.key)));
        return true as const;
      },
    },
  });
};

export default productsRoutes;
