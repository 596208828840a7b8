import { EnvError, parseEnv } from "./env";

/**
 * What the dashboard's `GET /readyz` checks (docs/architecture.md#operations):
 * its configuration is complete, and the store answers. The store is asked
 * for its own `/readyz`; a store that follows the contract without one (the
 * contract has none) answers 404 there, and is then asked at its token
 * endpoint, which every store has: its refusal of an empty form (`400
 * invalid_request`, or 401) shows it serving.
 */

export type CheckResult = { status: "ok"; via?: string } | { status: "failed" | "skipped"; error: string };

export interface DashboardReadiness {
  ready: boolean;
  /**
   * What the probe answers anyone (it needs no sign-in): which check failed
   * and the kind of failure, never the store's address (it may carry
   * credentials) nor the configuration's values.
   */
  checks: { configuration: CheckResult; store: CheckResult };
  /** One sentence naming what failed (empty when ready), as public as `checks`. */
  problem: string;
  /** The same with the details, for the dashboard's log only: the store's address (without credentials), the configuration's problems. */
  detail: string;
}

/** How long the store gets to answer: a load balancer gives a probe a few seconds. */
export const STORE_TIMEOUT_MS = 3000;

/** The store's address as the log may show it: no user name or password, no query. */
export function loggableUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

/** A check's outcome: what the probe answers, and what the log adds. */
interface StoreCheck {
  result: CheckResult;
  detail?: string;
}

async function askStore(baseUrl: string, fetcher: typeof fetch, timeoutMs: number): Promise<StoreCheck> {
  const signal = () => AbortSignal.timeout(timeoutMs);
  const where = loggableUrl(baseUrl);
  const failed = (err: unknown): StoreCheck => {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    const error = timedOut ? `the store did not answer within ${timeoutMs / 1000} s` : "the store is unreachable";
    const cause = err instanceof Error ? ((err.cause as { code?: unknown } | undefined)?.code ?? err.name) : "";
    return { result: { status: "failed", error }, detail: `${error} (${where}${cause ? `: ${String(cause)}` : ""})` };
  };
  let readyz: Response;
  try {
    readyz = await fetcher(`${baseUrl}/readyz`, { cache: "no-store", redirect: "manual", signal: signal() });
    await readyz.body?.cancel();
  } catch (err) {
    return failed(err);
  }
  if (readyz.status === 200) return { result: { status: "ok", via: "/readyz" } };
  if (readyz.status !== 404 && readyz.status !== 405) {
    const error = `the store is not ready (its /readyz answered ${readyz.status})`;
    return { result: { status: "failed", error }, detail: `${error} at ${where}` };
  }

  // No /readyz: the contract's token endpoint, which refuses a form without credentials as RFC 6749 says (400 or
  // 401). Anything else (a 404 of a server that is no store, a 5xx) is not a store serving.
  try {
    const token = await fetcher(`${baseUrl}/oauth2/access_token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      cache: "no-store",
      redirect: "manual",
      signal: signal(),
    });
    await token.body?.cancel();
    if (token.status === 400 || token.status === 401) return { result: { status: "ok", via: "/oauth2/access_token" } };
    const error = `the store answered ${token.status} at its token endpoint`;
    return { result: { status: "failed", error }, detail: `${error} (${where})` };
  } catch (err) {
    return failed(err);
  }
}

export async function checkReadiness(
  source: Record<string, string | undefined>,
  { fetcher = fetch, timeoutMs = STORE_TIMEOUT_MS }: { fetcher?: typeof fetch; timeoutMs?: number } = {},
): Promise<DashboardReadiness> {
  let baseUrl: string;
  try {
    baseUrl = parseEnv(source).STORE_BASE_URL;
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    const error = "incomplete (the dashboard's log names what is missing)";
    return {
      ready: false,
      checks: {
        configuration: { status: "failed", error },
        store: { status: "skipped", error: "the configuration is incomplete" },
      },
      problem: `Store Admin is not ready: configuration: ${error}.`,
      detail: `Store Admin is not ready: configuration: ${err.problems.join(" ")}`,
    };
  }
  const { result: store, detail } = await askStore(baseUrl, fetcher, timeoutMs);
  return {
    ready: store.status === "ok",
    checks: { configuration: { status: "ok" }, store },
    problem: store.status === "ok" ? "" : `Store Admin is not ready: store: ${store.error}.`,
    detail: store.status === "ok" ? "" : `Store Admin is not ready: store: ${detail ?? store.error}.`,
  };
}
