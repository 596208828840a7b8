#!/usr/bin/env node
// One `PUT /api/v1/products_multi` changing 1,000 products (a new name and price each) beside the
// same change made with 1,000 single-product `PUT /api/v1/products/{key}` requests, one at a time
// and 8 at once, on the real store seeded with a big catalogue (`store seed --products N`). On the
// embedded database (PGlite), and on PostgreSQL too (a fresh database made on the server of
// TEST_DATABASE_URL or --postgres, postgres://postgres@127.0.0.1:5432/test by default, and dropped
// after; skipped with a note when none answers there). Each way is timed over a few rounds, every
// round writing new values (a value sent again is not written: docs/contract.md#products_multi);
// prints the median time, products per second and the ratio to products_multi; asserts nothing
// (machines are noisy).
//
//   node bench/products-multi.mjs [--products 10000] [--changes 1000] [--rounds 5] [--concurrency 8]
//                                 [--postgres postgres://…/postgres]
//
// The store: the built CLI (built first when stale), seeded with `store seed --products N`, serving
// with the rate limit off (STORE_API_RATE_LIMIT=0: 1,000 requests in a row would hit it) and its
// request logs on (thrown away), as in production. The token: a registered app and a user
// (`store app create`, `store user create`), then the OAuth code flow as a browser walks it, with the
// admin scope (product writes need it, and the manage_products permission). The store runs in its
// own process, so that it does not share a CPU with the client making the requests; the client
// keeps its connections alive.
import http from "node:http";
import { parseArgs } from "node:util";
import { buildStoreIfStale } from "../scripts/lib/processes.mjs";
import { benchRun, formRequest, printMachine, ratio, runBench } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    changes: { type: "string", default: "1000" },
    rounds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    postgres: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
  },
});
const PRODUCTS = Number(args.products);
const CHANGES = Number(args.changes);
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
if (!(CHANGES >= 1 && PRODUCTS >= CHANGES && ROUNDS >= 1 && CONCURRENCY >= 1)) {
  console.error("bench: needs 1 ≤ --changes ≤ --products, --rounds ≥ 1 and --concurrency ≥ 1");
  process.exit(1);
}

const { cleanups, stopProcess, freshPostgres, seededStore } = benchRun("store-bench-products-multi-");

/** A request with a URL-encoded form (or none) over `agent`; its answer, which must be a 200. */
async function request(port, agent, headers, method, pathname, form) {
  const res = await formRequest(agent, `http://127.0.0.1:${port}/api/v1${pathname}`, { method, headers, form });
  if (res.status !== 200) throw new Error(`${method} ${pathname} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res;
}

/** CHANGES product keys spread over the whole catalogue, read through the products list. */
async function productKeys(store, agent) {
  const all = [];
  for (let page = 0; ; page++) {
    const res = await request(store.port, agent, store.auth, "GET", `/products?count=250&page=${page}`);
    all.push(...res.json.map((p) => p.key));
    if (res.json.length < 250) break;
  }
  const step = all.length / CHANGES;
  return Array.from({ length: CHANGES }, (_, i) => all[Math.floor(i * step)]);
}

/** The change of product `i` in the `n`th write of the run: a new name and price every time. */
const change = (n, i) => ({
  name: `Bench product ${i} (write ${n})`,
  price: `${10 + (i % 90)}.${String(n % 100).padStart(2, "0")}`,
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function benchDatabase(label, databaseUrl) {
  const store = await seededStore({
    label,
    databaseUrl,
    seed: {
      what: `${PRODUCTS} products`,
      args: ["--products", String(PRODUCTS)],
      shorten: (summary) =>
        `${summary.slice(0, summary.indexOf(":"))}; ${summary.slice(summary.lastIndexOf("; ") + 2)}`,
    },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const keys = await productKeys(store, agent);
  let writes = 0;

  const ways = {
    "products_multi (1 request)": async () => {
      const n = ++writes;
      const products = Object.fromEntries(keys.map((key, i) => [key, change(n, i)]));
      const res = await request(store.port, agent, store.auth, "PUT", "/products_multi", {
        products: JSON.stringify(products),
      });
      if (res.json.length !== keys.length) throw new Error(`products_multi answered ${res.json.length} products`);
      return n;
    },
    [`single PUTs, one at a time (${CHANGES} requests)`]: async () => {
      const n = ++writes;
      for (const [i, key] of keys.entries()) {
        await request(store.port, agent, store.auth, "PUT", `/products/${key}`, change(n, i));
      }
      return n;
    },
    [`single PUTs, ${CONCURRENCY} at once (${CHANGES} requests)`]: async () => {
      const n = ++writes;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < keys.length) {
            const i = next++;
            await request(store.port, agent, store.auth, "PUT", `/products/${keys[i]}`, change(n, i));
          }
        }),
      );
      return n;
    },
  };

  // A warm-up of each way (connections open, code paths hot), then the rounds, the ways taking turns.
  for (const way of Object.values(ways)) await way();
  const times = Object.fromEntries(Object.keys(ways).map((w) => [w, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, way] of Object.entries(ways)) {
      const started = performance.now();
      const n = await way();
      times[name].push(performance.now() - started);
      // What was written is what is read back (one product is enough to catch a silent no-op).
      const last = keys.length - 1;
      const read = await request(store.port, agent, store.auth, "GET", `/products/${keys[last]}`);
      if (read.json.name !== change(n, last).name) throw new Error(`${name}: product not changed`);
    }
  }
  agent.destroy();
  await stopProcess(store.child);

  const multi = median(Object.values(times)[0]);
  return Object.entries(times).map(([name, ms]) => ({
    database: label,
    way: name,
    "median ms": median(ms).toFixed(0),
    "products/s": ((CHANGES / median(ms)) * 1000).toFixed(0),
    "× products_multi's time": ratio(median(ms) / multi),
    "rounds (ms)": ms.map((x) => x.toFixed(0)).join(" "),
  }));
}

async function main() {
  console.log("Building the store if stale…");
  buildStoreIfStale();
  const rows = await benchDatabase("pglite", null);
  const postgres = args.postgres ? await freshPostgres(args.postgres, { optional: true }) : null;
  if (postgres) rows.push(...(await benchDatabase("postgres", postgres)));
  else if (!args.postgres) console.log("\n(PostgreSQL skipped: --postgres is empty)");
  console.log(
    `\n${CHANGES} products changed (a new name and price each) in a store of ${PRODUCTS}: medians of ${ROUNDS} ` +
      `rounds after a warm-up\n`,
  );
  console.table(rows);
  printMachine();
}

runBench(main, cleanups);
