// The phases of a test run and how long each took (docs/testing.md#what-ci-prints): each script of
// `npm test` and .ci/run adds its own lines to .reports/phases.tsv, which scripts/ci-report.mjs prints
// at the end of CI beside the slowest tests. Recorded only when REPORTS_DIR or CI is set, so that a
// developer's runs leave nothing behind.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where the reports go: REPORTS_DIR, or .reports/ under CI; null when neither (nothing is written). */
export function reportsDir() {
  const dir = process.env.REPORTS_DIR || (process.env.CI ? path.join(root, ".reports") : null);
  if (dir) fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Adds a phase: its name, its seconds and how it ended. */
export function recordPhase(name, seconds, ok = true) {
  const dir = reportsDir();
  if (!dir) return;
  const clean = String(name).replace(/[\t\n]/g, " ");
  fs.appendFileSync(path.join(dir, "phases.tsv"), `${clean}\t${Math.round(seconds)}\t${ok ? "passed" : "FAILED"}\n`);
}

/** Runs `work`, recording it as a phase from its start to its end (failed when it throws). */
export async function timedPhase(name, work) {
  const started = Date.now();
  try {
    const result = await work();
    recordPhase(name, (Date.now() - started) / 1000, true);
    return result;
  } catch (err) {
    recordPhase(name, (Date.now() - started) / 1000, false);
    throw err;
  }
}
