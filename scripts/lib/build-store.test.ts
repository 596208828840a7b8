import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the scripts, without types
import { transpileStore } from "./build-store.mjs";

const root = path.resolve(__dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-store-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every .js file under `base`, by its path there. */
function scripts(base: string, at = base, found: Record<string, string> = {}) {
  for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
    const file = path.join(at, entry.name);
    if (entry.isDirectory()) scripts(base, file, found);
    else if (entry.name.endsWith(".js")) found[path.relative(base, file)] = fs.readFileSync(file, "utf8");
  }
  return found;
}

// `npm start` builds the store file by file (scripts/lib/build-store.mjs): it must be tsc's JavaScript.
describe("the store's build for npm start", () => {
  it("writes the JavaScript tsc writes, file for file, and then only what changed", { timeout: 120_000 }, async () => {
    const byTsc = path.join(dir, "tsc");
    const byFile = path.join(dir, "transpiled");
    const tsc = spawnSync(
      path.join(root, "node_modules/.bin/tsc"),
      [
        "-p",
        "store-api/tsconfig.build.json",
        "--noCheck",
        "--outDir",
        byTsc,
        "--tsBuildInfoFile",
        path.join(dir, "tsbuildinfo"),
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    const built = await transpileStore({ all: true, outDir: byFile });
    const expected = scripts(byTsc);
    expect(built).toBe(Object.keys(expected).length);
    expect(scripts(byFile)).toEqual(expected);
    // Up to date: nothing to build again.
    expect(await transpileStore({ outDir: byFile })).toBe(0);
  });
});
