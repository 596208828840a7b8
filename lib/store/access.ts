import "server-only";
import { z } from "zod";
import { StoreClient } from "./client";
import { StoreForbiddenError, StoreScopeError } from "./errors";
import type { UserPermission } from "./users/model";

/**
 * One cheap read per permission, each needing that permission alone
 * (docs/contract.md#scopes-and-permissions). Paged lists ask for one item.
 */
const probes: Record<UserPermission, { path: string; query?: Record<string, number> }> = {
  manage_orders: { path: "/api/v1/orders", query: { count: 1 } },
  manage_products: { path: "/api/v1/products", query: { count: 1 } },
  manage_marketing: { path: "/api/v1/coupons" },
  manage_store_settings: { path: "/api/v1/shipping_groups" },
  manage_users: { path: "/api/v1/users" },
  view_stats: { path: "/api/v1/orders/count" },
};

/**
 * The permissions a store refuses to this token, for a store whose token
 * response does not name the user's permissions (the `user` extension,
 * docs/contract.md#oauth). Asked once, at sign-in, so that the sidebar and
 * Home show only what the user may open. Only a 403 counts: any other answer
 * (200, a 404 for a resource the store lacks, a timeout) leaves the
 * permission assumed, and the store still decides on every request.
 */
export async function probeRefusedPermissions(
  options: { baseUrl: string; accessToken: string; timeoutMs?: number; fetch?: typeof fetch },
  permissions: readonly UserPermission[] = Object.keys(probes) as UserPermission[],
): Promise<UserPermission[]> {
  const store = new StoreClient({
    baseUrl: options.baseUrl,
    accessToken: options.accessToken,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 5000,
    maxRetries: 1,
    maxRetryWaitMs: 2000,
  });
  const refused = await Promise.all(
    permissions.map(async (permission) => {
      try {
        await store.request({ ...probes[permission], schema: z.unknown() });
        return null;
      } catch (error) {
        return error instanceof StoreForbiddenError || error instanceof StoreScopeError ? permission : null;
      }
    }),
  );
  return refused.filter((p): p is UserPermission => p !== null);
}
