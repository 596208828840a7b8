"use server";

import { productTags } from "../store/products/api";
import {
  createShippingGroup,
  deleteShippingGroup,
  deleteShippingOption,
  moveShippingOption,
  renameShippingGroup,
  saveShippingOption,
  shippingTags,
} from "../store/shipping/api";
import {
  createShippingGroupInput,
  moveShippingOptionInput,
  renameShippingGroupInput,
  saveShippingOptionInput,
  shippingGroupIdInput,
  shippingOptionIdInput,
} from "../store/shipping/input";
import { storeAction } from "./action";

// Writes only. Groups are read by the pages (first render) and by React Query
// through GET /api/shipping-groups (app/api/shipping-groups/…). Products show
// their group by name, so renaming or deleting one makes products reads stale.

export const createShippingGroupAction = storeAction({
  input: createShippingGroupInput,
  conflictField: "name",
  invalidates: [shippingTags.all],
  run: async (store, { name }) => {
    const group = await createShippingGroup(store, name);
    return { id: group.id, name: group.name };
  },
});

export const renameShippingGroupAction = storeAction({
  input: renameShippingGroupInput,
  conflictField: "name",
  invalidates: [shippingTags.all, productTags.all],
  run: (store, { id, name }) => renameShippingGroup(store, id, name),
});

export const deleteShippingGroupAction = storeAction({
  input: shippingGroupIdInput,
  invalidates: [shippingTags.all, productTags.all],
  run: async (store, { id }) => {
    await deleteShippingGroup(store, id);
    return { id };
  },
});

/** Adds an option, or changes one: the group's whole list is written (there is no PUT of one option). */
export const saveShippingOptionAction = storeAction({
  input: saveShippingOptionInput,
  invalidates: [shippingTags.all, productTags.all],
  run: (store, { groupId, optionId, option }) => saveShippingOption(store, groupId, optionId, option),
});

export const moveShippingOptionAction = storeAction({
  input: moveShippingOptionInput,
  invalidates: [shippingTags.all, productTags.all],
  run: (store, { groupId, optionId, direction }) => moveShippingOption(store, groupId, optionId, direction),
});

export const deleteShippingOptionAction = storeAction({
  input: shippingOptionIdInput,
  invalidates: [shippingTags.all, productTags.all],
  run: async (store, { groupId, optionId }) => {
    await deleteShippingOption(store, groupId, optionId);
    return { groupId, optionId };
  },
});
