import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The grid engine's borders (docs/bulk-editing.md#the-grid-engine): the engine
 * imports no feature, and the two features that compose it (the bulk editor,
 * the inventory) import it only through its one entry, index.ts, and never
 * each other. Every import counts here, types included.
 */
const root = path.resolve(import.meta.dirname, "../..");
const grid = "components/grid";
const features = ["components/products/bulk", "components/products/inventory"];

/** The repository files under `dir`, with `.ts` or `.tsx`. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `${dir}/${file.split(path.sep).join("/")}`);
}

/** What a file imports, as repository paths without extension (the `@/` alias and relative paths; packages left out). */
function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"';]*?(?:from\s*)?["']([^"']+)["']/g)].map(
    (m) => m[1]!,
  );
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith("@/")) return [specifier.slice(2)];
    if (specifier.startsWith(".")) return [path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))];
    return [];
  });
}

const under = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);

describe("the grid engine's borders", () => {
  it("finds the files it checks", () => {
    expect(sources(grid).length).toBeGreaterThan(20);
    for (const dir of features) expect(sources(dir).length).toBeGreaterThan(3);
    expect(imports("components/products/bulk/bulk-editor-state.ts")).toContain(grid);
    expect(imports("components/grid/grid-editor.tsx")).toEqual(
      expect.arrayContaining(["components/ui/notice", `${grid}/grid`]),
    );
  });

  it("the engine imports nothing of the products' components", () => {
    // Its unit tests build their rows with the bulk editor's fixtures and columns: only its modules count.
    const modules = sources(grid).filter((file) => !/\.test\.tsx?$/.test(file));
    const crossings = modules.flatMap((file) =>
      imports(file)
        .filter((target) => under(target, "components/products"))
        .map((target) => `${file} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it("the features import the engine through its index only, and not each other", () => {
    const crossings = features.flatMap((dir) => {
      const other = features.find((d) => d !== dir)!;
      return sources(dir).flatMap((file) =>
        imports(file)
          .filter(
            (target) => (under(target, grid) && target !== grid && target !== `${grid}/index`) || under(target, other),
          )
          .map((target) => `${file} → ${target}`),
      );
    });
    expect(crossings).toEqual([]);
  });
});
