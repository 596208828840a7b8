#!/usr/bin/env node
// The store's HTTP tests: always on the embedded PGlite, and again on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { bin, run } from "./lib/processes.mjs";

const args = ["run", "--project", "store", ...process.argv.slice(2)];
const { TEST_DATABASE_URL, ...withoutPg } = process.env;

try {
  console.log("\n::: store tests on PGlite");
  run(bin("vitest"), args, { env: withoutPg });
  if (TEST_DATABASE_URL) {
    console.log(`\n::: store tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//…@")})`);
    run(bin("vitest"), args, { env: process.env });
  }
} catch (err) {
  console.error(`\n${err.message}`);
  process.exit(1);
}
