// The repository's real import graph, and the layering rules that only the whole graph can check
// (docs/architecture.md#layers): ESLint's layering rules see one file's own imports; these follow every path.
// scripts/import-graph.test.ts runs them over the tree.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { repositoryFiles } from "./repository-files.mjs";

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** Every TypeScript or ES module source file of the repository (declarations left out). */
const sourceFiles = (root) => repositoryFiles(root, (name) => SOURCE.test(name) && !name.endsWith(".d.ts"));

const toPosix = (p) => p.split(path.sep).join("/");

/** A specifier as the repository file it names (the dashboard's `@/` alias, relative paths, `.js` for `.ts`), or null for a package. */
function resolve(root, from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(root, path.dirname(from), specifier);
  else return null;
  const candidates = [base, base.replace(/\.(m?js)$/, (_, ext) => (ext === "mjs" ? ".mts" : ".ts"))];
  candidates.push(base.replace(/\.js$/, ".tsx"));
  for (const candidate of candidates) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return toPosix(path.relative(root, candidate));
    for (const ext of EXTENSIONS) {
      const withExt = candidate + ext;
      if (fs.existsSync(withExt) && fs.statSync(withExt).isFile()) return toPosix(path.relative(root, withExt));
    }
  }
  return null;
}

/** Whether an import or export declaration brings only types (erased: no code follows it). */
function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import "x"`: runs x
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    return Boolean(
      bindings &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((e) => e.isTypeOnly),
    );
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return Boolean(
      clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly),
    );
  }
  return false;
}

/** What a module is, what it imports (type-only imports left out), and what it imports only types of. */
function readModule(root, file) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const directives = [];
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    directives.push(statement.expression.text);
  }
  const specifiers = [];
  const typeSpecifiers = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      (typeOnly(node) ? typeSpecifiers : specifiers).push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {
    client: directives.includes("use client"),
    server: directives.includes("use server"),
    serverOnly: specifiers.includes("server-only"),
    specifiers,
    typeSpecifiers,
  };
}

/**
 * The graph of the repository's modules under `root`: for each file, what it is, the files it imports
 * (`imports`: code that runs), and those it imports only types of (`typeImports`).
 */
export function importGraph(root, files = sourceFiles(root)) {
  const graph = new Map();
  const resolveAll = (file, specifiers) => [
    ...new Set(specifiers.map((s) => resolve(root, file, s)).filter((f) => f !== null)),
  ];
  for (const file of files) {
    const mod = readModule(root, file);
    graph.set(file, {
      ...mod,
      imports: resolveAll(file, mod.specifiers),
      typeImports: resolveAll(file, mod.typeSpecifiers),
    });
  }
  return graph;
}

const DASHBOARD = /^(app|components|lib)\/|^proxy\.ts$/;
const STORE = /^store-api\//;

/**
 * The paths the layers forbid, each as the chain of files that makes it:
 * - from a `"use client"` module to a server-only one (`import "server-only"`), however far; a `"use server"`
 *   module ends a path (the browser gets a reference to its actions, not its code);
 * - from store-api/ into the dashboard's code (app/, components/, lib/, proxy.ts), and back.
 */
export function forbiddenPaths(graph) {
  const found = [];
  for (const [file, mod] of graph) {
    if (!mod.client) continue;
    // Breadth first: the shortest chain to each server-only module.
    const via = new Map([[file, null]]);
    const queue = [file];
    while (queue.length) {
      const at = queue.shift();
      for (const next of graph.get(at)?.imports ?? []) {
        if (via.has(next)) continue;
        via.set(next, at);
        const target = graph.get(next);
        if (!target || target.server) continue;
        if (target.serverOnly) {
          const chain = [next];
          for (let step = at; step !== null; step = via.get(step)) chain.unshift(step);
          found.push({ rule: "client reaches server-only", chain });
          continue;
        }
        queue.push(next);
      }
    }
  }
  for (const [file, mod] of graph) {
    for (const next of mod.imports) {
      if (STORE.test(file) && DASHBOARD.test(next))
        found.push({ rule: "store reaches dashboard", chain: [file, next] });
      if (DASHBOARD.test(file) && STORE.test(next))
        found.push({ rule: "dashboard reaches store", chain: [file, next] });
    }
  }
  return found;
}

/** The folder a file belongs to for the cycle check: `store-api/src/<folder>` or `lib/store/<folder>`; null elsewhere. */
export function cycleFolder(file) {
  const m = /^(store-api\/src|lib\/store)\/([^/]+)\//.exec(file);
  return m ? `${m[1]}/${m[2]}` : null;
}

const isTest = (file) => /\.test\.tsx?$/.test(file);

/**
 * The folder-level cycles inside store-api/src and lib/store (tests left out: they may import across), each
 * as its folders sorted: strongly connected groups of folders.
 */
export function folderCycles(graph) {
  const edges = new Map();
  for (const [file, mod] of graph) {
    const from = cycleFolder(file);
    if (!from || isTest(file)) continue;
    for (const next of mod.imports) {
      const to = cycleFolder(next);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return stronglyConnected(edges);
}

/**
 * The file-level cycles inside `folder` (e.g. store-api/src/users; tests left out), each as its files
 * sorted. Type-only imports count here: two modules that each need the other to be read are one module
 * in two files, whether or not the types are erased at run time.
 */
export function fileCycles(graph, folder) {
  const inside = (file) => file.startsWith(`${folder}/`) && !isTest(file);
  const edges = new Map();
  for (const [file, mod] of graph) {
    if (!inside(file)) continue;
    edges.set(file, new Set([...mod.imports, ...mod.typeImports].filter((next) => next !== file && inside(next))));
  }
  return stronglyConnected(edges);
}

/** The strongly connected groups of more than one node of a directed graph, each sorted (Tarjan's algorithm). */
function stronglyConnected(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!indices.has(v)) connect(v);
  return groups.sort((a, b) => a.join().localeCompare(b.join()));
}
