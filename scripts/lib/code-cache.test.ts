import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// scripts/lib/code-cache.cjs: `npm start` preloads it for the store's bundle (V8's code cache on Node 20).
const HOOK = path.resolve("scripts/lib/code-cache.cjs");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "code-cache-"));
const cache = path.join(dir, "cache");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes a file of the fixture and answers its path. */
function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * Runs `node -r code-cache.cjs <entry>` with the cache on: its output and what the cache reported. The
 * fixtures print strings only (CI sets FORCE_COLOR, which colours a number that console.log prints).
 */
function run(entry: string, trusted = "") {
  const result = spawnSync(process.execPath, ["-r", HOOK, entry], {
    encoding: "utf8",
    env: {
      ...process.env,
      STORE_ADMIN_CODE_CACHE: cache,
      STORE_ADMIN_CODE_CACHE_WRITE_MS: "50",
      STORE_ADMIN_CODE_CACHE_REPORT: "1",
      STORE_ADMIN_CODE_CACHE_TRUSTED: trusted,
    },
  });
  expect(result.status, result.stderr).toBe(0);
  const report = /code cache: (\d+) used, (\d+) written/.exec(result.stderr);
  return { out: result.stdout.trim(), used: Number(report?.[1]), written: Number(report?.[2]) };
}

describe("the code cache of npm start's store", () => {
  it("writes the bytecode of a first run, uses it on the next, and compiles anew a file that changed", () => {
    write("lib.cjs", "exports.twice = (n) => n * 2;\n");
    const entry = write(
      "main.cjs",
      "#!/usr/bin/env node\nconst { twice } = require('./lib.cjs');\nconsole.log([twice(21), require.resolve('./lib.cjs') === __dirname + '/lib.cjs', require.main === module].join(' '));\nsetTimeout(() => {}, 200);\n",
    );
    expect(run(entry)).toEqual({ out: "42 true true", used: 0, written: 2 });
    expect(run(entry)).toEqual({ out: "42 true true", used: 2, written: 0 });
    expect(fs.readdirSync(cache)).toHaveLength(2);

    // A rebuilt file (new size and time) is compiled as it now is, and the old bytecode is dropped.
    write("lib.cjs", "exports.twice = (n) => n + n + 0;\n");
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, "lib.cjs"), later, later);
    expect(run(entry)).toEqual({ out: "42 true true", used: 1, written: 1 });
    expect(fs.readdirSync(cache)).toHaveLength(2);
  });

  it("leaves to Node a file that may import() (its bytecode would lose it) and an ES module required", () => {
    write("dynamic.cjs", "module.exports = () => import('node:path').then((p) => p.sep);\n");
    write("esm.js", "export const answer = 42;\n");
    const entry = write(
      "both.cjs",
      "require('./dynamic.cjs')().then((sep) => console.log(`${sep} ${require('./esm.js').answer}`));\nsetTimeout(() => {}, 200);\n",
    );
    // The entry is cached (it calls no import() itself), the other two never are; twice, the same answer.
    expect(run(entry)).toMatchObject({ out: "/ 42", written: 1 });
    expect(run(entry)).toMatchObject({ out: "/ 42", used: 1, written: 0 });
  });

  it("caches the one trusted file whatever its text says (the store's bundle: its import() are require())", () => {
    const entry = write(
      "bundle.cjs",
      "// a comment of a package: {import('x').Y}\nconsole.log('ok');\nsetTimeout(() => {}, 200);\n",
    );
    expect(run(entry)).toMatchObject({ out: "ok", used: 0, written: 0 });
    expect(run(entry, entry)).toMatchObject({ out: "ok", used: 0, written: 1 });
    expect(run(entry, entry)).toMatchObject({ out: "ok", used: 1, written: 0 });
  });
});
