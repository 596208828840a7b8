import { type Failure, FailureError } from "../failure";

/** A client read that failed: the route handler's status, code and sentence. */
export class FetchJsonError extends FailureError {
  constructor(failure: Failure) {
    super(failure);
    this.name = "FetchJsonError";
  }
}

const fallbackSentence: Record<number, string> = {
  401: "Your store session has ended. Sign in again to continue.",
  403: "Your store account is not allowed to do this.",
  404: "Store Admin could not find what was asked for.",
  429: "The store is busy right now. Wait a moment and try again.",
};

/**
 * A refused response as a FetchJsonError. The body is the route handler's
 * `{error, code, fieldErrors?}` (lib/route-handler.ts); anything else (a
 * proxy's HTML page, an empty body) still becomes one sentence by status.
 */
export function fetchJsonError(status: number, bodyText: string): FetchJsonError {
  let body: Record<string, unknown> = {};
  try {
    const json: unknown = JSON.parse(bodyText);
    if (json && typeof json === "object" && !Array.isArray(json)) body = json as Record<string, unknown>;
  } catch {
    // not JSON: the sentence comes from the status
  }
  const fieldErrors: Record<string, string> = {};
  if (body.fieldErrors && typeof body.fieldErrors === "object") {
    for (const [field, message] of Object.entries(body.fieldErrors)) {
      if (typeof message === "string") fieldErrors[field] = message;
    }
  }
  return new FetchJsonError({
    status,
    code: typeof body.code === "string" && body.code ? body.code : `http_${status}`,
    error:
      typeof body.error === "string" && body.error.trim()
        ? body.error
        : (fallbackSentence[status] ?? `Store Admin had a problem (HTTP ${status}). Try again in a moment.`),
    ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
  });
}

/**
 * The one way client components read data: GET a dashboard route handler
 * (app/api/<resource>/…) and get its JSON, or a FetchJsonError. A 401 sends
 * the user to sign in and back (the QueryCache in components/providers.tsx).
 * The JSON is the dashboard's own, already checked on the server: not parsed again.
 */
export async function fetchJson<T>(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: "application/json" }, cache: "no-store", signal });
  } catch (error) {
    // React Query cancelled the read: let it see its own abort.
    if (signal?.aborted) throw error;
    throw new FetchJsonError({
      status: 0,
      code: "network_error",
      error: "Store Admin could not be reached. Check your connection and try again.",
    });
  }
  const text = await response.text();
  if (!response.ok) throw fetchJsonError(response.status, text);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new FetchJsonError({
      status: 502,
      code: "unreadable_response",
      error: "Store Admin sent an answer it could not read. Reload the page and try again.",
    });
  }
}
