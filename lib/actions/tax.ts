"use server";

import { productTags } from "../store/products/api";
import { createTaxGroup, deleteTaxRule, replaceTaxRules, taxTags } from "../store/tax/api";
import { createTaxGroupInput, saveTaxRulesInput, taxRuleIdInput } from "../store/tax/input";
import { storeAction } from "./action";

// Writes only. Groups are read by the pages and by React Query through
// GET /api/tax-groups. A tax group cannot be renamed or deleted through the
// contract (no PUT or DELETE on /tax_groups/{id}): there is no action for it.

export const createTaxGroupAction = storeAction({
  input: createTaxGroupInput,
  conflictField: "name",
  invalidates: [taxTags.all],
  run: async (store, { name }) => {
    const group = await createTaxGroup(store, name);
    return { id: group.id, name: group.name };
  },
});

/** Saves the rules as the whole set (the replace-all): edited, added and kept rules in one request. */
export const saveTaxRulesAction = storeAction({
  input: saveTaxRulesInput,
  invalidates: [taxTags.all, productTags.all],
  run: (store, { groupId, knownIds, rules }) => replaceTaxRules(store, groupId, knownIds, rules),
});

export const deleteTaxRuleAction = storeAction({
  input: taxRuleIdInput,
  invalidates: [taxTags.all, productTags.all],
  run: async (store, { groupId, ruleId }) => {
    await deleteTaxRule(store, groupId, ruleId);
    return { groupId, ruleId };
  },
});
