import { z } from "zod";
import { storeId } from "../shapes";
import { type User, userStatus } from "./model";

/**
 * The store's user as the API sends it, read tolerantly (unknown fields
 * pass), and its mapping to the app's User. Kept apart from ./model.ts so
 * that client components, which import the model, carry no zod; only
 * ./api.ts (and tests) import this (docs/contract.md#users).
 */
export const storeUserSchema = z.looseObject({
  id: storeId,
  email: z.string(),
  permissions: z.array(z.string()).default([]),
  // "present in responses" says the spec; a store that leaves it out has no
  // inactive users.
  is_active: z.boolean().default(true),
  // Extension (docs/contract.md#extensions): false until the user has set a
  // password. Anything else means the store does not say.
  password_set: z.boolean().optional().catch(undefined),
});

export type StoreUser = z.infer<typeof storeUserSchema>;

export function toUser(raw: StoreUser): User {
  const active = raw.is_active;
  const passwordSet = raw.password_set ?? null;
  return {
    id: raw.id,
    email: raw.email,
    permissions: raw.permissions,
    active,
    passwordSet,
    status: userStatus({ active, passwordSet }),
  };
}
