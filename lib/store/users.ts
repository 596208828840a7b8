import { z } from "zod";
import { anyBody, oneOrListOfOne, type StoreClient } from "./client";
import type { User } from "./user-model";

// Client components import these two modules directly (they carry no
// zod classic); server code may take everything from here.
export * from "./user-input";
export * from "./user-model";

/** What every users request needs beside the admin scope. */
const usersContext = { permission: "manage_users", scope: "admin", resource: "user" } as const;

/* ---------- raw API shape (tolerant: unknown fields pass) ---------- */

export const storeUserSchema = z.looseObject({
  id: z.union([z.number(), z.string().min(1)]),
  email: z.string(),
  permissions: z.array(z.string()).default([]),
  // "present in responses" says the spec; a store that leaves it out has no
  // inactive users.
  is_active: z.boolean().default(true),
});

export type StoreUser = z.infer<typeof storeUserSchema>;

export function toUser(raw: StoreUser): User {
  return {
    id: String(raw.id),
    email: raw.email,
    permissions: raw.permissions,
    active: raw.is_active,
  };
}

/* ---------- calls ---------- */

const path = (id: string | number) => `/api/v1/users/${encodeURIComponent(String(id))}`;

export async function listUsers(store: StoreClient): Promise<User[]> {
  // The spec gives the users list no pagination.
  const users = await store.request({ ...usersContext, path: "/api/v1/users", schema: z.array(storeUserSchema) });
  return users.map(toUser);
}

export async function getUser(store: StoreClient, id: string): Promise<User> {
  return toUser(await store.request({ ...usersContext, path: path(id), schema: storeUserSchema }));
}

export async function createUser(
  store: StoreClient,
  input: { email: string; password?: string; permissions?: readonly string[] },
): Promise<User> {
  const created = await store.request({
    ...usersContext,
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
    ...usersContext,
    method: "PUT",
    path: path(id),
    form: changes,
    schema: oneOrListOfOne(storeUserSchema),
  });
  return toUser(updated);
}

export async function deleteUser(store: StoreClient, id: string): Promise<void> {
  await store.request({ ...usersContext, method: "DELETE", path: path(id), schema: anyBody });
}
