import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { StoreConflictError, StoreValidationError } from "../errors";
import { locateItem } from "../list-errors";
import { anyBody, oneOrListOfOne } from "../shapes";
import { type RuleWrite, ruleRefusal } from "./edit";
import type { TaxGroup } from "./model";
import { storeTaxGroupSchema, toTaxGroup } from "./schema";

/**
 * Cache tags of tax reads. Every tax read carries `all`; a server action that
 * changes tax groups names it in `invalidates` (docs/architecture.md).
 * Products show their tax group, so changes there make products reads stale.
 *
 * The contract has no PUT or DELETE of a tax group: a group cannot be renamed
 * or deleted through it (docs/contract.md#tax), and Store Admin does not
 * try.
 */
export const taxTags = { all: "tax-groups" } as const;

const taxRequest = { permission: "manage_store_settings", scope: "admin", resource: "tax group" } as const;
const reads = [taxTags.all];

const groupPath = (id: string) => `/api/v1/tax_groups/${encodeURIComponent(id)}`;

export async function listTaxGroups(store: StoreClient): Promise<TaxGroup[]> {
  const groups = await store.request({
    ...taxRequest,
    path: "/api/v1/tax_groups",
    tags: reads,
    schema: z.array(z.unknown()),
  });
  return groups.flatMap((raw) => {
    const parsed = storeTaxGroupSchema.safeParse(raw);
    return parsed.success ? [toTaxGroup(parsed.data)] : [];
  });
}

export async function getTaxGroup(store: StoreClient, id: string): Promise<TaxGroup> {
  const raw = await store.request({
    ...taxRequest,
    id,
    path: groupPath(id),
    tags: reads,
    schema: oneOrListOfOne(storeTaxGroupSchema),
  });
  return toTaxGroup(raw);
}

/** `POST /tax_groups`: the spec does not show its fields; a tax group's `name` is writable on POST. */
export async function createTaxGroup(store: StoreClient, name: string): Promise<TaxGroup> {
  const created = await store.request({
    ...taxRequest,
    method: "POST",
    path: "/api/v1/tax_groups",
    form: { name },
    schema: oneOrListOfOne(storeTaxGroupSchema),
  });
  return toTaxGroup(created);
}

export async function deleteTaxRule(store: StoreClient, groupId: string, ruleId: string): Promise<void> {
  await store.request({
    ...taxRequest,
    resource: "tax rule",
    method: "DELETE",
    id: ruleId,
    path: `${groupPath(groupId)}/rules/${encodeURIComponent(ruleId)}`,
    schema: anyBody,
  });
}

/**
 * `POST /tax_groups/{id}/rules`: the whole set (existing rules with their
 * `id`; those left out are deleted). Refused when the store holds a rule the
 * page never showed (someone added it since): the replace-all would delete
 * it unseen. A refusal pointing at one rule comes back under that row's field.
 */
export async function replaceTaxRules(
  store: StoreClient,
  groupId: string,
  knownIds: readonly string[],
  rules: readonly RuleWrite[],
): Promise<TaxGroup> {
  const current = await getTaxGroup(store, groupId);
  const known = new Set(knownIds);
  const added = current.rules.filter((rule) => !known.has(rule.id));
  if (added.length) {
    throw new StoreConflictError({
      status: 409,
      code: "changed_meanwhile",
      message: `Someone added ${added.length === 1 ? "a rule" : `${added.length} rules`} to this group since you opened it, and saving now would delete ${added.length === 1 ? "it" : "them"}. Reload the page to see the rules as they are, then make your changes again.`,
    });
  }
  try {
    await store.request({
      ...taxRequest,
      method: "POST",
      id: groupId,
      path: `${groupPath(groupId)}/rules`,
      form: { rules },
      schema: anyBody,
    });
  } catch (error) {
    throw placedInRules(error, rules);
  }
  return getTaxGroup(store, groupId);
}

function placedInRules(error: unknown, rules: readonly RuleWrite[]): unknown {
  if (!(error instanceof StoreValidationError) || !Object.hasOwn(error.fields, "rules")) return error;
  const at = locateItem(error.detail, "rules", "rule");
  if (!at || at.index >= rules.length) return error;
  const { field, message } = ruleRefusal(at.index, at.path, at.rest, rules[at.index]);
  return new StoreValidationError({
    status: error.status,
    code: error.code,
    message: error.message,
    detail: error.detail,
    fields: { [field]: message },
  });
}
