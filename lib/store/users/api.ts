import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
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
  return toUser(await store.request({ ...usersRequest, path: path(id), tags: reads, schema: storeUserSchema }));
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
    path: path(id),
    form: changes,
    schema: oneOrListOfOne(storeUserSchema),
  });
  return toUser(updated);
}

export async function deleteUser(store: StoreClient, id: string): Promise<void> {
  await store.request({ ...usersRequest, method: "DELETE", path: path(id), schema: anyBody });
}
