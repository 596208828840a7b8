import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted, idParams } from "../../../api/schemas.js";
import {
  createShippingGroupBody,
  replaceShippingOptionsBody,
  shippingGroup,
  shippingGroupCreated,
  shippingGroupList,
  shippingOption,
  shippingOptionList,
  shippingOptionParams,
  updateShippingGroupBody,
} from "../../../shipping/schemas.js";
import { serializeShippingGroup, serializeShippingOption } from "../../../shipping/serialize.js";
import {
  createShippingGroup,
  deleteShippingGroup,
  deleteShippingOption,
  getShippingGroup,
  getShippingOption,
  listShippingGroups,
  listShippingOptions,
  lockShippingGroup,
  replaceShippingOptions,
  shippingGroupDetail,
  updateShippingGroup,
} from "../../../shipping/shipping-groups.js";

const tags = ["Shipping groups"];

/** /api/v1/shipping_groups (docs/contract.md#shipping). One transaction per request; writes lock the group. */
const shippingGroupsRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config } = api;
  const currency = config.currency;

  resource(api, "/shipping_groups", {
    GET: {
      schema: { tags, summary: "List shipping groups", response: { 200: shippingGroupList, ...apiErrors } },
      handler: async () => {
        const groups = await db.transaction(async (tx) => listShippingGroups(tx));
        return groups.map((g) => serializeShippingGroup(g, currency));
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Create a shipping group",
        description:
          "Takes name and, optionally, its options (a JSON list, without ids). Answers a list holding the group.",
        body: createShippingGroupBody(currency),
        response: { 201: shippingGroupCreated, ...apiErrors },
      },
      handler: async (request, reply) => {
        const created = await db.transaction(async (tx) => createShippingGroup(tx, request.body));
        return reply.status(201).send([serializeShippingGroup(created, currency)]);
      },
    },
  });

  resource(api, "/shipping_groups/:id", {
    GET: {
      schema: {
        tags,
        summary: "Get a shipping group",
        params: idParams,
        response: { 200: shippingGroup, ...apiErrors },
      },
      handler: async (request) => {
        const detail = await db.transaction(async (tx) =>
          shippingGroupDetail(tx, await getShippingGroup(tx, request.params.id)),
        );
        return serializeShippingGroup(detail, currency);
      },
    },
    PUT: {
      schema: {
        tags,
        summary: "Update a shipping group",
        description:
          "Takes name and options; options replace every option of the group as /shipping_groups/{id}/options does, all or nothing. Answers the group.",
        params: idParams,
        body: updateShippingGroupBody(currency),
        response: { 200: shippingGroup, ...apiErrors },
      },
      handler: async (request) => {
        const detail = await db.transaction(async (tx) =>
          updateShippingGroup(tx, await lockShippingGroup(tx, request.params.id), request.body),
        );
        return serializeShippingGroup(detail, currency);
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a shipping group",
        description: "Its options go with it; its products are left without a shipping group.",
        params: idParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        await db.transaction(async (tx) => deleteShippingGroup(tx, await lockShippingGroup(tx, request.params.id)));
        return true as const;
      },
    },
  });

  resource(api, "/shipping_groups/:id/options", {
    GET: {
      schema: {
        tags,
        summary: "List a shipping group's options",
        params: idParams,
        response: { 200: shippingOptionList, ...apiErrors },
      },
      handler: async (request) => {
        const rows = await db.transaction(async (tx) =>
          listShippingOptions(tx, await getShippingGroup(tx, request.params.id)),
        );
        return rows.map((o) => serializeShippingOption(o, currency));
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Replace a shipping group's options",
        description:
          "Replaces the whole set, all or nothing: an item with the id of one of this group's options updates it, an item without an id creates one, the options left out are deleted; an id that is not this group's is a 422. Answers every option; an empty value deletes them all and answers [].",
        params: idParams,
        body: replaceShippingOptionsBody(currency),
        response: { 200: shippingOptionList, ...apiErrors },
      },
      handler: async (request) => {
        const rows = await db.transaction(async (tx) =>
          replaceShippingOptions(tx, await lockShippingGroup(tx, request.params.id), request.body.options),
        );
        return rows.map((o) => serializeShippingOption(o, currency));
      },
    },
  });

  resource(api, "/shipping_groups/:id/options/:option_id", {
    GET: {
      schema: {
        tags,
        summary: "Get a shipping option",
        params: shippingOptionParams,
        response: { 200: shippingOption, ...apiErrors },
      },
      handler: async (request) => {
        const { id, option_id } = request.params;
        const row = await db.transaction(async (tx) =>
          getShippingOption(tx, await getShippingGroup(tx, id), option_id),
        );
        return serializeShippingOption(row, currency);
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a shipping option",
        description:
          "The later options move up. A single option has no PUT (405): change options through /shipping_groups/{id}/options.",
        params: shippingOptionParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        const { id, option_id } = request.params;
        await db.transaction(async (tx) => deleteShippingOption(tx, await lockShippingGroup(tx, id), option_id));
        return true as const;
      },
    },
  });
};

export default shippingGroupsRoutes;
