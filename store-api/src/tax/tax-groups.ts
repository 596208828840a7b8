import { and, asc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { NotFoundError, ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { products, taxGroups, taxRules } from "../db/schema/index.js";
import { checkRegion, placeKey } from "../settings/places.js";
import type { TaxRuleInput, UpdateTaxRuleInput } from "./schemas.js";

/**
 * Tax groups and their rules (/tax_groups…; docs/contract.md#tax). A group
 * has one rule per place (country and region, compared without case, spaces
 * or punctuation), so that the rule for an address is never in doubt. A
 * write locks the group first; every function runs in the caller's one
 * transaction.
 */

export type TaxGroupRow = typeof taxGroups.$inferSelect;
export type TaxRuleRow = typeof taxRules.$inferSelect;

export interface TaxGroupDetail {
  group: TaxGroupRow;
  rules: TaxRuleRow[];
}

function notFound(id: number) {
  return new NotFoundError(`There is no tax group with the id ${id}.`);
}

const placeName = (r: { country: string; region: string | null }) =>
  r.region ? `${r.country}/${r.region}` : r.country;

async function rulesOf(q: Queryable, groupIds: number[]): Promise<Map<number, TaxRuleRow[]>> {
  const byGroup = new Map<number, TaxRuleRow[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await q
    .select()
    .from(taxRules)
    .where(inArray(taxRules.groupId, groupIds))
    .orderBy(asc(taxRules.position), asc(taxRules.id));
  for (const row of rows) byGroup.get(row.groupId)?.push(row);
  return byGroup;
}

async function details(q: Queryable, groups: TaxGroupRow[]): Promise<TaxGroupDetail[]> {
  const ids = groups.map((g) => g.id);
  const rules = await rulesOf(q, ids);
  return groups.map((group) => ({ group, rules: rules.get(group.id) ?? [] }));
}

export async function listTaxGroups(q: Queryable): Promise<TaxGroupDetail[]> {
  return details(q, await q.select().from(taxGroups).orderBy(asc(taxGroups.id)));
}

/** The groups with these ids, with their rules, in bulk (for the products that name them). */
export async function taxGroupsByIds(q: Queryable, ids: number[]): Promise<Map<number, TaxGroupDetail>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const groups = await q.select().from(taxGroups).where(inArray(taxGroups.id, unique));
  return new Map((await details(q, groups)).map((d) => [d.group.id, d]));
}

/** Which of these ids name a group; those found stay locked against deletion until the transaction ends. */
export async function existingTaxGroupIds(q: Queryable, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await q
    .select({ id: taxGroups.id })
    .from(taxGroups)
    .where(inArray(taxGroups.id, unique))
    .for("key share");
  return new Set(rows.map((r) => r.id));
}

export async function getTaxGroup(q: Queryable, id: number): Promise<TaxGroupRow> {
  const [row] = await q.select().from(taxGroups).where(eq(taxGroups.id, id));
  if (!row) throw notFound(id);
  return row;
}

/** The group, locked until the transaction ends; a 404 when there is none. */
export async function lockTaxGroup(q: Queryable, id: number): Promise<TaxGroupRow> {
  const [row] = await q.select().from(taxGroups).where(eq(taxGroups.id, id)).for("update");
  if (!row) throw notFound(id);
  return row;
}

export async function taxGroupDetail(q: Queryable, group: TaxGroupRow): Promise<TaxGroupDetail> {
  const [detail] = await details(q, [group]);
  return detail!;
}

async function touch(q: Queryable, group: TaxGroupRow, name?: string): Promise<TaxGroupRow> {
  const [row] = await q
    .update(taxGroups)
    .set({ name, updatedAt: new Date() })
    .where(eq(taxGroups.id, group.id))
    .returning();
  return row ?? group;
}

/** One rule per place among the items, and none for a place that `others` (rules kept beside them) cover. */
function checkPlaces(items: TaxRuleInput[], others: TaxRuleRow[]) {
  const taken = new Map<string, string>(
    others.map((r) => [placeKey(r.country, r.region), `rule ${r.id} of this group`]),
  );
  for (const [i, item] of items.entries()) {
    const key = placeKey(item.country, item.region);
    const earlier = taken.get(key);
    if (earlier) {
      throw new ValidationError({
        rules: `rule ${i + 1} is for ${placeName(item)}, which ${earlier} is for already: a group has one rule per country and region`,
      });
    }
    taken.set(key, `rule ${i + 1}`);
  }
}

function columns(item: TaxRuleInput, position: number) {
  return { position, country: item.country, region: item.region, rate: item.rate, onShipping: item.onShipping };
}

/**
 * Renames the group: the CLI's `tax-group rename` (over HTTP, the bundled
 * store's extension of POST /tax_groups/{id} does it: docs/contract.md#tax).
 */
export async function renameTaxGroup(q: Queryable, group: TaxGroupRow, name: string): Promise<TaxGroupDetail> {
  return taxGroupDetail(q, await touch(q, group, name));
}

/**
 * Deletes the group and its rules: the CLI's `tax-group delete`, since the
 * API has none (docs/contract.md#tax). As when a shipping group is deleted,
 * its products are left without one and their `modified` moves. Answers how
 * many products it had, and how many rules.
 */
export async function deleteTaxGroup(q: Queryable, group: TaxGroupRow): Promise<{ products: number; rules: number }> {
  const touched = await q
    .update(products)
    .set({ updatedAt: new Date() })
    .where(eq(products.taxGroupId, group.id))
    .returning({ id: products.id });
  const rules = (await rulesOf(q, [group.id])).get(group.id)?.length ?? 0;
  // products.tax_group_id is `on delete set null`, and the rules go with their group (`on delete cascade`).
  await q.delete(taxGroups).where(eq(taxGroups.id, group.id));
  return { products: touched.length, rules };
}

export async function createTaxGroup(
  q: Queryable,
  input: { name: string; rules?: TaxRuleInput[] | undefined },
): Promise<TaxGroupDetail> {
  const [group] = await q.insert(taxGroups).values({ name: input.name }).returning();
  if (!group) throw new Error("The tax group was not created");
  await addTaxRules(q, group, input.rules ?? []);
  return taxGroupDetail(q, group);
}

/** POST /tax_groups/{id}: adds the rules after the group's own (no ids: they are new), and renames the group when asked. */
export async function addTaxRules(
  q: Queryable,
  group: TaxGroupRow,
  items: TaxRuleInput[],
  name?: string,
): Promise<TaxGroupDetail> {
  const withId = items.findIndex((i) => i.id !== undefined);
  if (withId >= 0) {
    throw new ValidationError({
      rules: `rule ${withId + 1} has an id: rules are added here as new ones (change existing rules through /tax_groups/{id}/rules or PUT /tax_groups/{id}/rules/{rule_id})`,
    });
  }
  const existing = await q.select().from(taxRules).where(eq(taxRules.groupId, group.id));
  checkPlaces(items, existing);
  const from = Math.max(0, ...existing.map((r) => r.position));
  if (items.length) {
    await q.insert(taxRules).values(items.map((item, i) => ({ ...columns(item, from + i + 1), groupId: group.id })));
  }
  return taxGroupDetail(q, await touch(q, group, name));
}

/**
 * Replaces every rule of the group, all or nothing: items with the id of one
 * of its rules update it, items without are new, the others are deleted;
 * positions follow the list.
 */
export async function replaceTaxRules(q: Queryable, group: TaxGroupRow, items: TaxRuleInput[]): Promise<TaxRuleRow[]> {
  const own = new Set(
    (await q.select({ id: taxRules.id }).from(taxRules).where(eq(taxRules.groupId, group.id))).map((r) => r.id),
  );
  const seen = new Set<number>();
  for (const [i, { id }] of items.entries()) {
    if (id === undefined) continue;
    let problem: string | undefined;
    if (!own.has(id)) {
      problem = `names the id ${id}, which is no rule of this group (leave id out to add a new one)`;
    } else if (seen.has(id)) problem = `names the id ${id}, which an earlier item names too`;
    if (problem) throw new ValidationError({ rules: `rule ${i + 1} ${problem}` });
    seen.add(id);
  }
  checkPlaces(items, []);

  const kept = items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  await q
    .delete(taxRules)
    .where(and(eq(taxRules.groupId, group.id), kept.length ? notInArray(taxRules.id, kept) : undefined));
  const fresh = [];
  for (const [i, item] of items.entries()) {
    if (item.id === undefined) fresh.push({ ...columns(item, i + 1), groupId: group.id });
    else {
      await q
        .update(taxRules)
        .set(columns(item, i + 1))
        .where(and(eq(taxRules.groupId, group.id), eq(taxRules.id, item.id)));
    }
  }
  if (fresh.length) await q.insert(taxRules).values(fresh);
  await touch(q, group);
  return (await rulesOf(q, [group.id])).get(group.id) ?? [];
}

export async function getTaxRule(q: Queryable, group: TaxGroupRow, ruleId: number): Promise<TaxRuleRow> {
  const [row] = await q
    .select()
    .from(taxRules)
    .where(and(eq(taxRules.groupId, group.id), eq(taxRules.id, ruleId)));
  if (!row) throw new NotFoundError(`The tax group ${group.id} has no rule with the id ${ruleId}.`);
  return row;
}

/** PUT of one rule: country, region (empty clears it), rate; the region must fit the country it ends with. */
export async function updateTaxRule(
  q: Queryable,
  group: TaxGroupRow,
  ruleId: number,
  input: UpdateTaxRuleInput,
): Promise<TaxRuleRow> {
  const current = await getTaxRule(q, group, ruleId);
  const country = input.country ?? current.country;
  let region = current.region;
  if (input.region !== undefined) region = input.region === null || input.region.trim() === "" ? null : input.region;
  if (region !== null && (input.region !== undefined || input.country !== undefined)) {
    const checked = checkRegion(country, region);
    if ("problem" in checked) {
      throw new ValidationError({
        region:
          input.region !== undefined
            ? checked.problem
            : `${checked.problem} for the country ${country} (send a region for it, or an empty one for the whole country)`,
      });
    }
    region = checked.region;
  }

  const others = await q
    .select()
    .from(taxRules)
    .where(and(eq(taxRules.groupId, group.id), sql`${taxRules.id} <> ${current.id}`));
  const clash = others.find((r) => placeKey(r.country, r.region) === placeKey(country, region));
  if (clash) {
    throw new ValidationError({
      [input.region !== undefined ? "region" : "country"]:
        `makes this rule one for ${placeName({ country, region })}, which rule ${clash.id} of this group is for already: a group has one rule per country and region`,
    });
  }

  const [row] = await q
    .update(taxRules)
    .set({ country, region, rate: input.rate })
    .where(eq(taxRules.id, current.id))
    .returning();
  await touch(q, group);
  return row ?? current;
}

/** Deletes one rule; the later ones move up. */
export async function deleteTaxRule(q: Queryable, group: TaxGroupRow, ruleId: number): Promise<void> {
  const current = await getTaxRule(q, group, ruleId);
  await q.delete(taxRules).where(eq(taxRules.id, current.id));
  await q
    .update(taxRules)
    .set({ position: sql`${taxRules.position} - 1` })
    .where(and(eq(taxRules.groupId, group.id), gt(taxRules.position, current.position)));
  await touch(q, group);
}
