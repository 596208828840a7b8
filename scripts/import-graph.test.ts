import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the scripts, without types
import { fileCycles, folderCycles, forbiddenPaths, importGraph } from "./lib/import-graph.mjs";

/**
 * The layers on the whole import graph (docs/architecture.md#layers): what ESLint's layering rules cannot
 * see, since they look at one file's own imports.
 */
const root = path.resolve(import.meta.dirname, "..");

/**
 * The folder-level cycles the tree still has (issue 38 broke the last ones): the list may only shrink. A new
 * cycle fails, and so does one listed here that is gone (take it off the list).
 */
const KNOWN_CYCLES: string[][] = [];

describe("the repository's import graph", () => {
  const graph = importGraph(root);

  it("has no forbidden path: no client module reaches server-only code, store and dashboard stay apart", () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(
      forbiddenPaths(graph).map((p: { rule: string; chain: string[] }) => `${p.rule}: ${p.chain.join(" → ")}`),
    ).toEqual([]);
  });

  it("has no folder-level cycle in store-api/src or lib/store but the known ones, which may only go", () => {
    expect(folderCycles(graph)).toEqual(KNOWN_CYCLES);
  });

  it("has no cycle of files in store-api/src/users, types included", () => {
    expect(graph.has("store-api/src/users/users.ts")).toBe(true);
    expect(fileCycles(graph, "store-api/src/users")).toEqual([]);
  });
});

describe("the graph's rules, on a tree made for them", () => {
  let dir: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
    // A client component → a plain lib module → lib/session (server-only): caught two steps away.
    write("components/thing.tsx", '"use client";\nimport { helper } from "@/lib/helper";\nexport const x = helper;\n');
    write("lib/helper.ts", 'import { session } from "./session";\nexport const helper = session;\n');
    write("lib/session.ts", 'import "server-only";\nexport const session = 1;\n');
    // A server action is a reference in the browser, not its code; types are erased.
    write(
      "components/form.tsx",
      '"use client";\nimport { save } from "@/lib/actions/save";\nimport type { T } from "@/lib/session";\n',
    );
    write(
      "lib/actions/save.ts",
      '"use server";\nimport { session } from "../session";\nexport async function save() {}\n',
    );
    // The store reaching the dashboard, and back.
    write("store-api/src/routes/x.ts", 'import { helper } from "../../../lib/helper";\n');
    write("lib/uses-store.ts", 'import { y } from "../store-api/src/products/y.js";\n');
    // A cycle of folders in the store: products → tax → products.
    write("store-api/src/products/y.ts", 'import { t } from "../tax/t.js";\nexport const y = t;\n');
    write("store-api/src/tax/t.ts", 'export { y as t } from "../products/y.js";\n');
    // A cycle of files in one folder, one way by a type only: users.ts → links.ts ⇢ users.ts; row.ts is below both.
    write(
      "store-api/src/users/users.ts",
      'import { link } from "./links.js";\nimport type { Row } from "./row.js";\nexport type User = Row;\nexport const u = link;\n',
    );
    write(
      "store-api/src/users/links.ts",
      'import type { User } from "./users.js";\nimport type { Row } from "./row.js";\nexport const link = (u: User, r: Row) => u === r;\n',
    );
    write("store-api/src/users/row.ts", "export type Row = { id: number };\n");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("finds each forbidden kind of path, and nothing else", () => {
    const paths = forbiddenPaths(importGraph(dir)).map(
      (p: { rule: string; chain: string[] }) => `${p.rule}: ${p.chain.join(" → ")}`,
    );
    expect(paths.sort()).toEqual(
      [
        "client reaches server-only: components/thing.tsx → lib/helper.ts → lib/session.ts",
        "store reaches dashboard: store-api/src/routes/x.ts → lib/helper.ts",
        "dashboard reaches store: lib/uses-store.ts → store-api/src/products/y.ts",
      ].sort(),
    );
  });

  it("finds a cycle of folders", () => {
    expect(folderCycles(importGraph(dir))).toEqual([["store-api/src/products", "store-api/src/tax"]]);
  });

  it("finds a cycle of files in a folder, types included, and only in that folder", () => {
    const graph = importGraph(dir);
    expect(fileCycles(graph, "store-api/src/users")).toEqual([
      ["store-api/src/users/links.ts", "store-api/src/users/users.ts"],
    ]);
    // products/y.ts and tax/t.ts make a cycle too, but of two folders: not one inside products/.
    expect(fileCycles(graph, "store-api/src/products")).toEqual([]);
    expect(fileCycles(graph, "store-api/src/use")).toEqual([]);
  });
});
