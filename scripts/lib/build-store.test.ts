import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { builtinModules } from "node:module";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the scripts, without types
import { BUNDLE_FILE, bundleStore, EXTERNAL, storeBundleIsStale } from "./build-store.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-store-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// `npm start` and `npm run store` run the store as one esbuild bundle (scripts/lib/build-store.mjs).
describe("the store's bundle for npm start", () => {
  it(
    "is the store's command line, loads only the packages left out of it from node_modules, and is rebuilt once stale",
    { timeout: 120_000 },
    async () => {
      const outDir = path.join(dir, "dist/start");
      const metafile = (await bundleStore({ outDir })) as {
        outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
      };
      expect(storeBundleIsStale(outDir)).toBe(false);

      const help = spawnSync(process.execPath, [path.join(outDir, BUNDLE_FILE), "--help"], { encoding: "utf8" });
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/serve/);

      // What the chunks load from outside the bundle: Node's own modules, and the packages left out of it.
      const imported = new Set(
        Object.values(metafile.outputs)
          .flatMap((output) => output.imports)
          .filter((i) => i.external && !i.path.startsWith("node:") && !builtinModules.includes(i.path))
          .map((i) => i.path),
      );
      // Only the packages left out, each by its bare name; everything else is inside the bundle.
      const external = (EXTERNAL as string[]).map((e) => new RegExp(`^${e.replace("*", ".+")}$`));
      expect([...imported].filter((name) => !external.some((e) => e.test(name)))).toEqual([]);
      expect(imported).toContain("@electric-sql/pglite");
      expect(imported).toContain("sharp");
      // One CommonJS file, with no import() left: a script run from V8's code cache cannot import() on
      // Node 20 (scripts/lib/code-cache.cjs), so the packages left out are required.
      const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
      expect(imports.filter((i) => i.kind === "dynamic-import")).toEqual([]);
      expect(fs.readdirSync(outDir)).toEqual([BUNDLE_FILE]);

      // Older than the store's sources: stale, and a build makes it new again.
      const old = new Date(Date.now() - 10 * 365 * 24 * 3600 * 1000);
      fs.utimesSync(path.join(outDir, BUNDLE_FILE), old, old);
      expect(storeBundleIsStale(outDir)).toBe(true);
      await bundleStore({ outDir });
      expect(storeBundleIsStale(outDir)).toBe(false);
    },
  );
});
