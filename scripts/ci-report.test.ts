import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../playwright.config";

const root = path.resolve(import.meta.dirname, "..");

/** A Playwright JSON report of two projects: one test each, at the given starts (s after the run's) and lengths. */
function report(results: { project: string; start: number; seconds: number }[]) {
  const runStart = Date.parse("2026-12-03T10:00:00.000Z");
  return {
    stats: { startTime: new Date(runStart).toISOString() },
    suites: [
      {
        title: "a.spec.ts",
        file: "a.spec.ts",
        specs: results.map((r, i) => ({
          title: `test ${i}`,
          file: "a.spec.ts",
          tests: [
            {
              projectName: r.project,
              results: [{ startTime: new Date(runStart + r.start * 1000).toISOString(), duration: r.seconds * 1000 }],
            },
          ],
        })),
      },
    ],
  };
}

describe("scripts/ci-report.mjs", () => {
  it("prints when each Playwright project began and ended, so projects run one after the other show", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ci-report-"));
    try {
      const walk = { project: "page-walk", start: 5, seconds: 470 };
      const specs = [
        { project: "chromium", start: 477, seconds: 600 },
        { project: "chromium", start: 1077, seconds: 616 },
      ];
      fs.writeFileSync(path.join(dir, "playwright.json"), JSON.stringify(report([walk, ...specs])));
      const printed = execFileSync(process.execPath, ["scripts/ci-report.mjs", dir], { cwd: root, encoding: "utf8" });
      const lines = printed.split("\n");
      const heading = lines.findIndex((l) => l.includes("Playwright's projects"));
      expect(heading).toBeGreaterThan(-1);
      expect(lines[heading + 1]?.trim().split(/\s+/)).toEqual(["5", "475", "470.0", "s", "[playwright]", "page-walk"]);
      expect(lines[heading + 2]?.trim().split(/\s+/)).toEqual([
        "477",
        "1693",
        "1216.0",
        "s",
        "[playwright]",
        "chromium",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("playwright.config.ts", () => {
  it("puts every project but the set-up in one phase, so that they run side by side (docs/testing.md#two-workers)", () => {
    // Playwright runs a project with dependencies only once every project without any has ended: a project of
    // the specs that depended on nothing would run alone, before the others.
    const projects = config.projects ?? [];
    const setups = projects.filter((p) => !p.dependencies?.length).map((p) => p.name);
    expect(setups).toEqual(["sign-ins"]);
    for (const project of projects.filter((p) => p.name !== "sign-ins")) {
      expect(project.dependencies, project.name).toEqual(["sign-ins"]);
    }
  });
});
