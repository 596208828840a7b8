import { EnvError, parseEnv } from "./env";

/**
 * What the dashboard's `GET /readyz` checks (docs/architecture.md#operations):
 * its configuration is complete, and the store answers. The store is asked
 * for its own `/readyz`; a store that follows the contract without one (the
 * contract has none) answers 404 there, and is then asked at its token
 * endpoint, which every store has: any answer short of a server error (a
 * `400 invalid_request` to an empty form) shows it serving.
 */

export type CheckResult = { status: "ok"; via?: string } | { status: "failed" | "skipped"; error: string };

export interface DashboardReadiness {
  ready: boolean;
  checks: { configuration: CheckResult; store: CheckResult };
  /** One sentence naming what failed (empty when ready). */
  problem: string;
}

/** How long the store gets to answer: a load balancer gives a probe a few seconds. */
export const STORE_TIMEOUT_MS = 3000;

async function askStore(baseUrl: string, fetcher: typeof fetch, timeoutMs: number): Promise<CheckResult> {
  const signal = () => AbortSignal.timeout(timeoutMs);
  const failed = (err: unknown): CheckResult => ({
    status: "failed",
    error:
      err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")
        ? `the store at ${baseUrl} did not answer within ${timeoutMs / 1000} s`
        : `the store at ${baseUrl} could not be reached`,
  });
  let readyz: Response;
  try {
    readyz = await fetcher(`${baseUrl}/readyz`, { cache: "no-store", redirect: "manual", signal: signal() });
    await readyz.body?.cancel();
  } catch (err) {
    return failed(err);
  }
  if (readyz.status === 200) return { status: "ok", via: "/readyz" };
  if (readyz.status !== 404 && readyz.status !== 405)
    return { status: "failed", error: `the store at ${baseUrl} is not ready (its /readyz answered ${readyz.status})` };

  // No /readyz: the contract's token endpoint, which answers a form without credentials with a 4xx.
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
    if (token.status < 500) return { status: "ok", via: "/oauth2/access_token" };
    return { status: "failed", error: `the store at ${baseUrl} answered ${token.status} at its token endpoint` };
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
    const error = `incomplete: ${err.problems.join(" ")}`;
    return {
      ready: false,
      checks: {
        configuration: { status: "failed", error },
        store: { status: "skipped", error: "the configuration is incomplete" },
      },
      problem: `Store Admin is not ready: configuration: ${error}`,
    };
  }
  const store = await askStore(baseUrl, fetcher, timeoutMs);
  return {
    ready: store.status === "ok",
    checks: { configuration: { status: "ok" }, store },
    problem: store.status === "ok" ? "" : `Store Admin is not ready: store: ${store.error}.`,
  };
}
