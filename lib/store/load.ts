import "server-only";
import { redirect } from "next/navigation";
import { signInPath } from "../callback-path";
import { getStoreClient } from "../session";
import type { StoreClient } from "./client";
import { StoreApiError, StoreAuthError, toProblem } from "./errors";
import type { Loaded } from "./model";

/**
 * Runs a server component's store reads. A 401 (or no session) sends the user
 * to sign in and back to `callbackPath`; every other store failure comes back
 * as a problem the page shows instead of crashing.
 */
export async function loadFromStore<T>(
  callbackPath: string,
  run: (store: StoreClient) => Promise<T>,
): Promise<Loaded<T>> {
  const store = await getStoreClient();
  if (!store) redirect(signInPath(callbackPath));
  try {
    return { ok: true, data: await run(store) };
  } catch (error) {
    if (error instanceof StoreAuthError) redirect(signInPath(callbackPath, "SessionExpired"));
    if (error instanceof StoreApiError) {
      if (error.status >= 500) console.error(`[store] ${error.status} ${error.code}: ${error.detail ?? error.message}`);
      return { ok: false, problem: toProblem(error) };
    }
    throw error;
  }
}
