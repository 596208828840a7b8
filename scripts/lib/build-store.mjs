// `npm start`'s build of the store: each source file transpiled on its own (TypeScript's transpileModule:
// no program, no type check), into store-api/dist as `tsc -p store-api/tsconfig.build.json` lays it out,
// and only the files newer than their output. The store's tsconfig has isolatedModules and
// verbatimModuleSyntax, which make a file's JavaScript depend on that file alone, so this is the same
// JavaScript as tsc's (scripts/lib/build-store.test.ts compares them); `npm run build:store`, CI's type
// checks and the e2e builds still run tsc. A third of tsc --noCheck's time for a whole build, and a
// restart after a change rebuilds only what changed (docs/architecture.md#the-starts-timeline).
import fs from "node:fs";
import path from "node:path";
import { root } from "./processes.mjs";

const SOURCE = path.join(root, "store-api/src");
const OUTPUT = path.join(root, "store-api/dist");

/** The store's sources that tsc builds: every .ts under src/ but the tests. */
function sources(dir = SOURCE, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(file, found);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts"))
      found.push(file);
  }
  return found;
}

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Transpiles the store's sources that are newer than their output (all with `all`); answers how many.
 * `outDir` is for the test that compares the output with tsc's.
 */
export async function transpileStore({ all = false, outDir = OUTPUT } = {}) {
  const { default: ts } = await import("typescript");
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "store-api/tsconfig.build.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  // The store is an ES module package ("type": "module"): what NodeNext emits for each of its files.
  const options = {
    ...config.options,
    module: ts.ModuleKind.ESNext,
    moduleResolution: undefined,
    outDir,
    noEmit: false,
    declaration: false,
    incremental: false,
  };
  let built = 0;
  for (const file of sources()) {
    const js = path.join(outDir, path.relative(SOURCE, file)).replace(/\.ts$/, ".js");
    if (!all && mtime(js) >= mtime(file)) continue;
    const { outputText, sourceMapText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      fileName: file,
      compilerOptions: options,
    });
    fs.mkdirSync(path.dirname(js), { recursive: true });
    fs.writeFileSync(js, outputText);
    if (sourceMapText) fs.writeFileSync(`${js}.map`, sourceMapText);
    built++;
  }
  return built;
}
