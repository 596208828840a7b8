import "server-only";
import { revalidatePath } from "next/cache";
import * as z from "zod";
import { getSessionView, getStoreClient, type SessionView } from "../session";
import { StoreApiError, StoreConflictError, fieldSentence, type StoreClient } from "../store/client";
import type { ActionResult } from "./result";

export type { ActionResult } from "./result";

interface StoreActionConfig<S extends z.core.$ZodType, T> {
  /** Validates what the browser sent; never trust the form's own checks. */
  input: S;
  run: (store: StoreClient, input: z.output<S>, session: SessionView) => Promise<T>;
  /** Paths whose server-rendered data this action changes. */
  revalidate?: string[];
  /** The form field a 409 conflict belongs under (e.g. "email"). */
  conflictField?: string;
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
 * validation, the store call, revalidation, and a plain result.
 */
export function storeAction<S extends z.core.$ZodType, T>(config: StoreActionConfig<S, T>) {
  return async (
    ...[rawInput]: undefined extends z.input<S> ? [input?: z.input<S>] : [input: z.input<S>]
  ): Promise<ActionResult<T>> => {
    const [session, store] = await Promise.all([getSessionView(), getStoreClient()]);
    if (!session || !store) {
      return { ok: false, status: 401, code: "signed_out", error: "You are signed out. Sign in again to continue." };
    }

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
      if (!(error instanceof StoreApiError)) {
        console.error("[action] unexpected failure", error);
        return { ok: false, status: 500, code: "internal", error: "Something went wrong in Store Admin. Try again." };
      }
      if (error.status >= 500)
        console.error(`[action] store answered ${error.status} ${error.code}: ${error.detail ?? error.message}`);
      const fieldErrors: Record<string, string> = {};
      for (const [field, message] of Object.entries(error.fields)) {
        fieldErrors[field] = fieldSentence(field, message);
      }
      if (error instanceof StoreConflictError && config.conflictField) {
        fieldErrors[config.conflictField] ??= error.message;
      }
      return {
        ok: false,
        status: error.status,
        code: error.code,
        error: error.message,
        ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
      };
    }

    for (const path of config.revalidate ?? []) revalidatePath(path);
    return { ok: true, data };
  };
}
