import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { StoreNotFoundError, StoreValidationError } from "../errors";
import { locateItem } from "../list-errors";
import { anyBody, oneOrListOfOne } from "../shapes";
import { type OptionWrite, optionFieldOf, optionFieldSentence, optionWriteFrom } from "./edit";
import type { ShippingGroup } from "./model";
import { storeShippingGroupSchema, toShippingGroup } from "./schema";

/**
 * Cache tags of shipping reads. Every shipping read carries `all`; a server
 * action that changes shipping groups names it in `invalidates`
 * (docs/architecture.md). Products show their group, so renaming or deleting
 * one also makes products reads stale.
 */
export const shippingTags = { all: "shipping-groups" } as const;

/** Shipping groups need the admin scope and the permission to manage store settings (docs/contract.md#scopes-and-permissions). */
const shippingRequest = { permission: "manage_store_settings", scope: "admin", resource: "shipping group" } as const;
const reads = [shippingTags.all];

const groupPath = (id: string) => `/api/v1/shipping_groups/${encodeURIComponent(id)}`;

/** Every shipping group with its options. The spec gives the list no pagination. */
export async function listShippingGroups(store: StoreClient): Promise<ShippingGroup[]> {
  const groups = await store.request({
    ...shippingRequest,
    path: "/api/v1/shipping_groups",
    tags: reads,
    schema: z.array(z.unknown()),
  });
  // One unreadable group is left out rather than hiding the others.
  return groups.flatMap((raw) => {
    const parsed = storeShippingGroupSchema.safeParse(raw);
    return parsed.success ? [toShippingGroup(parsed.data)] : [];
  });
}

export async function getShippingGroup(store: StoreClient, id: string): Promise<ShippingGroup> {
  const raw = await store.request({
    ...shippingRequest,
    id,
    path: groupPath(id),
    tags: reads,
    // A store may answer a list holding the group.
    schema: oneOrListOfOne(storeShippingGroupSchema),
  });
  return toShippingGroup(raw);
}

/** `POST /shipping_groups`: answers a list holding the group (a store may answer the group). */
export async function createShippingGroup(store: StoreClient, name: string): Promise<ShippingGroup> {
  const created = await store.request({
    ...shippingRequest,
    method: "POST",
    path: "/api/v1/shipping_groups",
    form: { name, options: [] },
    schema: oneOrListOfOne(storeShippingGroupSchema),
  });
  return toShippingGroup(created);
}

export async function renameShippingGroup(store: StoreClient, id: string, name: string): Promise<ShippingGroup> {
  const updated = await store.request({
    ...shippingRequest,
    method: "PUT",
    id,
    path: groupPath(id),
    form: { name },
    schema: oneOrListOfOne(storeShippingGroupSchema),
  });
  return toShippingGroup(updated);
}

export async function deleteShippingGroup(store: StoreClient, id: string): Promise<void> {
  await store.request({ ...shippingRequest, method: "DELETE", id, path: groupPath(id), schema: anyBody });
}

export async function deleteShippingOption(store: StoreClient, groupId: string, optionId: string): Promise<void> {
  await store.request({
    ...shippingRequest,
    resource: "shipping option",
    method: "DELETE",
    id: optionId,
    path: `${groupPath(groupId)}/options/${encodeURIComponent(optionId)}`,
    schema: anyBody,
  });
}

/**
 * `POST /shipping_groups/{id}/options`: every option of the group, in order;
 * the ones left out are deleted (there is no PUT of one option). What it
 * answers is left open ("options"), so the group is read again after.
 */
async function replaceShippingOptions(
  store: StoreClient,
  groupId: string,
  options: readonly OptionWrite[],
): Promise<ShippingGroup> {
  await store.request({
    ...shippingRequest,
    method: "POST",
    id: groupId,
    path: `${groupPath(groupId)}/options`,
    form: { options },
    schema: anyBody,
  });
  return getShippingGroup(store, groupId);
}

/**
 * The one option is written with every other option of the group as the
 * store holds it now (read just before: an option another person added in
 * the meantime is kept). A refusal that points inside the written option
 * comes back under the editor's field (`ranges.2.max`); one that points at
 * another option stays on the whole form.
 */
export async function saveShippingOption(
  store: StoreClient,
  groupId: string,
  optionId: string | undefined,
  option: OptionWrite,
): Promise<{ group: ShippingGroup; optionId: string | null }> {
  const current = await getShippingGroup(store, groupId);
  const options = current.options.map(optionWriteFrom);
  let index = options.length;
  if (optionId !== undefined) {
    index = current.options.findIndex((o) => o.id === optionId);
    if (index < 0) {
      throw new StoreNotFoundError({
        status: 404,
        code: "not_found",
        message: `No shipping option with id ${optionId} in this group. It may have been deleted.`,
      });
    }
    options[index] = { ...option, id: options[index]!.id };
  } else options.push(option);

  let group: ShippingGroup;
  try {
    group = await replaceShippingOptions(store, groupId, options);
  } catch (error) {
    throw placedInOption(error, index);
  }
  const saved = optionId ?? group.options[index]?.id ?? group.options.at(-1)?.id ?? null;
  return { group, optionId: saved };
}

/** Moves an option one place up or down: the order decides among options that fit an address equally. */
export async function moveShippingOption(
  store: StoreClient,
  groupId: string,
  optionId: string,
  direction: "up" | "down",
): Promise<ShippingGroup> {
  const current = await getShippingGroup(store, groupId);
  const from = current.options.findIndex((o) => o.id === optionId);
  if (from < 0) {
    throw new StoreNotFoundError({
      status: 404,
      code: "not_found",
      message: `No shipping option with id ${optionId} in this group. It may have been deleted.`,
    });
  }
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= current.options.length) return current;
  const options = current.options.map(optionWriteFrom);
  const [moved] = options.splice(from, 1);
  options.splice(to, 0, moved!);
  return replaceShippingOptions(store, groupId, options);
}

/** A 400/422 naming `options` that says which part of option `index` it refuses, under the editor's field. */
function placedInOption(error: unknown, index: number): unknown {
  if (!(error instanceof StoreValidationError) || !Object.hasOwn(error.fields, "options")) return error;
  const at = locateItem(error.detail, "options", "option");
  if (!at || at.index !== index) return error;
  const field = optionFieldOf(at.path);
  if (!field) return error;
  return new StoreValidationError({
    status: error.status,
    code: error.code,
    message: error.message,
    detail: error.detail,
    fields: { [field]: optionFieldSentence(field) },
  });
}
