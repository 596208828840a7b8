import { and, asc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { NotFoundError, ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { products, shippingGroups, shippingOptions } from "../db/schema/index.js";
import type { ShippingOptionInput } from "./schemas.js";

/**
 * Shipping groups and their options (/shipping_groups…; docs/contract.md#shipping).
 * A write locks the group first, so that two replace-alls of one group take
 * turns; every function runs in the caller's one transaction.
 */

export type ShippingGroupRow = typeof shippingGroups.$inferSelect;
export type ShippingOptionRow = typeof shippingOptions.$inferSelect;

/** A group with its options, in order: what its reads show. */
export interface ShippingGroupDetail {
  group: ShippingGroupRow;
  options: ShippingOptionRow[];
}

function notFound(id: number) {
  return new NotFoundError(`There is no shipping group with the id ${id}.`);
}

/** The options of several groups, each group's in order (one query). */
async function optionsOf(q: Queryable, groupIds: number[]): Promise<Map<number, ShippingOptionRow[]>> {
  const byGroup = new Map<number, ShippingOptionRow[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await q
    .select()
    .from(shippingOptions)
    .where(inArray(shippingOptions.groupId, groupIds))
    .orderBy(asc(shippingOptions.position), asc(shippingOptions.id));
  for (const row of rows) byGroup.get(row.groupId)?.push(row);
  return byGroup;
}

async function details(q: Queryable, groups: ShippingGroupRow[]): Promise<ShippingGroupDetail[]> {
  const ids = groups.map((g) => g.id);
  const options = await optionsOf(q, ids);
  return groups.map((group) => ({ group, options: options.get(group.id) ?? [] }));
}

/** Every group, by id, with its options (two queries). */
export async function listShippingGroups(q: Queryable): Promise<ShippingGroupDetail[]> {
  return details(q, await q.select().from(shippingGroups).orderBy(asc(shippingGroups.id)));
}

/** The groups with these ids, with their options, in bulk (for the products that name them). */
export async function shippingGroupsByIds(q: Queryable, ids: number[]): Promise<Map<number, ShippingGroupDetail>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const groups = await q.select().from(shippingGroups).where(inArray(shippingGroups.id, unique));
  return new Map((await details(q, groups)).map((d) => [d.group.id, d]));
}

/**
 * Which of these ids name a group. The groups found stay locked against
 * deletion (FOR KEY SHARE) until the transaction ends, so that a product
 * written to name one never names a group deleted meanwhile.
 */
export async function existingShippingGroupIds(q: Queryable, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await q
    .select({ id: shippingGroups.id })
    .from(shippingGroups)
    .where(inArray(shippingGroups.id, unique))
    .for("key share");
  return new Set(rows.map((r) => r.id));
}

export async function getShippingGroup(q: Queryable, id: number): Promise<ShippingGroupRow> {
  const [row] = await q.select().from(shippingGroups).where(eq(shippingGroups.id, id));
  if (!row) throw notFound(id);
  return row;
}

/** The group, locked until the transaction ends (writes to one group take turns); a 404 when there is none. */
export async function lockShippingGroup(q: Queryable, id: number): Promise<ShippingGroupRow> {
  const [row] = await q.select().from(shippingGroups).where(eq(shippingGroups.id, id)).for("update");
  if (!row) throw notFound(id);
  return row;
}

export async function shippingGroupDetail(q: Queryable, group: ShippingGroupRow): Promise<ShippingGroupDetail> {
  const [detail] = await details(q, [group]);
  return detail!;
}

/** A change to the group's options is a change to the group. */
async function touch(q: Queryable, group: ShippingGroupRow, name?: string): Promise<ShippingGroupRow> {
  const [row] = await q
    .update(shippingGroups)
    .set({ name, updatedAt: new Date() })
    .where(eq(shippingGroups.id, group.id))
    .returning();
  return row ?? group;
}

export async function createShippingGroup(
  q: Queryable,
  input: { name: string; options?: ShippingOptionInput[] | undefined },
): Promise<ShippingGroupDetail> {
  const [group] = await q.insert(shippingGroups).values({ name: input.name }).returning();
  if (!group) throw new Error("The shipping group was not created");
  await replaceShippingOptions(q, group, input.options ?? []);
  return shippingGroupDetail(q, group);
}

/** PUT: a new name, and the options replaced as by the replace-all, when given. */
export async function updateShippingGroup(
  q: Queryable,
  group: ShippingGroupRow,
  input: { name?: string | undefined; options?: ShippingOptionInput[] | undefined },
): Promise<ShippingGroupDetail> {
  if (input.options) await replaceShippingOptions(q, group, input.options);
  return shippingGroupDetail(q, await touch(q, group, input.name));
}

/** Deletes the group and its options; its products are left without a group (and their `modified` moves). */
export async function deleteShippingGroup(q: Queryable, group: ShippingGroupRow): Promise<void> {
  await q.update(products).set({ updatedAt: new Date() }).where(eq(products.shippingGroupId, group.id));
  await q.delete(shippingGroups).where(eq(shippingGroups.id, group.id));
}

export async function listShippingOptions(q: Queryable, group: ShippingGroupRow): Promise<ShippingOptionRow[]> {
  return (await optionsOf(q, [group.id])).get(group.id) ?? [];
}

export async function getShippingOption(
  q: Queryable,
  group: ShippingGroupRow,
  optionId: number,
): Promise<ShippingOptionRow> {
  const [row] = await q
    .select()
    .from(shippingOptions)
    .where(and(eq(shippingOptions.groupId, group.id), eq(shippingOptions.id, optionId)));
  if (!row) throw new NotFoundError(`The shipping group ${group.id} has no option with the id ${optionId}.`);
  return row;
}

/**
 * The ids of a replace-all: each must name one of this group's options, once.
 * Anything else is a 422 naming `options`, saying which item.
 */
function checkOptionIds(items: ShippingOptionInput[], own: Set<number>) {
  const seen = new Set<number>();
  for (const [i, { id }] of items.entries()) {
    if (id === undefined) continue;
    let problem: string | undefined;
    if (!own.has(id)) {
      problem =
        own.size === 0
          ? `names the id ${id}, but this group has no options yet (leave id out to add one)`
          : `names the id ${id}, which is no option of this group (leave id out to add a new one)`;
    } else if (seen.has(id)) problem = `names the id ${id}, which an earlier item names too`;
    if (problem) throw new ValidationError({ options: `option ${i + 1} ${problem}` });
    seen.add(id);
  }
}

function columns(item: ShippingOptionInput, position: number) {
  return {
    position,
    name: item.name,
    perCartType: item.perCartType,
    perCartAmount: item.perCartAmount,
    perCartPercent: item.perCartPercent,
    perItemType: item.perItemType,
    perItemAmount: item.perItemAmount,
    ranges: item.ranges,
    destinations: item.destinations,
  };
}

/**
 * Replaces every option of the group (all or nothing, in the caller's
 * transaction): items with the id of one of its options update it, items
 * without are new, the others are deleted; positions follow the list.
 */
export async function replaceShippingOptions(
  q: Queryable,
  group: ShippingGroupRow,
  items: ShippingOptionInput[],
): Promise<ShippingOptionRow[]> {
  const own = await q
    .select({ id: shippingOptions.id })
    .from(shippingOptions)
    .where(eq(shippingOptions.groupId, group.id));
  checkOptionIds(items, new Set(own.map((o) => o.id)));

  const kept = items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  await q
    .delete(shippingOptions)
    .where(and(eq(shippingOptions.groupId, group.id), kept.length ? notInArray(shippingOptions.id, kept) : undefined));
  const fresh = [];
  for (const [i, item] of items.entries()) {
    if (item.id === undefined) fresh.push({ ...columns(item, i + 1), groupId: group.id });
    else {
      await q
        .update(shippingOptions)
        .set(columns(item, i + 1))
        .where(and(eq(shippingOptions.groupId, group.id), eq(shippingOptions.id, item.id)));
    }
  }
  if (fresh.length) await q.insert(shippingOptions).values(fresh);
  await touch(q, group);
  return listShippingOptions(q, group);
}

/** Deletes one option; the later ones move up. */
export async function deleteShippingOption(q: Queryable, group: ShippingGroupRow, optionId: number): Promise<void> {
  const current = await getShippingOption(q, group, optionId);
  await q.delete(shippingOptions).where(eq(shippingOptions.id, current.id));
  await q
    .update(shippingOptions)
    .set({ position: sql`${shippingOptions.position} - 1` })
    .where(and(eq(shippingOptions.groupId, group.id), gt(shippingOptions.position, current.position)));
  await touch(q, group);
}
