import "server-only";
import { updateTag } from "next/cache";
import * as z from "zod";
import { signedOutFailure } from "../failure";
import { getSessionView, getStoreClient, type SessionView } from "../session";
import type { StoreClient } from "../store/client";
import { failureFrom } from "../store/errors";
import { type CatalogueWrite, recordCatalogueWrite } from "../catalogue/writes";
import type { ActionResult } from "./result";

interface StoreActionConfig<S extends z.core.$ZodType, T> {
  /** Validates what the browser sent; never trust the form's own checks. */
  input: S;
  run: (store: StoreClient, input: z.output<S>, session: SessionView) => Promise<T>;
  /**
   * The cache tags this write makes stale, as declared beside the resource's
   * calls (e.g. `userTags.all` in lib/store/users/api.ts). Required, so that
   * no write forgets its reads; `[]` says "nothing" on purpose.
   */
  invalidates: readonly string[];
  /** The form field a 409 conflict belongs under (e.g. "email"). */
  conflictField?: string;
  /** The products this write changed, for the catalogue copy (lib/catalogue/writes.ts). */
  catalogue?: (input: z.output<S>, data: T) => CatalogueWrite;
}

/** First message per top-level field, for the form to show beside it. */
function fieldErrorsFrom(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The one wrapper every server action goes through: session, input
 * validation, the store call, tag invalidation, and a plain result.
 *
 * Writes only: reads go through server components and GET route handlers
 * (lib/route-handler.ts), because Next runs a client's actions one at a time.
 */
export function storeAction<S extends z.core.$ZodType, T>(config: StoreActionConfig<S, T>) {
  return async (
    ...[rawInput]: undefined extends z.input<S> ? [input?: z.input<S>] : [input: z.input<S>]
  ): Promise<ActionResult<T>> => {
    const [session, store] = await Promise.all([getSessionView(), getStoreClient()]);
    if (!session || !store) return { ok: false, ...signedOutFailure };

    // Any zod 4 schema, classic or mini (the forms share theirs).
    const parsed = z.safeParse(config.input, rawInput);
    if (!parsed.success) {
      return {
        ok: false,
        status: 400,
        code: "invalid_input",
        error: "Some values need another look.",
        fieldErrors: fieldErrorsFrom(parsed.error),
      };
    }

    let data: T;
    try {
      data = await config.run(store, parsed.data, session);
    } catch (error) {
      return { ok: false, ...failureFrom(error, { where: "action", conflictField: config.conflictField }) };
    }

    // updateTag, not revalidateTag: the next read must wait for fresh data
    // (read-your-own-writes), and it marks this action as having changed
    // data, so the browser's router cache drops what it holds and the page
    // that called the action comes back re-rendered. Store reads themselves
    // are per-user and never cached (`no-store`).
    for (const tag of config.invalidates) updateTag(tag);
    if (config.catalogue) await recordCatalogueWrite(store, config.catalogue(parsed.data, data));
    return { ok: true, data };
  };
}
