#!/usr/bin/env node
// `store seed --products N` timed as a person runs it (`npm run store -- seed --products N`): the
// store's bundled CLI (scripts/lib/build-store.mjs, built first when stale) on a fresh empty store,
// from the command's start to its exit (opening the database, the seed, the planner's statistics),
// beside the seed's own time (its summary line), for each N on the embedded database (PGlite: a
// fresh data folder) and on PostgreSQL (a fresh database made on the server of TEST_DATABASE_URL or
// --postgres, postgres://postgres@127.0.0.1:5432/test by default, and dropped after; skipped with a
// note when none answers there). The goal is 100,000 products within 60 s on either database
// (docs/architecture.md#the-demo-store); prints each time's ratio to 60 s and the machine's load.
// Asserts nothing (machines are noisy).
//
//   node bench/seed.mjs [--products 10000,100000] [--postgres postgres://…/postgres] [--skip-pglite]
import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { bundleStore, STORE_BUNDLE, storeBundleIsStale } from "../scripts/lib/build-store.mjs";
import { root } from "../scripts/lib/processes.mjs";
import { benchRun, printMachine, ratio, runBench, storeEnvironment } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "10000,100000" },
    postgres: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    "skip-pglite": { type: "boolean", default: false },
  },
});
const COUNTS = args.products.split(",").map(Number);
if (!COUNTS.every((n) => Number.isInteger(n) && n >= 1)) {
  console.error("bench: --products takes whole numbers, comma-separated (10000,100000)");
  process.exit(1);
}
/** The goal: this many seconds for 100,000 products. */
const GOAL_SECONDS = 60;

const { tmp, cleanups, freshPostgres } = benchRun("store-bench-seed-");

/** `store seed --products n` on a fresh store; resolves with the wall-clock and the seed's own seconds. */
function timeSeed(n, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [STORE_BUNDLE, "seed", "--products", String(n)], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err = (err + d).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000;
      const own = /Added the demo store in ([\d.]+) s/.exec(out);
      if (code !== 0 || !own) reject(new Error(`store seed --products ${n} failed (${code}): ${err || out}`));
      else resolve({ seconds, seed: Number(own[1]) });
    });
  });
}

async function main() {
  if (storeBundleIsStale()) await bundleStore();
  const engines = [];
  if (!args["skip-pglite"])
    engines.push({ name: "PGlite", env: (n) => ({ STORE_API_DATA_DIR: path.join(tmp, `pglite-${n}`) }) });
  const probe = await freshPostgres(args.postgres, { optional: true });
  if (probe) {
    engines.push({
      name: "PostgreSQL",
      env: async (n) => ({
        STORE_API_DATA_DIR: path.join(tmp, `pg-${n}`),
        DATABASE_URL: n === COUNTS[0] ? probe : await freshPostgres(args.postgres),
      }),
    });
  }
  for (const engine of engines) {
    for (const n of COUNTS) {
      const { seconds, seed } = await timeSeed(n, storeEnvironment(await engine.env(n)));
      console.log(
        `${engine.name.padEnd(10)} ${String(n).padStart(7)} products: ${seconds.toFixed(1).padStart(6)} s ` +
          `(the seed ${seed.toFixed(1)} s; ${Math.round(n / seconds)} products/s), ` +
          `${ratio(seconds / GOAL_SECONDS)} the goal's ${GOAL_SECONDS} s`,
      );
    }
  }
  printMachine();
}

runBench(main, cleanups);
