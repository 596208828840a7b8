import { checkReadiness } from "@/lib/readiness";

/**
 * GET /readyz: the dashboard can serve (docs/architecture.md#operations): its
 * configuration is complete and the store answers (lib/readiness.ts). 200
 * naming each check, or 503 naming the one that failed. proxy.ts's matcher
 * leaves it out: no sign-in, and an incomplete configuration is reported here
 * rather than failing the proxy.
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const result = await checkReadiness(process.env);
  const headers = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
  if (result.ready) return Response.json({ status: "ready", checks: result.checks }, { headers });
  // The log has the details; the answer (no sign-in) names only the kind of failure (lib/readiness.ts).
  console.warn(`readyz: ${result.detail}`);
  return Response.json(
    { status: "unready", error: "not_ready", error_description: result.problem, checks: result.checks },
    { status: 503, headers },
  );
}
