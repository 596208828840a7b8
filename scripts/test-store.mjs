#!/usr/bin/env node
// The store's HTTP tests: always on the embedded PGlite, and on PostgreSQL too
// when TEST_DATABASE_URL is set (CI sets it); and the test of `npm start`. The two runs go side by side:
// PGlite keeps a core busy in this process's workers while the PostgreSQL run
// waits on its server much of the time. Each run's output is kept whole and
// printed when it ends (interleaved lines would be unreadable), with its
// result; the command fails when either fails.
import { spawn } from "node:child_process";
import path from "node:path";
import { recordPhase, reportsDir } from "./lib/phases.mjs";
import { bin } from "./lib/processes.mjs";

const given = process.argv.slice(2);
const full = given.includes("--full");
const args = ["run", "--project", "store", ...given.filter((a) => a !== "--full")];
const { TEST_DATABASE_URL, ...withoutPg } = process.env;
const reports = reportsDir();

/**
 * With PostgreSQL too (CI), the embedded run takes what depends on the engine, the rest runs on PostgreSQL
 * alone (docs/testing.md#the-stores-suites): the database itself, the read cache, coupon lists and codes,
 * orders at once, products_multi, the catalogue's changes (triggers), jobs, the rate limit (in errors.test.ts), a create-read-update-delete
 * smoke per resource, and what only the embedded database runs: the CLI and the default set-up.
 * `npm run test:store:pglite` (or --full) runs every file on PGlite; naming files runs those.
 */
const PGLITE_SUBSET = [
  "store-api/test/db/",
  "store-api/test/smoke.test.ts",
  "store-api/test/smoke/",
  "store-api/test/api/cache-refusals.test.ts",
  "store-api/test/api/v1/products/read-cache.test.ts",
  "store-api/test/api/v1/coupons/streaming.test.ts",
  "store-api/test/api/v1/coupons/codes.test.ts",
  "store-api/test/api/v1/coupons/by-code.test.ts",
  "store-api/test/api/v1/coupons/counting.test.ts",
  "store-api/test/api/v1/coupons/pool-share.test.ts",
  "store-api/test/api/v1/orders/concurrency.test.ts",
  "store-api/test/api/v1/products/multi.test.ts",
  "store-api/test/api/v1/products/changes.test.ts",
  "store-api/test/api/v1/products/image-jobs.test.ts",
  "store-api/test/server/jobs-fence.test.ts",
  "store-api/test/server/shutdown-jobs.test.ts",
  "store-api/test/server/serving.test.ts",
  "store-api/test/seed/picture-jobs.test.ts",
  "store-api/test/api/errors.test.ts",
  "store-api/test/server/cli.test.ts",
  "store-api/test/server/tax-group-cli.test.ts",
  "store-api/test/server/shutdown.test.ts",
  "store-api/test/seed/cli.test.ts",
];
const namesFiles = given.some((a) => !a.startsWith("-"));
const subset = TEST_DATABASE_URL && !full && !namesFiles ? PGLITE_SUBSET : [];

const runs = [{ name: "PGlite", report: "vitest-store-pglite", env: withoutPg, files: subset }];
if (TEST_DATABASE_URL) {
  runs.push({
    name: `PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//…@")})`,
    report: "vitest-store-postgres",
    env: process.env,
  });
}

// `npm start`'s test (the Vitest project `slow`: it builds and starts the product three times) goes with the
// last run, PostgreSQL's when there is one: that run waits on its server much of the time (docs/testing.md).
runs.at(-1).projects = ["--project", "slow"];

/** Runs vitest, collecting its output; resolves to its exit code. */
function vitest({ name, report, env, projects = [], files = [] }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const reporting = reports
      ? ["--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reports, `${report}.json`)}`]
      : [];
    const child = spawn(bin("vitest"), [...args, ...projects, ...reporting, ...files], {
      env: { ...env, FORCE_COLOR: env.FORCE_COLOR ?? "1" },
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      recordPhase(`  store tests on ${name.split(" ")[0]}`, Number(seconds), code === 0);
      process.stdout.write(`\n::: store tests on ${name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    };
    child.on("error", (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      finish(1);
    });
    child.on("close", finish);
  });
}

if (runs.length > 1)
  console.log(
    `\n::: store tests on ${runs.map((r) => r.name).join(" and ")}, side by side${subset.length ? ` (on PGlite, what depends on the engine: ${subset.length} paths)` : ""}`,
  );
const codes = await Promise.all(runs.map(vitest));
if (codes.some((code) => code !== 0)) {
  console.error(
    `\nstore tests failed on ${runs
      .filter((_, i) => codes[i] !== 0)
      .map((r) => r.name)
      .join(" and ")}`,
  );
  process.exit(1);
}
