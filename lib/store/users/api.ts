import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { StoreApiError } from "../errors";
import { anyBody, oneOrListOfOne } from "../shapes";
import type { User } from "./model";
import { storeUserSchema, toUser } from "./schema";

/**
 * Cache tags of users reads. Every users read carries `all`; a server action
 * that changes users names it in `invalidates` (docs/architecture.md).
 */
export const userTags = { all: "users" } as const;

/** What every users request needs beside the admin scope (docs/contract.md#scopes-and-permissions). */
const usersRequest = { permission: "manage_users", scope: "admin", resource: "user" } as const;
const reads = [userTags.all];

const path = (id: string | number) => `/api/v1/users/${encodeURIComponent(String(id))}`;

export async function listUsers(store: StoreClient): Promise<User[]> {
  // The spec gives the users list no pagination.
  const users = await store.request({
    ...usersRequest,
    path: "/api/v1/users",
    tags: reads,
    schema: z.array(storeUserSchema),
  });
  return users.map(toUser);
}

export async function getUser(store: StoreClient, id: string): Promise<User> {
  return toUser(await store.request({ ...usersRequest, id, path: path(id), tags: reads, schema: storeUserSchema }));
}

export async function createUser(
  store: StoreClient,
  input: { email: string; password?: string; permissions?: readonly string[] },
): Promise<User> {
  const created = await store.request({
    ...usersRequest,
    method: "POST",
    path: "/api/v1/users",
    form: { email: input.email, password: input.password, permissions: input.permissions },
    schema: oneOrListOfOne(storeUserSchema),
  });
  return toUser(created);
}

export async function updateUser(
  store: StoreClient,
  id: string,
  changes: { email?: string; password?: string; permissions?: readonly string[]; is_active?: boolean },
): Promise<User> {
  const updated = await store.request({
    ...usersRequest,
    method: "PUT",
    id,
    path: path(id),
    form: changes,
    schema: oneOrListOfOne(storeUserSchema),
  });
  return toUser(updated);
}

export async function deleteUser(store: StoreClient, id: string): Promise<void> {
  await store.request({ ...usersRequest, method: "DELETE", id, path: path(id), schema: anyBody });
}

/**
 * The two mails a person may ask the store to send again, each with a fresh
 * single-use link that voids the older ones: an extension of the bundled
 * store (docs/contract.md#extensions); the spec has neither.
 */
export type UserMail = "invitation" | "password_reset";

const mailNames: Record<UserMail, string> = {
  invitation: "send invitations again",
  password_reset: "send password reset emails",
};

export async function sendUserMail(store: StoreClient, id: string, mail: UserMail): Promise<User> {
  try {
    const user = await store.request({
      ...usersRequest,
      method: "POST",
      id,
      path: `${path(id)}/${mail}`,
      form: {},
      schema: oneOrListOfOne(storeUserSchema),
    });
    return toUser(user);
  } catch (error) {
    // A store without the extension answers 404 or 405 for the path. A 404
    // might also mean the user is gone: a read of the user tells which.
    if (isStatus(error, 405) || (isStatus(error, 404) && (await getUser(store, id)))) {
      throw new StoreApiError({
        status: 422,
        code: "not_supported",
        message: `This store cannot ${mailNames[mail]}.`,
        detail: error instanceof Error ? error.message : undefined,
      });
    }
    throw error;
  }
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof StoreApiError && error.status === status;
}
