import "server-only";
import type { StoreClient } from "../store/client";
import { catalogueVersion } from "./source";

/**
 * Who may be served from the catalogue copy (docs/architecture.md#the-catalogue-copy): a person
 * whose token the store accepts for its products list now. Asked of the store with the smallest
 * list read (one product), and remembered for at most 30 s per token (its hash: StoreClient's
 * cacheScope), so that a person whose token was revoked, or whose user was deactivated, is refused
 * within 30 s. A refusal is the store's own error
 * (401 ends the session, 403 says what is missing), thrown to the route handler.
 */
const rememberMs = 30_000;
const verdicts = new Map<string, number>();

/** Resolves when the store accepts the person's token for its products (asked at most every 30 s per token). */
export async function confirmAccess(store: StoreClient, now = Date.now()): Promise<void> {
  const scope = store.cacheScope;
  const at = verdicts.get(scope);
  if (at !== undefined && now - at < rememberMs) return;
  verdicts.delete(scope);
  await catalogueVersion(store);
  // Bounded: the oldest verdicts go first.
  if (verdicts.size >= 10_000) for (const key of [...verdicts.keys()].slice(0, 1000)) verdicts.delete(key);
  verdicts.set(scope, now);
}
