"use server";

import { z } from "zod";
import { StoreApiError } from "../store/client";
import {
  createUser,
  deleteUser,
  inviteUserInput,
  listUsers,
  setUserActiveInput,
  updatePermissionsInput,
  updateUser,
  userIdInput,
} from "../store/users";
import { storeAction } from "./action";

const usersPath = "/users";

/** The list, for React Query on the users page. */
export const listUsersAction = storeAction({
  input: z.undefined().optional(),
  run: (store) => listUsers(store),
});

export const inviteUserAction = storeAction({
  input: inviteUserInput,
  conflictField: "email",
  revalidate: [usersPath],
  run: (store, input) => createUser(store, input),
});

export const updatePermissionsAction = storeAction({
  input: updatePermissionsInput,
  revalidate: [usersPath],
  run: (store, { id, permissions }) => updateUser(store, id, { permissions }),
});

export const setUserActiveAction = storeAction({
  input: setUserActiveInput,
  revalidate: [usersPath],
  run: async (store, { id, active }) => {
    const user = await updateUser(store, id, { is_active: active });
    // The spec does not say is_active is writable; a store that ignores it
    // must not look as if it had obeyed.
    if (user.active !== active) {
      throw new StoreApiError({
        status: 422,
        code: "not_supported",
        message: `This store did not ${active ? "reactivate" : "deactivate"} ${user.email}; it may not support it.`,
      });
    }
    return user;
  },
});

export const deleteUserAction = storeAction({
  input: userIdInput,
  revalidate: [usersPath],
  run: async (store, { id }) => {
    await deleteUser(store, id);
    return { id };
  },
});
