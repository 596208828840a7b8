import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedRead } from "../../../api/cached-read.js";
import { NotFoundError } from "../../../api/errors.js";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted } from "../../../api/schemas.js";
import {
  createProduct,
  deleteProduct,
  findProduct,
  getProduct,
  listProducts,
  productDetail,
  productDetails,
  updateProduct,
} from "../../../products/products.js";
import {
  createProductBody,
  multiUpdateBody,
  PAGE_SIZE,
  product,
  productList,
  productParams,
  productsChanged,
  productUpdated,
  updateProductBody,
} from "../../../products/schemas.js";
import { findCategory, listCategoryProducts, productOrCategoryProducts } from "../../../products/categories.js";
import { applyMultiChanges, checkMultiInput } from "../../../products/multi.js";
import { serializeProduct } from "../../../products/serialize.js";
import { productSearchQuery, productSearchWords, searchHeaders, searchProducts } from "../../../products/search.js";
import { catalogueTag, conditionalHeaders, sendNotModified } from "../../../products/catalogue-version.js";
import {
  catalogueChanges,
  catalogueChangesBody,
  changesQuery,
  MOST_CHANGED,
  SNAPSHOT,
} from "../../../products/changes.js";
import { addProductMedia, productFiles, removeProductFiles } from "../../../media/service.js";
import { mediaBaseUrl } from "../../../media/storage.js";

const tags = ["Products"];
/** A page of products shares a few groups, each one object: checked and written once a page (api/list-json.ts). */
const PRODUCT_GROUPS = ["shipping_group", "tax_group"];

/** /api/v1/products and /api/v1/products/:key (docs/contract.md#catalogue-and-settings). */
const productsRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config } = api;
  // Read per request: publicUrl may be settled after the app is built (a port picked at listen).
  const ctx = () => ({ currency: config.currency, publicUrl: config.publicUrl, mediaBase: mediaBaseUrl(config) });

  resource(api, "/products", {
    GET: {
      schema: {
        tags,
        summary: "List products",
        description:
          "By order, then newest first. X-Total-Count carries the number of products. Extensions " +
          "(docs/contract.md#extensions): `q` searches; an ETag made of the catalogue's version, If-None-Match → 304.",
        querystring: productSearchQuery,
        headers: conditionalHeaders,
        response: { 200: productList, ...apiErrors },
      },
      handler: async (request, reply) => {
        const tag = await catalogueTag(db, request, ctx());
        if (sendNotModified(request, reply, tag)) return reply;
        return cachedRead(
          request,
          reply,
          productList,
          async () => {
            const page = request.query.page ?? 0;
            const size = request.query.count ?? PAGE_SIZE.default;
            const words = productSearchWords(request.query.q);
            const { details, total } = await db.transaction(async (tx) => {
              const { rows, total } = words
                ? await searchProducts(tx, words, page, size)
                : await listProducts(tx, page, size);
              return { details: await productDetails(tx, rows), total };
            });
            return {
              body: details.map((d) => serializeProduct(d, ctx())),
              total,
              headers: { ...tag.headers, ...searchHeaders(words) },
            };
          },
          PRODUCT_GROUPS,
          tag.version,
        );
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
        let imports = false;
        const detail = await db.transaction(async (tx) => {
          const row = await createProduct(tx, request.body);
          imports = await addProductMedia(tx, config, row.id, request.body);
          return productDetail(tx, row);
        });
        if (imports) api.jobs.wake();
        return reply.status(201).send(serializeProduct(detail, ctx()));
      },
    },
  });

  resource(api, "/products_changes", {
    GET: {
      schema: {
        tags,
        summary: "The catalogue's changes since a version",
        description:
          "Extension (docs/contract.md#extensions): the products whose JSON changed after the catalogue's version " +
          "`since` (an `X-Catalogue-Version` the client read), whole and in the list's order, and the keys of " +
          "those deleted since, with the version they bring the client to; read in one snapshot. `complete` is " +
          "false, with nothing listed, when the store does not know the changes from that version (a change " +
          `that moved every product, such as a seed) or more than ${MOST_CHANGED} products changed: then read ` +
          "the list again. A shift of the list's order (a product created at a place, or moved far) is told as " +
          "one line in `shifts` to a client that asks with `shifts=1`; a change of a shipping or tax group (its " +
          "name, options or rules) or of a category's name, as one line in `parts` to a client that asks with " +
          "`parts=1`. Either makes the answer incomplete for a client that does not ask. A store without the " +
          "extension answers 404.",
        "x-store-extension": true,
        querystring: changesQuery,
        response: { 200: catalogueChangesBody, ...apiErrors },
      },
      handler: async (request) => {
        const { since, shifts, parts } = request.query;
        const asked = { shifts: shifts === "1", parts: parts === "1" };
        const changes = await db.transaction((tx) => catalogueChanges(tx, since, asked), SNAPSHOT);
        return {
          since: changes.since,
          version: changes.version,
          complete: changes.complete,
          products: changes.details.map((d) => serializeProduct(d, ctx())),
          removed: changes.removed,
          ...(changes.shifts ? { shifts: changes.shifts } : {}),
          ...(changes.parts ? { parts: changes.parts } : {}),
        };
      },
    },
  });

  resource(api, "/products_multi", {
    PUT: {
      schema: {
        tags,
        summary: "Update many products",
        description:
          "All or nothing, in one transaction: every product is checked first. Every product carries the same " +
          "properties, any a product PUT writes. `order` is set as given and the other products do not shift " +
          "(a store-wide reorder). Answers only the products that changed.",
        body: multiUpdateBody,
        response: { 200: productsChanged, ...apiErrors },
      },
      handler: async (request) => {
        const changes = checkMultiInput(request.body.products, config.currency);
        const details = await db.transaction(async (tx) => productDetails(tx, await applyMultiChanges(tx, changes)));
        return details.map((d) => serializeProduct(d, ctx()));
      },
    },
  });

  resource(api, "/products/:key", {
    GET: {
      schema: {
        tags,
        summary: "Get a product, or list a category's products",
        description:
          "By key or slug: the Product. Otherwise, when a category has this slug, a page of its products (a list, in the products list's order, with X-Total-Count; page and count as for the list). A product key or slug wins over a category slug.",
        params: productParams,
        querystring: productSearchQuery,
        headers: conditionalHeaders,
        response: {
          200: productOrCategoryProducts,
          ...apiErrors,
        },
      },
      handler: async (request, reply) => {
        const tag = await catalogueTag(db, request, ctx());
        if (sendNotModified(request, reply, tag)) return reply;
        return cachedRead(
          request,
          reply,
          productOrCategoryProducts,
          async () => {
            const { key } = request.params;
            const words = productSearchWords(request.query.q);
            const found = await db.transaction(async (tx) => {
              const row = await findProduct(tx, key);
              if (row) return { kind: "product" as const, detail: await productDetail(tx, row) };
              const category = await findCategory(tx, key);
              if (!category) {
                throw new NotFoundError(`There is no product or category with the key or slug "${key.slice(0, 100)}".`);
              }
              const page = request.query.page ?? 0;
              const size = request.query.count ?? PAGE_SIZE.default;
              const { rows, total } = words
                ? await searchProducts(tx, words, page, size, category.id)
                : await listCategoryProducts(tx, category.id, page, size);
              return { kind: "category" as const, list: await productDetails(tx, rows), total };
            });
            if (found.kind === "product") return { body: serializeProduct(found.detail, ctx()), headers: tag.headers };
            const headers = { ...tag.headers, ...searchHeaders(words) };
            return { body: found.list.map((d) => serializeProduct(d, ctx())), total: found.total, headers };
          },
          [],
          tag.version,
        );
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
        const files = await db.transaction(async (tx) => {
          const current = await getProduct(tx, request.params.key);
          const owned = await productFiles(tx, current.id);
          await deleteProduct(tx, current);
          return owned;
        });
        // Its image files go once the deletion has committed (docs/contract.md#uploads).
        await removeProductFiles(db, config, files);
        return true as const;
      },
    },
  });
};

export default productsRoutes;
