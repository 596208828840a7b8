/**
 * GET /healthz: the dashboard's process answers (docs/architecture.md#operations).
 * Touches nothing else, not even the configuration; proxy.ts's matcher leaves
 * it out, so no sign-in is needed.
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(
    { status: "ok" },
    { headers: { "cache-control": "no-store", "x-content-type-options": "nosniff" } },
  );
}
