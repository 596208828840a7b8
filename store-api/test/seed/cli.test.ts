import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/index.js";
import { listProducts } from "../../src/products/products.js";
import { PRODUCTS } from "../../src/seed/catalogue-data.js";

/**
 * `store seed` as `npm run store -- seed` and the first `npm start` run it: the
 * real CLI in a child process on its own data folder, the whole catalogue with
 * every picture (the slow part: drawing and resizing them takes a while).
 */

const SLOW = 400_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-seed-cli-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function seed(args: string[] = [], dir = dataDir) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith("STORE_API_") && k !== "DATABASE_URL"),
    );
    const child = spawn(process.execPath, ["--import", "tsx", "store-api/src/cli.ts", "seed", ...args], {
      cwd: root,
      env: { ...env, STORE_API_DATA_DIR: dir },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const mediaFiles = () => fs.readdirSync(path.join(dataDir, "media")).sort();

// The CLI runs on the embedded database (its own data folder) whatever
// TEST_DATABASE_URL says: the PGlite run covers it, the PostgreSQL run skips it.
const onEmbeddedRun = !process.env.TEST_DATABASE_URL;

describe.runIf(onEmbeddedRun)("store seed", () => {
  it(
    "adds the whole demo catalogue with its pictures, showing progress; a second run refuses and changes nothing",
    async () => {
      const first = await seed();
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);
      const lines = first.stdout.trim().split("\n");
      const n = PRODUCTS.length;
      expect(lines[0]).toBe("Seeding the catalogue…");
      expect(lines[1]).toMatch(new RegExp(`^ 1/${n}  Organic Cotton Crew Tee \\([1-4] pictures?, a video\\)$`));
      expect(lines.filter((l) => /^\s*\d+\/\d+ {2}/.test(l))).toHaveLength(n);
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^Added the demo store in [\\d.]+ s: ${n} products in 7 categories, (\\d+) pictures, 5 videos; 2 shipping groups \\(.*; 5 coupons \\(.*\\); 320 orders over the last 90 days \\(.*\\)\\.$`,
        ),
      );
      const pictures = Number(/, (\d+) pictures/.exec(lines.at(-1)!)![1]);
      expect(pictures).toBeGreaterThanOrEqual(n);
      expect(pictures).toBeLessThanOrEqual(4 * n);
      // Five sizes of every picture, in the store's media folder.
      const files = mediaFiles();
      expect(files.filter((f) => /^[0-9a-f]{16}-(tiny|small|medium|large|huge)\.jpg$/.test(f))).toHaveLength(
        5 * pictures,
      );

      const second = await seed();
      expect(second.code).toBe(1);
      expect(second.stdout).toBe("");
      expect(second.stderr).toContain(`store: The store already has ${n} products`);
      expect(second.stderr).toContain("Nothing was changed.");
      expect(mediaFiles()).toEqual(files);
      const database = await openDatabase({ dataDir });
      try {
        expect((await listProducts(database.db, 0, 1)).total).toBe(n);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});

describe.runIf(onEmbeddedRun)("store seed --products", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-seed-products-cli-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const productCount = async () => {
    const database = await openDatabase({ dataDir: dir });
    try {
      return (await listProducts(database.db, 0, 1)).total;
    } finally {
      await database.close();
    }
  };

  it("refuses a count that is no whole number from 1 to 100000 with a clear message, changing nothing", async () => {
    // Each a process of its own (a few seconds each on a busy machine): side by side, and only a few.
    const bad = ["0", "-5", "abc", "100001"];
    const [noValue, mediaAlone, ...refusals] = await Promise.all([
      seed(["--products"], dir),
      seed(["--media"], dir),
      // `--products=-5`: written apart, a value that starts with a dash reads as an option without its value.
      ...bad.map((n) => seed([`--products=${n}`], dir)),
    ]);
    for (const [i, r] of refusals.entries()) {
      expect(r.code, `${bad[i]}: ${r.stderr}`).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim()).toBe(
        `store: --products needs a whole number of products from 1 to 100000, not "${bad[i]}". Nothing was changed.`,
      );
    }
    // The command line's own words, and the usage.
    expect(noValue.code, noValue.stderr).toBe(1);
    expect(noValue.stderr).toMatch(/^store: Option '--products <value>' argument missing/);
    expect(noValue.stderr).toContain("seed --products N");
    expect([mediaAlone.code, mediaAlone.stderr.trim()]).toEqual([1, "store: --media goes with --products N"]);
    expect(await productCount()).toBe(0);
  }, 120_000);

  it(
    "adds the demo store with N products in all, the catalogue's then generated ones, without pictures",
    async () => {
      const n = PRODUCTS.length + 4;
      const r = await seed(["--products", String(n)], dir);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split("\n");
      expect(lines).toContain("Seeding the generated products…");
      expect(lines).toContain(`4/4 generated products`);
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^Added the demo store in [\\d.]+ s: ${PRODUCTS.length} products in 7 categories \\(without pictures or videos\\); .*; 320 orders .*; 4 generated products \\(${n} in all; .*\\)\\.$`,
        ),
      );
      expect(fs.existsSync(path.join(dir, "media")) ? fs.readdirSync(path.join(dir, "media")) : []).toEqual([]);
      expect(await productCount()).toBe(n);
    },
    SLOW,
  );
});
