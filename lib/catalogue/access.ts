import "server-only";
import { z } from "zod";
import type { StoreClient } from "../store/client";

/**
 * Who may be served from the catalogue copy (docs/architecture.md#the-catalogue-copy): a person
 * whose token the store accepts for its products list now. Asked of the store with the smallest
 * list read (one product), and remembered for at most 30 s per token (its hash: StoreClient's
 * cacheScope), so that a person who lost the permission, or whose token was revoked, is refused
 * within 30 s and at once after any refusal the store gave. A refusal is the store's own error
 * (401 ends the session, 403 says what is missing), thrown to the route handler.
 */
const rememberMs = 30_000;
const verdicts = new Map<string, { at: number; etag: string | null }>();

/** The catalogue's version as the person's read saw it (their read doubles as the copy's check). */
export async function confirmAccess(store: StoreClient, now = Date.now()): Promise<{ etag: string | null }> {
  const scope = store.cacheScope;
  const known = verdicts.get(scope);
  if (known && now - known.at < rememberMs) return { etag: known.etag };
  verdicts.delete(scope);
  const { headers } = await store.requestWithHeaders({
    scope: "admin",
    resource: "product",
    path: "/api/v1/products",
    query: { page: 0, count: 1 },
    schema: z.unknown(),
  });
  const etag = headers.get("etag");
  // Bounded: the oldest verdicts go first.
  if (verdicts.size >= 10_000) for (const key of [...verdicts.keys()].slice(0, 1000)) verdicts.delete(key);
  verdicts.set(scope, { at: now, etag });
  return { etag };
}

/** Forgets a token's verdict (the store refused it: a 401 or 403 on a write, or a sign-out). */
export function forgetAccess(store: StoreClient) {
  verdicts.delete(store.cacheScope);
}
