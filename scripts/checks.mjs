#!/usr/bin/env node
// The quick checks of `npm test`, side by side: type checks, lint (ESLint and
// Prettier) and the unit tests. tsc and ESLint each keep one core busy while
// vitest's workers share the rest: together they take the time of the longest
// rather than the sum (about 120 s one after another on two cores). Each one's
// output is kept whole and printed when it ends, with its result; the command
// fails when any fails.
import { spawn } from "node:child_process";
import path from "node:path";
import { recordPhase, reportsDir } from "./lib/phases.mjs";

const reports = reportsDir();
const checks = [
  { name: "typecheck", args: ["run", "-s", "typecheck"] },
  { name: "lint", args: ["run", "-s", "lint"] },
  {
    name: "unit tests",
    args: [
      "run",
      "-s",
      "test:unit",
      ...(reports
        ? ["--", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reports, "vitest-unit.json")}`]
        : []),
    ],
  },
];

function run({ name, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      recordPhase(`  checks: ${name}`, Number(seconds), code === 0);
      process.stdout.write(`\n::: ${name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds} s\n`);
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

console.log(`\n::: ${checks.map((c) => c.name).join(", ")}, side by side`);
const codes = await Promise.all(checks.map(run));
const failed = checks.filter((_, i) => codes[i] !== 0).map((c) => c.name);
if (failed.length) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  process.exit(1);
}
