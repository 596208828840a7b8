#!/usr/bin/env node
// What the read cache's check across store processes costs a request
// (docs/architecture.md#the-read-cache): `GET /api/v1/products?count=N`, repeated (served from the
// read cache), on the embedded database (PGlite: one process, no query), on PostgreSQL with the
// cache on (each request reads the one-row generation first), and on PostgreSQL with the cache off
// (`STORE_API_READ_CACHE=0`, what an operator of several instances was told to set before). Prints
// p50, p99 and requests per second, and the p50 difference PostgreSQL makes; asserts nothing
// (machines are noisy).
//
//   node bench/read-cache-instances.mjs [--count 20] [--seconds 5] [--concurrency 8] [--postgres postgres://…/postgres]
//
// PostgreSQL: TEST_DATABASE_URL, or --postgres; by default postgres://postgres@127.0.0.1:5432/test
// (skipped when nothing answers there). Each store: the built CLI (built first when stale), seeded with
// `seed --products 100`, serving with the rate limit off and its request logs on (thrown away), in its
// own process, so that none shares a CPU with the client.
import { parseArgs } from "node:util";
import { buildStoreIfStale } from "../scripts/lib/processes.mjs";
import { benchRun, measure, printMachine, runBench } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "20" },
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    postgres: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
  },
});
const COUNT = Number(args.count);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const PATH = `/api/v1/products?count=${COUNT}`;

const { cleanups, stopProcess, freshPostgres, seededStore } = benchRun("store-bench-read-cache-");
const seed = { what: "100 products", args: ["--products", "100"] };
const ms = (x) => x.toFixed(2);

async function benchStore(label, databaseUrl, env = {}) {
  const store = await seededStore({ label, databaseUrl, seed, env });
  const figures = {};
  for (const connections of [1, CONCURRENCY]) {
    figures[connections] = await measure(store.port, PATH, store.auth, connections, SECONDS);
  }
  await stopProcess(store.child);
  return figures;
}

async function main() {
  console.log("Building the store if stale…");
  buildStoreIfStale();
  const runs = [["pglite (one process: no query)", await benchStore("pglite", null)]];
  const first = await freshPostgres(args.postgres, { optional: true });
  if (first) {
    runs.push(["postgres, cache on (generation checked)", await benchStore("postgres-cached", first)]);
    const second = await freshPostgres(args.postgres);
    runs.push([
      "postgres, cache off (STORE_API_READ_CACHE=0)",
      await benchStore("postgres-off", second, { STORE_API_READ_CACHE: "0" }),
    ]);
  }

  const rows = [];
  for (const connections of [1, CONCURRENCY]) {
    for (const [store, figures] of runs) {
      const m = figures[connections];
      rows.push({
        store,
        connections: connections === 1 ? "1 (sequential)" : String(connections),
        "req/s": m.rps.toFixed(0),
        "p50 ms": ms(m.p50),
        "p99 ms": ms(m.p99),
      });
    }
  }
  console.log(`\nGET ${PATH}, repeated (${SECONDS} s each, after a warm-up)\n`);
  console.table(rows);
  if (runs.length > 1) {
    const p50 = (i) => runs[i][1][1].p50;
    console.log(
      `The check's cost, sequential p50: ${ms(p50(1) - p50(0))} ms a request on PostgreSQL over PGlite ` +
        `(${ms(p50(1))} against ${ms(p50(0))} ms); the cache off costs ${ms(p50(2) - p50(1))} ms more.`,
    );
  }
  printMachine();
}

runBench(main, cleanups);
