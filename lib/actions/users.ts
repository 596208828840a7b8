"use server";

import { StoreApiError } from "../store/errors";
import { createUser, deleteUser, sendUserMail, updateUser, userTags } from "../store/users/api";
import {
  inviteUserInput,
  sendUserMailInput,
  setUserActiveInput,
  updatePermissionsInput,
  userIdInput,
} from "../store/users/input";
import { markUserChanged } from "../permission-marks";
import { permissionsRefreshMs } from "../session-token";
import { storeAction } from "./action";

// Writes only. The list is read by the page (first render) and by React
// Query through GET /api/users (app/api/users/route.ts).

export const inviteUserAction = storeAction({
  input: inviteUserInput,
  conflictField: "email",
  invalidates: [userTags.all],
  run: (store, input) => createUser(store, input),
});

export const updatePermissionsAction = storeAction({
  input: updatePermissionsInput,
  invalidates: [userTags.all],
  run: async (store, { id, permissions }) => {
    const user = await updateUser(store, id, { permissions });
    // Their open session reads its permissions again at its next request (lib/permission-marks.ts).
    markUserChanged(user.id);
    markUserChanged(id);
    return { user, followsWithinMinutes: Math.ceil(permissionsRefreshMs() / 60_000) };
  },
});

export const setUserActiveAction = storeAction({
  input: setUserActiveInput,
  invalidates: [userTags.all],
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
  invalidates: [userTags.all],
  run: async (store, { id }) => {
    await deleteUser(store, id);
    return { id };
  },
});

/** Resend the invitation, or send a password reset: a fresh link that voids the old ones. */
export const sendUserMailAction = storeAction({
  input: sendUserMailInput,
  invalidates: [userTags.all],
  run: (store, { id, mail }) => sendUserMail(store, id, mail),
});
