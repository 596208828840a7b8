import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the scripts, without types
import { runTracked } from "./processes.mjs";

/**
 * `npm start` runs its builds (scripts/start.mjs: `next build` prints some 60
 * lines) with runTracked's `log`: their output goes to .data/build.log, not
 * before the banner, and a failed build names the file and shows its last lines.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-admin-build-log-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Run = (command: string, args: string[], opts: { log?: string; capture?: boolean }) => Promise<string>;
const run = runTracked as Run;

describe("a build's output in its log", () => {
  it("goes to the log file, stdout and stderr both, appended run after run", async () => {
    const log = path.join(dir, "data", "build.log");
    const printer = "for (let i = 1; i <= 60; i++) console.log('build line ' + i); console.error('a warning');";
    expect(await run(process.execPath, ["-e", printer], { log })).toBe("");
    expect(await run(process.execPath, ["-e", "console.log('second build')"], { log })).toBe("");
    const text = fs.readFileSync(log, "utf8");
    expect(text).toContain("build line 1\n");
    expect(text).toContain("build line 60\n");
    expect(text).toContain("a warning\n");
    expect(text.indexOf("second build")).toBeGreaterThan(text.indexOf("build line 60"));
    // Each run is headed by its command, so the file reads as a history.
    expect(text.match(/^\$ .* -e /gm)).toHaveLength(2);
  });

  it("a failure names the log and carries its last lines", async () => {
    const log = path.join(dir, "failed.log");
    const failing =
      "for (let i = 1; i <= 30; i++) console.log('step ' + i); console.error('Type error: x'); process.exit(2);";
    const error = await run(process.execPath, ["-e", failing], { log }).then(
      () => null,
      (err: Error) => err,
    );
    expect(error?.message).toContain(`failed (exit 2); its output is in ${log}. Its last lines:`);
    expect(error?.message).toContain("  Type error: x");
    expect(error?.message).toContain("  step 30");
    expect(error?.message).not.toContain("step 5\n");
  });
});
