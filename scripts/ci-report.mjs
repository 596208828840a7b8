#!/usr/bin/env node
// What a CI run spent its time on (docs/testing.md#what-ci-prints): the phases in order (.reports/phases.tsv,
// written by .ci/run and the scripts of `npm test`), then the slowest tests of every Vitest and Playwright
// JSON report in .reports/, the slowest test files, and when each Playwright project ran (projects meant to
// run side by side that ran one after the other show there). Prints what it finds; never fails the run.
import fs from "node:fs";
import path from "node:path";
import { reportsDir } from "./lib/phases.mjs";

const dir = process.argv[2] ?? reportsDir() ?? ".reports";
const TOP = Number(process.env.CI_REPORT_TOP ?? 20);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Every test of a Vitest JSON report: its file, name and duration (ms). */
function vitestTests(report, label) {
  const tests = [];
  const files = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? "");
    if (file.startTime && file.endTime) files.push({ where: `${label} ${name}`, ms: file.endTime - file.startTime });
    for (const t of file.assertionResults ?? []) {
      tests.push({ where: `${label} ${name}`, name: t.fullName ?? t.title, ms: t.duration ?? 0 });
    }
  }
  return { tests, files };
}

/**
 * Every test of a Playwright JSON report (suites nest): its file, title and the sum of its results (ms); and
 * per project, when its first result began and its last ended (ms since the run's start).
 */
function playwrightTests(report, label) {
  const tests = [];
  const byFile = new Map();
  const projects = new Map();
  const runStart = Date.parse(report.stats?.startTime ?? "");
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        for (const r of test.results ?? []) {
          const began = Date.parse(r.startTime ?? "") - runStart;
          if (!Number.isFinite(began)) continue;
          const span = projects.get(test.projectName) ?? { began, ended: 0, ms: 0 };
          span.began = Math.min(span.began, began);
          span.ended = Math.max(span.ended, began + (r.duration ?? 0));
          span.ms += r.duration ?? 0;
          projects.set(test.projectName, span);
        }
        const where = `${label} ${spec.file ?? suite.file ?? ""}`;
        tests.push({ where, name: [...titles, spec.title].filter(Boolean).join(" › "), ms });
        byFile.set(where, (byFile.get(where) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, suite.title && suite.file !== suite.title ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const spans = [...projects].map(([name, span]) => ({ where: `${label} ${name}`, ...span }));
  return { tests, files: [...byFile].map(([where, ms]) => ({ where, ms })), spans };
}

function main() {
  if (!fs.existsSync(dir)) {
    console.log(`ci-report: no reports in ${dir}`);
    return;
  }
  const phases = fs.existsSync(path.join(dir, "phases.tsv"))
    ? fs
        .readFileSync(path.join(dir, "phases.tsv"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t"))
    : [];
  if (phases.length) {
    console.log("\n::: phases (seconds; phases inside another one are indented by their name)");
    for (const [name, s, outcome] of phases)
      console.log(`${String(s).padStart(6)}  ${name}${outcome === "passed" ? "" : `  (${outcome})`}`);
  }

  const tests = [];
  const files = [];
  const spans = [];
  for (const entry of fs.readdirSync(dir).sort()) {
    if (!entry.endsWith(".json")) continue;
    let report;
    try {
      report = JSON.parse(fs.readFileSync(path.join(dir, entry), "utf8"));
    } catch {
      console.log(`ci-report: ${entry} is not JSON (the run may have stopped while writing it)`);
      continue;
    }
    const label = `[${entry.replace(/\.json$/, "")}]`;
    const found = Array.isArray(report.testResults) ? vitestTests(report, label) : playwrightTests(report, label);
    tests.push(...found.tests);
    files.push(...found.files);
    spans.push(...(found.spans ?? []));
  }
  if (!tests.length) return;
  console.log(`\n::: the ${TOP} slowest tests`);
  for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, TOP))
    console.log(`${seconds(t.ms).padStart(9)}  ${t.where} › ${t.name}`);
  console.log(`\n::: the ${TOP} slowest test files (Vitest: from start to end; Playwright: its tests' sum)`);
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, TOP))
    console.log(`${seconds(f.ms).padStart(9)}  ${f.where}`);
  if (!spans.length) return;
  console.log("\n::: Playwright's projects: from, to (seconds after its start), and their tests' sum");
  for (const p of spans.sort((a, b) => a.began - b.began))
    console.log(
      `${(p.began / 1000).toFixed(0).padStart(6)} ${(p.ended / 1000).toFixed(0).padStart(6)} ${seconds(p.ms).padStart(9)}  ${p.where}`,
    );
}

try {
  main();
} catch (err) {
  console.log(`ci-report: ${err instanceof Error ? err.message : err}`);
}
