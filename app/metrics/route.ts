import { timingSafeEqual } from "node:crypto";
import { catalogueStats } from "@/lib/catalogue/registry";
import { getEnv } from "@/lib/env";

/**
 * GET /metrics: the dashboard's own figures in Prometheus's text format (docs/architecture.md#metrics):
 * the catalogue copy's size, age and revalidations (docs/architecture.md#the-catalogue-copy). Counts
 * only: no product, person or address. Off (404) unless DASHBOARD_METRICS_TOKEN is set, and then only
 * for a bearer of that token: it is on the dashboard's public port, past proxy.ts's sign-in.
 */
export const dynamic = "force-dynamic";

function allowed(request: Request): boolean | "off" {
  const token = getEnv().DASHBOARD_METRICS_TOKEN;
  if (!token) return "off";
  const given = Buffer.from(request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function GET(request: Request): Response {
  const verdict = allowed(request);
  if (verdict === "off") return new Response("Not found\n", { status: 404, headers: { "cache-control": "no-store" } });
  if (!verdict) {
    return new Response("A bearer token is required (DASHBOARD_METRICS_TOKEN).\n", {
      status: 401,
      headers: { "cache-control": "no-store", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  const now = Date.now();
  const lines: string[] = [];
  const metric = (
    name: string,
    type: "gauge" | "counter",
    help: string,
    value: (s: ReturnType<typeof catalogueStats>[number]) => number,
  ) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    catalogueStats().forEach((stats, i) => lines.push(`${name}{copy="${i}"} ${value(stats)}`));
  };
  metric("store_admin_catalogue_products", "gauge", "Products in the catalogue copy.", (s) => s.products);
  metric("store_admin_catalogue_bytes", "gauge", "Approximate bytes the catalogue copy holds.", (s) => s.bytes);
  metric(
    "store_admin_catalogue_age_seconds",
    "gauge",
    "Seconds since the copy last matched the store (-1: never).",
    (s) => (s.freshAt === null ? -1 : (now - s.freshAt) / 1000),
  );
  metric("store_admin_catalogue_ready", "gauge", "1 when every page is in.", (s) => (s.phase === "ready" ? 1 : 0));
  metric(
    "store_admin_catalogue_prepared",
    "gauge",
    "1 when the copy's word index and its orders by name and SKU are made (a first search or sort waits for neither).",
    (s) => (s.prepared ? 1 : 0),
  );
  metric(
    "store_admin_catalogue_revalidations_total",
    "counter",
    "Checks for changes made elsewhere.",
    (s) => s.revalidations,
  );
  metric("store_admin_catalogue_changes_total", "counter", "Checks that found a change.", (s) => s.changes);
  metric("store_admin_catalogue_rereads_total", "counter", "Whole re-reads of the store's pages.", (s) => s.rereads);
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" },
  });
}
