#!/usr/bin/env node
// Throughput and latency of `GET /api/v1/orders?count=N` on the real store seeded with the demo
// store (its 320 orders, each line carrying its full product), repeated (served by the read cache)
// and each a new read (computed: what a first read costs), beside two baselines measured in
// the same run: a bare Fastify route answering the same bytes (what HTTP and JSON cost alone), and
// the store's own `GET /api/v1/products?count=N` (a read served from the read cache). On the
// embedded database (PGlite), and on PostgreSQL too when TEST_DATABASE_URL is set or --postgres
// names a server (a fresh database is made there and dropped after). Prints the figures and the
// ratios; asserts nothing (machines are noisy).
//
//   node bench/orders-api.mjs [--count 100] [--seconds 5] [--concurrency 8] [--postgres postgres://…/postgres]
//
// The store: the built CLI (built first when stale), seeded with `store seed`, serving with the
// rate limit off and its request logs on (thrown away), as in production. The token: a registered
// app and a user (`store app create`, `store user create`), then the OAuth code flow as a browser
// walks it, with the admin scope (orders need it, and the manage_orders permission). Every server
// runs in its own process, so that none shares a CPU with the client making the requests.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { buildStoreIfStale, root } from "../scripts/lib/processes.mjs";
import { benchRun, measure, printMachine, ratio, runBench } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100" },
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    postgres: { type: "string", default: process.env.TEST_DATABASE_URL ?? "" },
  },
});
const COUNT = Number(args.count);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);

const storeRequire = createRequire(path.join(root, "store-api/package.json"));
const { tmp, cleanups, startProcess, stopProcess, freshPostgres, seededStore } = benchRun("store-bench-orders-");

/** A bare Fastify route answering `file`'s bytes, in its own process. */
async function bareRoute(file, type, total) {
  const fastifyUrl = pathToFileURL(storeRequire.resolve("fastify")).href;
  const source = `
    import fs from "node:fs";
    const { default: Fastify } = await import(${JSON.stringify(fastifyUrl)});
    const bytes = fs.readFileSync(${JSON.stringify(file)});
    const app = Fastify({ logger: false });
    app.get("/api/v1/orders", (request, reply) => {
      reply.header("content-type", ${JSON.stringify(type)}).header("x-total-count", ${JSON.stringify(total)}).send(bytes);
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    console.log("bare listening " + app.server.address().port);
  `;
  const { child, found } = await startProcess(
    process.execPath,
    ["--input-type=module", "-e", source],
    process.env,
    (line) => /^bare listening (\d+)$/.exec(line)?.[1],
  );
  return { child, port: Number(found) };
}

const ms = (x) => x.toFixed(1);

async function benchDatabase(label, databaseUrl) {
  const store = await seededStore({ label, databaseUrl, seed: { what: "the demo store (about a minute)" } });
  const ordersPath = `/api/v1/orders?count=${COUNT}`;
  const res = await fetch(`${store.base}${ordersPath}`, { headers: store.auth });
  if (res.status !== 200) throw new Error(`GET ${ordersPath} answered ${res.status}: ${await res.text()}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const orders = JSON.parse(bytes.toString("utf8"));
  const file = path.join(tmp, `${label}-orders.json`);
  fs.writeFileSync(file, bytes);
  const bare = await bareRoute(file, res.headers.get("content-type"), res.headers.get("x-total-count"));
  const lines = orders.reduce((n, o) => n + o.line_items.length, 0);
  console.log(
    `  GET ${ordersPath}: ${orders.length} orders, ${lines} lines, ${(bytes.length / 1024).toFixed(0)} kB ` +
      `(of ${res.headers.get("x-total-count")} orders)`,
  );

  const rows = [];
  for (const connections of [1, CONCURRENCY]) {
    const o = await measure(store.port, ordersPath, store.auth, connections, SECONDS);
    // The same 100 orders, but a URL the read cache has not seen (created_since=n, long before them):
    // what a first read, or a read after a write, costs.
    const cold = await measure(store.port, (n) => `${ordersPath}&created_since=${n}`, store.auth, connections, SECONDS);
    const p = await measure(store.port, `/api/v1/products?count=${COUNT}`, store.auth, connections, SECONDS);
    const b = await measure(bare.port, ordersPath, store.auth, connections, SECONDS);
    const row = (what, m, base) => ({
      database: label,
      connections: connections === 1 ? "1 (sequential)" : String(connections),
      request: what,
      "req/s": m.rps.toFixed(1),
      "p50 ms": ms(m.p50),
      "p90 ms": ms(m.p90),
      "p99 ms": ms(m.p99),
      "vs bare orders": ratio(m.rps / base.rps),
    });
    rows.push(
      row(`orders?count=${COUNT} (repeated: read cache)`, o, b),
      row(`orders?count=${COUNT} (each a new read)`, cold, b),
      row(`products?count=${COUNT}`, p, b),
      row("bare (same bytes)", b, b),
    );
  }
  await stopProcess(bare.child);
  await stopProcess(store.child);
  return rows;
}

async function main() {
  console.log("Building the store if stale…");
  buildStoreIfStale();
  const rows = await benchDatabase("pglite", null);
  if (args.postgres) rows.push(...(await benchDatabase("postgres", await freshPostgres(args.postgres))));
  else console.log("\n(PostgreSQL skipped: set TEST_DATABASE_URL or pass --postgres postgres://…)");
  console.log(
    `\nGET /api/v1/orders?count=${COUNT} beside the bare route with the same bytes and the products list ` +
      `(${SECONDS} s each, after a warm-up)\n`,
  );
  console.table(rows);
  printMachine();
}

runBench(main, cleanups);
