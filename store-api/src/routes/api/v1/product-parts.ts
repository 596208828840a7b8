import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted } from "../../../api/schemas.js";
import {
  getProductCategory,
  listProductCategories,
  productCategory,
  productCategoryList,
  productCategoryParams,
  removeProductCategory,
  replaceCategoriesBody,
  replaceProductCategories,
} from "../../../products/categories.js";
import {
  deleteExtra,
  extraList,
  extraParams,
  getExtra,
  listExtras,
  replaceExtras,
  replaceExtrasBody,
  updateExtra,
} from "../../../products/extras.js";
import { singleExtraBody, singleOptionBody } from "../../../products/items.js";
import {
  deleteOption,
  getOption,
  listOptions,
  optionList,
  optionParams,
  optionsReplaced,
  optionUpdated,
  replaceOptions,
  replaceOptionsBody,
  updateOption,
} from "../../../products/options.js";
import { lockProduct } from "../../../products/parts.js";
import { getProduct } from "../../../products/products.js";
import { productExtra, productOption, productParams } from "../../../products/schemas.js";
import { serializeExtra, serializeOption } from "../../../products/serialize.js";

const tags = ["Products"];

/**
 * A product's categories, options and extras (docs/contract.md#catalogue-and-settings).
 * Each request is one transaction; a write locks the product first, so that
 * two replace-alls of one product take turns, and bumps its `modified`.
 */
const productPartsRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config } = api;
  const currency = config.currency;

  resource(api, "/products/:key/categories", {
    GET: {
      schema: {
        tags,
        summary: "List a product's categories",
        params: productParams,
        response: { 200: productCategoryList, ...apiErrors },
      },
      handler: async (request) =>
        db.transaction(async (tx) => listProductCategories(tx, await getProduct(tx, request.params.key))),
    },
    POST: {
      schema: {
        tags,
        summary: "Replace a product's categories",
        description:
          "Replaces the whole set: new names create categories (matched without case, unique slugs), names left out are removed; an empty value removes all and answers [].",
        params: productParams,
        body: replaceCategoriesBody,
        response: { 200: productCategoryList, ...apiErrors },
      },
      handler: async (request) =>
        db.transaction(async (tx) =>
          replaceProductCategories(tx, await lockProduct(tx, request.params.key), request.body.categories),
        ),
    },
  });

  resource(api, "/products/:key/categories/:category_slug", {
    GET: {
      schema: {
        tags,
        summary: "Get one of a product's categories",
        description: "A 404 when the product is not in the category.",
        params: productCategoryParams,
        response: { 200: productCategory, ...apiErrors },
      },
      handler: async (request) =>
        db.transaction(async (tx) =>
          getProductCategory(tx, await getProduct(tx, request.params.key), request.params.category_slug),
        ),
    },
    DELETE: {
      schema: {
        tags,
        summary: "Take a product out of a category",
        description: "The category itself stays (other products may be in it).",
        params: productCategoryParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        await db.transaction(async (tx) =>
          removeProductCategory(tx, await lockProduct(tx, request.params.key), request.params.category_slug),
        );
        return true as const;
      },
    },
  });

  resource(api, "/products/:key/options", {
    GET: {
      schema: {
        tags,
        summary: "List a product's options",
        description: "A product without options has exactly one: its default option.",
        params: productParams,
        response: { 200: optionList, ...apiErrors },
      },
      handler: async (request) => {
        const rows = await db.transaction(async (tx) => listOptions(tx, await getProduct(tx, request.params.key)));
        return rows.map((o) => serializeOption(o, currency));
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Replace a product's options",
        description:
          "Replaces the whole set, all or nothing: an item with the id of one of this product's options updates it, an item without an id creates one, the options left out are deleted; an id that is not this product's is a 422. Answers every option; an empty value deletes them all and answers the default option (an object).",
        params: productParams,
        body: replaceOptionsBody(currency),
        response: {
          200: optionsReplaced,
          ...apiErrors,
        },
      },
      handler: async (request) => {
        const rows = await db.transaction(async (tx) =>
          replaceOptions(tx, await lockProduct(tx, request.params.key), request.body.options),
        );
        const options = rows.map((o) => serializeOption(o, currency));
        // The Store Management API specification: "the response is then the default option"
        // (docs/contract.md#catalogue-and-settings).
        return request.body.options.length === 0 && options[0] ? options[0] : options;
      },
    },
  });

  resource(api, "/products/:key/options/:option_key", {
    GET: {
      schema: {
        tags,
        summary: "Get a product option",
        params: optionParams,
        response: { 200: productOption, ...apiErrors },
      },
      handler: async (request) => {
        const { key, option_key } = request.params;
        const row = await db.transaction(async (tx) => getOption(tx, await getProduct(tx, key), option_key));
        return serializeOption(row, currency);
      },
    },
    PUT: {
      schema: {
        tags,
        summary: "Update a product option",
        description:
          "Takes surcharge, quantity, cost, weight and fetch_sku only (any other field is a 422); metadata changes through the options POST.",
        params: optionParams,
        body: singleOptionBody(currency),
        response: {
          200: optionUpdated,
          ...apiErrors,
        },
      },
      handler: async (request) => {
        const { key, option_key } = request.params;
        const row = await db.transaction(async (tx) =>
          updateOption(tx, await lockProduct(tx, key), option_key, request.body),
        );
        return [serializeOption(row, currency)];
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a product option",
        description:
          "The later options move up; deleting the last one brings the default option back. The default option itself cannot be deleted (403).",
        params: optionParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        const { key, option_key } = request.params;
        await db.transaction(async (tx) => deleteOption(tx, await lockProduct(tx, key), option_key));
        return true as const;
      },
    },
  });

  resource(api, "/products/:key/extras", {
    GET: {
      schema: {
        tags,
        summary: "List a product's extras",
        params: productParams,
        response: { 200: extraList, ...apiErrors },
      },
      handler: async (request) => {
        const rows = await db.transaction(async (tx) => listExtras(tx, await getProduct(tx, request.params.key)));
        return rows.map((e) => serializeExtra(e, currency));
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Replace a product's extras",
        description:
          "Replaces the whole set, all or nothing, with the id rules of options; an empty value deletes them all and answers [].",
        params: productParams,
        body: replaceExtrasBody(currency),
        response: { 200: extraList, ...apiErrors },
      },
      handler: async (request) => {
        const rows = await db.transaction(async (tx) =>
          replaceExtras(tx, await lockProduct(tx, request.params.key), request.body.extras),
        );
        return rows.map((e) => serializeExtra(e, currency));
      },
    },
  });

  resource(api, "/products/:key/extras/:extra_key", {
    GET: {
      schema: {
        tags,
        summary: "Get a product extra",
        params: extraParams,
        response: { 200: productExtra, ...apiErrors },
      },
      handler: async (request) => {
        const { key, extra_key } = request.params;
        const row = await db.transaction(async (tx) => getExtra(tx, await getProduct(tx, key), extra_key));
        return serializeExtra(row, currency);
      },
    },
    PUT: {
      schema: {
        tags,
        summary: "Update a product extra",
        description:
          "Takes surcharge, quantity, cost and weight only (any other field is a 422); metadata changes through the extras POST. Answers the extra.",
        params: extraParams,
        body: singleExtraBody(currency),
        response: { 200: productExtra, ...apiErrors },
      },
      handler: async (request) => {
        const { key, extra_key } = request.params;
        const row = await db.transaction(async (tx) =>
          updateExtra(tx, await lockProduct(tx, key), extra_key, request.body),
        );
        return serializeExtra(row, currency);
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a product extra",
        description: "The later extras move up.",
        params: extraParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        const { key, extra_key } = request.params;
        await db.transaction(async (tx) => deleteExtra(tx, await lockProduct(tx, key), extra_key));
        return true as const;
      },
    },
  });
};

export default productPartsRoutes;
