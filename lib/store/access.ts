import "server-only";
import { StoreClient } from "./client";
import { StoreApiError, StoreForbiddenError, StoreScopeError } from "./errors";
import type { UserPermission } from "./users/model";

/**
 * One cheap request per permission, each needing that permission alone
 * (docs/contract.md#scopes-and-permissions). Paged lists ask for one item.
 * Reading products needs no permission, so manage_products is asked with a
 * write that cannot change anything: `PUT /products_multi` without its
 * `products` field, refused with 403 without the permission and as invalid
 * (400 or 422, nothing written: all or nothing, docs/contract.md#products_multi)
 * with it.
 */
const probes: Record<
  UserPermission,
  { method?: "PUT"; path: string; query?: Record<string, number>; form?: Record<string, string> }
> = {
  manage_orders: { path: "/api/v1/orders", query: { count: 1 } },
  manage_products: { method: "PUT", path: "/api/v1/products_multi", form: {} },
  manage_marketing: { path: "/api/v1/coupons" },
  manage_store_settings: { path: "/api/v1/shipping_groups" },
  manage_users: { path: "/api/v1/users" },
  view_stats: { path: "/api/v1/orders/count" },
};

/** What one probe said: refused (403), answered (any other answer but a failure to reach), or unknown. */
export type ProbeAnswer = "refused" | "allowed" | "unknown";

/**
 * Asks the store each permission's cheap read and says what it answered. Only
 * the status counts: the body is not read (the coupons list can be large),
 * the download is cancelled at once. A 403 is a refusal; any other answer (a
 * 200, a 404 for a resource the store lacks) leaves the permission allowed;
 * a store that could not be reached, a timeout or a 5xx is "unknown".
 */
export async function probePermissions(
  options: { baseUrl: string; accessToken: string; timeoutMs?: number; fetch?: typeof fetch },
  permissions: readonly UserPermission[] = Object.keys(probes) as UserPermission[],
): Promise<Record<UserPermission, ProbeAnswer>> {
  const store = new StoreClient({
    baseUrl: options.baseUrl,
    accessToken: options.accessToken,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 5000,
    maxRetries: 1,
    maxRetryWaitMs: 2000,
  });
  const answers = await Promise.all(
    permissions.map(async (permission): Promise<[UserPermission, ProbeAnswer]> => {
      try {
        const body = await store.requestBody(probes[permission]);
        await body.cancel();
        return [permission, "allowed"];
      } catch (error) {
        if (error instanceof StoreForbiddenError || error instanceof StoreScopeError) return [permission, "refused"];
        if (error instanceof StoreApiError && error.status < 500) return [permission, "allowed"];
        return [permission, "unknown"];
      }
    }),
  );
  return Object.fromEntries(answers) as Record<UserPermission, ProbeAnswer>;
}

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
  const answers = await probePermissions(options, permissions);
  return permissions.filter((p) => answers[p] === "refused");
}

/**
 * The user's permissions read again for a session (lib/session-refresh.ts):
 * `known` is what the session holds (null: the store never said). Each of the
 * six follows its probe; one the store could not answer keeps what was known
 * (and is assumed while nothing was known, as at sign-in); permissions of the
 * store's own that this dashboard has no probe for stay as they were. "unreachable"
 * when the store could not be reached for any of them: nothing is changed then.
 */
export async function rereadPermissions(
  options: { baseUrl: string; accessToken: string; timeoutMs?: number; fetch?: typeof fetch },
  known: readonly string[] | null,
): Promise<string[] | "unreachable"> {
  const answers = await probePermissions(options);
  const probed = Object.keys(probes) as UserPermission[];
  if (probed.every((p) => answers[p] === "unknown")) return "unreachable";
  const granted = probed.filter((p) =>
    answers[p] === "unknown" ? known === null || known.includes(p) : answers[p] === "allowed",
  );
  const theirs = (known ?? []).filter((p) => !(probed as string[]).includes(p));
  return [...granted, ...theirs];
}
