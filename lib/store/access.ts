import "server-only";
import { StoreClient } from "./client";
import { StoreAuthError, StoreForbiddenError, StoreScopeError, StoreValidationError } from "./errors";
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

/**
 * What one probe said:
 *
 * - "allowed": an answer that proves the permission: a 2xx, and for
 *   manage_products' write a 400 or 422 (the store refused the missing field,
 *   so the token and the permission were checked and passed first:
 *   docs/contract.md#scopes-and-permissions; the bundled store checks them
 *   before it reads a body);
 * - "refused": a 403 (`forbidden` or `insufficient_scope`);
 * - "signed_out": a 401: the token is unknown, revoked, expired, or its user
 *   was deactivated;
 * - "unknown": anything else. A 429 (throttled), a 5xx, no answer, a timeout, a
 *   redirect, an unreadable answer, and a 404 too: a store that lacks the
 *   resource (or answers 404 for anything it will not show) tells nothing of
 *   the permission, and answering 404 is no reason to show a section.
 */
export type ProbeAnswer = "allowed" | "refused" | "signed_out" | "unknown";

/** What a probe's failure says of the permission it asks for (ProbeAnswer). */
function answerOf(permission: UserPermission, error: unknown): ProbeAnswer {
  if (error instanceof StoreAuthError) return "signed_out";
  if (error instanceof StoreForbiddenError || error instanceof StoreScopeError) return "refused";
  if (permission === "manage_products" && error instanceof StoreValidationError) return "allowed";
  return "unknown";
}

/**
 * Asks the store each permission's cheap read and says what it answered
 * (ProbeAnswer): only answers that prove access count as allowed. Only the
 * status counts: the body is not read (the coupons list can be large), the
 * download is cancelled at once. A 429 is waited out once (up to 2 s) before
 * it counts as unknown.
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
  const probe = async (permission: UserPermission): Promise<[UserPermission, ProbeAnswer]> => {
    try {
      const body = await store.requestBody(probes[permission]);
      await body.cancel();
      return [permission, "allowed"];
    } catch (error) {
      return [permission, answerOf(permission, error)];
    }
  };
  // Two at a time, not all at once: a store may bound how many requests one user has in flight (ours
  // holds a user to a quarter of its database pool, two connections by default, and refuses a list past
  // it with a 503), and a probe refused for that would read as a permission withheld.
  const answers: [UserPermission, ProbeAnswer][] = [];
  const queue = [...permissions];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) answers.push(await probe(next));
  };
  await Promise.all([worker(), worker()]);
  return Object.fromEntries(answers) as Record<UserPermission, ProbeAnswer>;
}

/**
 * What the user may do, asked at sign-in of a store whose token response does
 * not name the user's permissions (the `user` extension,
 * docs/contract.md#oauth), so that the sidebar and Home show only what the
 * user may open. Fails closed: `refused` holds every permission the store did
 * not prove (a 403, and an unknown answer too: a store that is throttling or
 * failing at sign-in grants nothing by it). `certain` is false when some answer
 * was unknown: the session then reads them again at its next request
 * (lib/auth.ts), so a store slow for a moment costs one re-read, not the
 * permissions until the next refresh. A 401 throws the StoreAuthError: the
 * token the store just issued is already refused, and the sign-in fails.
 */
export async function signInPermissions(options: {
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): Promise<{ refused: UserPermission[]; certain: boolean }> {
  const answers = await probePermissions(options);
  const probed = Object.keys(probes) as UserPermission[];
  if (probed.some((p) => answers[p] === "signed_out")) {
    throw new StoreAuthError({
      status: 401,
      code: "invalid_token",
      message: "Your store session has ended. Sign in again to continue.",
      detail: "the store refused the new token while its permissions were read",
    });
  }
  return {
    refused: probed.filter((p) => answers[p] !== "allowed"),
    certain: probed.every((p) => answers[p] !== "unknown"),
  };
}

/**
 * The user's permissions read again for a session (lib/session-refresh.ts):
 * `known` is what the session holds (null: every permission, as a store that
 * refused nothing at sign-in). Each of the six follows its probe: allowed when
 * the store proved it, taken away on a 403; one the store could not answer
 * (a 429, a 5xx, a 404, no answer) keeps what was known. Permissions of the
 * store's own that this dashboard has no probe for stay as they were.
 * "unreachable" when no probe got an answer that says anything: nothing is
 * changed then. "signed_out" when the store refused the token itself (a 401):
 * the session is over (the caller ends it).
 */
export async function rereadPermissions(
  options: { baseUrl: string; accessToken: string; timeoutMs?: number; fetch?: typeof fetch },
  known: readonly string[] | null,
): Promise<string[] | "unreachable" | "signed_out"> {
  const answers = await probePermissions(options);
  const probed = Object.keys(probes) as UserPermission[];
  if (probed.some((p) => answers[p] === "signed_out")) return "signed_out";
  if (probed.every((p) => answers[p] === "unknown")) return "unreachable";
  const granted = probed.filter((p) =>
    answers[p] === "unknown" ? known === null || known.includes(p) : answers[p] === "allowed",
  );
  const theirs = (known ?? []).filter((p) => !(probed as string[]).includes(p));
  return [...granted, ...theirs];
}
