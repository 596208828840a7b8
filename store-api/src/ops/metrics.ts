import dns from "node:dns/promises";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { MetricsSettings } from "../config.js";
import { jobs } from "../db/schema/index.js";
import { isLoopbackHost } from "../auth/loopback.js";
import { isPrivateAddress } from "../media/fetch.js";

/**
 * Prometheus metrics (docs/architecture.md#operations), off unless
 * STORE_API_METRICS_PORT is set. They are served on a listener of their own
 * (127.0.0.1 by default), never beside the API: no token guards them, so only
 * what can reach that address (the machine, a scraper on a private network)
 * reads them.
 *
 * The hot paths pay little: a request adds one histogram observation; the
 * caches count hits and misses in plain integers (api/read-cache.ts) and the
 * renders already count themselves (media/render-slots.ts), which are read
 * only when scraped. The jobs due are counted in the database when scraped (one
 * query on the pending jobs' index).
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The metrics listener, when metrics are on (src/ops/metrics.ts). */
    metrics: Metrics | null;
  }
}

export interface Metrics {
  registry: Registry;
  /** Where the listener listens, once the app is ready. */
  address(): AddressInfo | null;
}

/**
 * A counter per label that follows a count kept elsewhere (a plain integer that
 * only grows, so the hot path pays an increment): the difference is added when scraped.
 */
function followingCounter(
  registry: Registry,
  { name, help, label }: { name: string; help: string; label: string },
  counts: Record<string, () => number>,
): void {
  const seen = new Map<string, number>();
  const counter = new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      for (const [value, read] of Object.entries(counts)) {
        const now = read();
        const before = seen.get(value) ?? 0;
        if (now > before) this.inc({ [label]: value }, now - before);
        seen.set(value, now);
      }
    },
  });
  // Every series from the first scrape, at 0, so that a rate over them has a start.
  for (const value of Object.keys(counts)) counter.inc({ [label]: value }, 0);
}

/**
 * Why a metrics listener on `host` may be reachable from the internet, or
 * null when it is not: every interface (0.0.0.0, ::), a public address, or a
 * name that resolves to one. Loopback and private addresses are fine.
 */
export async function publicExposure(host: string): Promise<string | null> {
  const h = host.trim().replace(/^\[|\]$/g, "");
  if (h === "0.0.0.0" || h === "::" || h === "0:0:0:0:0:0:0:0") return "listens on every interface";
  if (net.isIP(h)) return isPrivateAddress(h) ? null : "is a public address";
  if (isLoopbackHost(h)) return null;
  try {
    const addresses = await dns.lookup(h, { all: true });
    const open = addresses.find((a) => !isPrivateAddress(a.address));
    return open ? `resolves to a public address (${open.address})` : null;
  } catch {
    return null; // The listener failed already when the name does not resolve.
  }
}

/** Registers the metrics and their listener (started when the app is ready, closed with it); null when off. */
export function registerMetrics(app: FastifyInstance, settings: MetricsSettings | undefined): void {
  if (!settings) {
    app.decorate("metrics", null);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    // The pattern, never the raw URL (one series per route, whatever the ids); unmatched paths share one.
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? "(unmatched)", status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: "store_http_requests_in_flight",
    help: "Requests being answered now.",
    registers: [registry],
    collect() {
      this.set(app.inFlight.requests.size);
    },
  });

  new Gauge({
    name: "store_jobs_due",
    help: "Background jobs due and not claimed by any instance: the queue's depth (read from the database when scraped).",
    registers: [registry],
    async collect() {
      const [row] = await app.db
        .select({ due: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          sql`${jobs.state} = 'pending' and ${jobs.runAfter} <= now() and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`,
        );
      this.set(row?.due ?? 0);
    },
  });
  new Gauge({
    name: "store_jobs_running",
    help: "Background jobs this process is running now.",
    registers: [registry],
    collect() {
      this.set(app.jobs.running.length);
    },
  });
  const failures = new Counter({
    name: "store_job_failures_total",
    help: "Background job attempts that failed, by kind and outcome (retry: tried again later; failed: given up).",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  app.jobs.onFailure = (kind, outcome) => failures.inc({ kind, outcome });

  followingCounter(
    registry,
    {
      name: "store_read_cache_hits_total",
      help: "Reads answered from memory, by cache (answers: the catalogue's reads; tokens: access tokens).",
      label: "cache",
    },
    { answers: () => app.readCache.hits, tokens: () => app.tokenCache.hits },
  );
  followingCounter(
    registry,
    {
      name: "store_read_cache_misses_total",
      help: "Reads the caches could not answer (computed from the database), by cache.",
      label: "cache",
    },
    { answers: () => app.readCache.misses, tokens: () => app.tokenCache.misses },
  );

  new Gauge({
    name: "store_renders_in_flight",
    help: "Images being rendered into their sizes now (at most STORE_API_RENDER_CONCURRENCY).",
    registers: [registry],
    collect() {
      this.set(app.renders.active);
    },
  });
  new Gauge({
    name: "store_renders_waiting",
    help: "Renders waiting for a slot.",
    registers: [registry],
    collect() {
      this.set(app.renders.queued);
    },
  });

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }).end("Use GET.\n");
      return;
    }
    if (path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("The metrics are at /metrics.\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (err: unknown) => {
        app.log.error({ err }, "metrics: could not collect them");
        res
          .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
          .end("The metrics could not be collected.\n");
      },
    );
  });
  app.decorate("metrics", {
    registry,
    address: () => {
      const address = server.address();
      return address && typeof address === "object" ? address : null;
    },
  });
  app.addHook("onReady", async () => {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ port: settings.port, host: settings.host }, () => {
        server.off("error", reject);
        resolve();
      });
    });
    const { address, port } = server.address() as AddressInfo;
    app.log.info({ metrics: `http://${address}:${port}/metrics` }, "metrics: serving them");
    const exposed = await publicExposure(settings.host);
    if (exposed) {
      app.log.warn(
        { metricsHost: settings.host },
        `STORE_API_METRICS_HOST=${settings.host} ${exposed}: the metrics need no token, so anyone who can reach it ` +
          "reads them (the routes, the queue, the caches); listen on 127.0.0.1 or a private network's address instead",
      );
    }
  });
  app.addHook("onClose", async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
