import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema/index.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { UPLOAD_CALLBACK } from "../../src/media/imports.js";
import { publicExposure } from "../../src/ops/metrics.js";
import { api, createProduct, startStore, startStoreWithAdmin, type TestStore } from "../helpers/index.js";
import { LogCapture } from "./log-capture.js";

/**
 * Prometheus metrics on their own listener (docs/architecture.md#operations):
 * what a scrape shows after real requests and a real job failure.
 */

let store: TestStore;
let admin: string;
let metricsUrl: string;
/** Answers every callback with 500: the job fails its attempt and is tried again later. */
const failingCallback = http.createServer((_req, res) => res.writeHead(500).end());

beforeAll(async () => {
  await new Promise<void>((resolve) => failingCallback.listen(0, "127.0.0.1", resolve));
  ({ store, admin } = await startStoreWithAdmin({
    metrics: { port: 0, host: "127.0.0.1" },
    allowPrivateFetches: true,
    readCache: true,
  }));
  const address = store.app.metrics!.address()!;
  metricsUrl = `http://${address.address}:${address.port}/metrics`;
});
afterAll(async () => {
  await store.close();
  await new Promise((resolve) => failingCallback.close(resolve));
});

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series, by its name and labels as written in the exposition (`name{a="b"}`), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the metrics listener", () => {
  it("serves /metrics apart from the API, which does not", async () => {
    expect(new URL(metricsUrl).port).not.toBe(new URL(store.url).port);
    expect((await fetch(`${store.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace("/metrics", "/other"))).status).toBe(404);
  });

  it("has Node's process metrics", async () => {
    const text = await scrape();
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
  });
});

describe("what it shows", () => {
  it("times requests by route pattern and status, never by raw URL", async () => {
    const product = await createProduct(store, admin, { name: "Metric Mug", price: "9.50" });
    for (let i = 0; i < 3; i++) expect((await api(store, admin, "GET", `/products/${product.key}`)).status).toBe(200);
    expect((await api(store, admin, "GET", "/products/no-such-product")).status).toBe(404);
    const text = await scrape();
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/v1/products/:key",status_code="200"}';
    expect(value(text, series)).toBe(3);
    expect(
      value(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/products/:key",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain(`/products/${product.key}"`);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/products\/:key"/,
    );
  });

  it("counts the read cache's hits and misses", async () => {
    const before = await scrape();
    const hits = value(before, 'store_read_cache_hits_total{cache="answers"}') ?? 0;
    const misses = value(before, 'store_read_cache_misses_total{cache="answers"}') ?? 0;
    // A write first, so that the first read is computed, then kept for the second.
    await createProduct(store, admin, { name: "Cache Cup", price: "4.00" });
    for (let i = 0; i < 2; i++) expect((await api(store, admin, "GET", "/products?page=1")).status).toBe(200);
    const after = await scrape();
    expect(value(after, 'store_read_cache_misses_total{cache="answers"}')).toBe(misses + 1);
    expect(value(after, 'store_read_cache_hits_total{cache="answers"}')).toBe(hits + 1);
    expect(value(after, 'store_read_cache_hits_total{cache="tokens"}')).toBeGreaterThan(0);
  });

  it("shows the renders in flight", async () => {
    const text = await scrape();
    expect(value(text, "store_renders_in_flight")).toBe(0);
    expect(value(text, "store_renders_waiting")).toBe(0);
  });

  it("counts a job's failed attempt, and the jobs due from the database", async () => {
    const { port } = failingCallback.address() as AddressInfo;
    const [job] = await Promise.all([
      enqueueJob(store.database.db, UPLOAD_CALLBACK, "metrics-batch", { url: `http://127.0.0.1:${port}/callback` }),
    ]);
    store.app.jobs.wake();
    // Until the attempt is recorded (a hang fails on the test's timeout).
    for (;;) {
      const [row] = await store.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      if (row?.error) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const text = await scrape();
    expect(value(text, `store_job_failures_total{kind="${UPLOAD_CALLBACK}",outcome="retry"}`)).toBe(1);

    // With the workers stopped, the jobs added stay due: the queue's depth.
    await store.app.jobs.drain();
    expect(value(text, "store_jobs_due")).toBe(0);
    for (let i = 0; i < 2; i++) await enqueueJob(store.database.db, UPLOAD_CALLBACK, `due-${i}`, { url: "http://x" });
    expect(value(await scrape(), "store_jobs_due")).toBe(2);
  });
});

describe("STORE_API_METRICS_HOST", () => {
  const warningsAt = async (host: string) => {
    const log = new LogCapture();
    const other = await startStore({ metrics: { port: 0, host }, logLevel: "warn" }, { logStream: log.stream });
    await other.close();
    return log.lines.filter((l) => String(l.msg).startsWith("STORE_API_METRICS_HOST="));
  };

  it("warns at start when the metrics may be reachable from the internet (every interface, a public address)", async () => {
    const [warning] = await warningsAt("0.0.0.0");
    expect(warning).toMatchObject({ level: 40, metricsHost: "0.0.0.0" });
    expect(String(warning!.msg)).toContain("listens on every interface");
    expect(await publicExposure("::")).toBe("listens on every interface");
    expect(await publicExposure("8.8.8.8")).toBe("is a public address");
    expect(await publicExposure("2001:4860:4860::8888")).toBe("is a public address");
  });

  it("says nothing of loopback and private addresses", async () => {
    expect(await warningsAt("127.0.0.1")).toEqual([]);
    for (const host of ["127.0.0.1", "::1", "localhost", "10.0.0.5", "192.168.1.20", "172.16.0.1", "fd00::1"])
      expect(await publicExposure(host), host).toBeNull();
  });
});
