import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted, idParams } from "../../../api/schemas.js";
import {
  addTaxRulesBody,
  createTaxGroupBody,
  replaceTaxRulesBody,
  taxGroup,
  taxGroupList,
  taxRule,
  taxRuleList,
  taxRuleParams,
  updateTaxRuleBody,
} from "../../../tax/schemas.js";
import { serializeTaxGroup, serializeTaxRule } from "../../../tax/serialize.js";
import {
  addTaxRules,
  createTaxGroup,
  deleteTaxRule,
  getTaxGroup,
  getTaxRule,
  listTaxGroups,
  lockTaxGroup,
  replaceTaxRules,
  taxGroupDetail,
  updateTaxRule,
} from "../../../tax/tax-groups.js";

const tags = ["Tax groups"];

/**
 * /api/v1/tax_groups (docs/contract.md#tax). A tax group has no PUT or DELETE
 * (405): rules are added by POST on the group and replaced through /rules.
 * One transaction per request; writes lock the group.
 */
const taxGroupsRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db } = api;

  resource(api, "/tax_groups", {
    GET: {
      schema: { tags, summary: "List tax groups", response: { 200: taxGroupList, ...apiErrors } },
      handler: async () => (await db.transaction(async (tx) => listTaxGroups(tx))).map(serializeTaxGroup),
    },
    POST: {
      schema: {
        tags,
        summary: "Create a tax group",
        description: "Takes name and, optionally, rules (the JSON list /rules takes, without ids). Answers the group.",
        body: createTaxGroupBody,
        response: { 201: taxGroup, ...apiErrors },
      },
      handler: async (request, reply) => {
        const created = await db.transaction(async (tx) => createTaxGroup(tx, request.body));
        return reply.status(201).send(serializeTaxGroup(created));
      },
    },
  });

  resource(api, "/tax_groups/:id", {
    GET: {
      schema: { tags, summary: "Get a tax group", params: idParams, response: { 200: taxGroup, ...apiErrors } },
      handler: async (request) =>
        serializeTaxGroup(
          await db.transaction(async (tx) => taxGroupDetail(tx, await getTaxGroup(tx, request.params.id))),
        ),
    },
    POST: {
      schema: {
        tags,
        summary: "Add rules to a tax group",
        description:
          "The rules are added after the group's own, all or nothing; a place (country and region) that already has a rule is a 422. Answers the group. A tax group has no PUT or DELETE (405).",
        params: idParams,
        body: addTaxRulesBody,
        response: { 200: taxGroup, ...apiErrors },
      },
      handler: async (request) => {
        const { rules, name } = request.body;
        const detail = await db.transaction(async (tx) =>
          addTaxRules(tx, await lockTaxGroup(tx, request.params.id), rules ?? [], name),
        );
        return serializeTaxGroup(detail);
      },
    },
  });

  resource(api, "/tax_groups/:id/rules", {
    POST: {
      schema: {
        tags,
        summary: "Replace a tax group's rules",
        description:
          "Replaces the whole set, all or nothing: an item with the id of one of this group's rules updates it, an item without an id creates one, the rules left out are deleted; an id that is not this group's is a 422. Answers every rule of the group; an empty value deletes them all and answers [].",
        params: idParams,
        body: replaceTaxRulesBody,
        response: { 200: taxRuleList, ...apiErrors },
      },
      handler: async (request) => {
        const rows = await db.transaction(async (tx) =>
          replaceTaxRules(tx, await lockTaxGroup(tx, request.params.id), request.body.rules),
        );
        return rows.map(serializeTaxRule);
      },
    },
  });

  resource(api, "/tax_groups/:id/rules/:rule_id", {
    GET: {
      schema: { tags, summary: "Get a tax rule", params: taxRuleParams, response: { 200: taxRule, ...apiErrors } },
      handler: async (request) => {
        const { id, rule_id } = request.params;
        return serializeTaxRule(await db.transaction(async (tx) => getTaxRule(tx, await getTaxGroup(tx, id), rule_id)));
      },
    },
    PUT: {
      schema: {
        tags,
        summary: "Update a tax rule",
        description:
          "Takes country, region (an empty value clears it: the whole country) and rate. on_shipping is written by POST only, and any other field is a 422 naming it. Answers the rule.",
        params: taxRuleParams,
        body: updateTaxRuleBody,
        response: { 200: taxRule, ...apiErrors },
      },
      handler: async (request) => {
        const { id, rule_id } = request.params;
        const row = await db.transaction(async (tx) =>
          updateTaxRule(tx, await lockTaxGroup(tx, id), rule_id, request.body),
        );
        return serializeTaxRule(row);
      },
    },
    DELETE: {
      schema: {
        tags,
        summary: "Delete a tax rule",
        description: "The later rules move up.",
        params: taxRuleParams,
        response: { 200: deleted, ...apiErrors },
      },
      handler: async (request) => {
        const { id, rule_id } = request.params;
        await db.transaction(async (tx) => deleteTaxRule(tx, await lockTaxGroup(tx, id), rule_id));
        return true as const;
      },
    },
  });
};

export default taxGroupsRoutes;
