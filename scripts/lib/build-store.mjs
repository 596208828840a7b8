// `npm start`'s (and `npm run store`'s) build of the store: one esbuild bundle of store-api/src/cli.ts and
// the packages it uses, in store-api/dist/start/ (docs/architecture.md#the-starts-timeline). No type
// check: `npm run typecheck` and CI check the types, and `npm run build:store` (tsc, the e2e runs and
// production) still lays the store out file by file in store-api/dist. A bundle because the start is
// mostly the loading of modules: Node resolves, reads and compiles each of some 700 files of the store and
// its packages one after the other (0.95 s of a restart's 2.6 s here); one file loads in 0.5 s. It is
// CommonJS, so that `npm start` can give it V8's code cache (scripts/lib/code-cache.cjs: Node 20 has
// none for ES modules); the modules `serve` does not use (the other commands, pg on the embedded
// database, nodemailer) are in the file but run only when first imported, as esbuild wraps each one.
//
// Left out of the bundle, and loaded from node_modules as before: what reads files beside its own code
// (PGlite's WebAssembly and data, sharp's native library, the API reference's static files), the AWS
// SDK (a store on S3 only), and pg-native (pg's optional native client).
import fs from "node:fs";
import path from "node:path";
import { root } from "./processes.mjs";

const SOURCE = path.join(root, "store-api/src");
/**
 * Two folders below store-api/, as tsc's store-api/dist/db/index.js is: the code finds the migrations at
 * `../../drizzle` from its own file (store-api/src/db/index.ts), from the bundle too.
 */
export const BUNDLE_DIR = path.join(root, "store-api/dist/start");
/** The bundle's file name: `node store-api/dist/start/cli.cjs <command>` is the store's command line. */
export const BUNDLE_FILE = "cli.cjs";
export const STORE_BUNDLE = path.join(BUNDLE_DIR, BUNDLE_FILE);
/** Preloaded (`node -r`) by `npm start`'s store: V8's code cache for the bundle (scripts/lib/code-cache.cjs). */
export const CODE_CACHE_HOOK = path.join(root, "scripts/lib/code-cache.cjs");

export const EXTERNAL = ["@electric-sql/pglite", "sharp", "@fastify/swagger-ui", "@aws-sdk/*", "pg-native"];

/** What the bundle is made of: the store's sources and the packages installed (npm ci rewrites this file). */
const INPUTS = [
  "store-api/src",
  "store-api/package.json",
  "store-api/tsconfig.json",
  "node_modules/.package-lock.json",
  "scripts/lib/build-store.mjs",
];

function newestMtime(file, newest = 0) {
  let st;
  try {
    st = fs.statSync(file);
  } catch {
    return newest;
  }
  if (!st.isDirectory()) return Math.max(newest, st.mtimeMs);
  for (const entry of fs.readdirSync(file)) newest = newestMtime(path.join(file, entry), newest);
  return newest;
}

/** Whether the bundle is missing or older than anything it is made of. */
export function storeBundleIsStale(outDir = BUNDLE_DIR) {
  let built;
  try {
    built = fs.statSync(path.join(outDir, BUNDLE_FILE)).mtimeMs;
  } catch {
    return true;
  }
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

/**
 * Bundles the store into `outDir` (store-api/dist/start by default; another folder is for the tests),
 * replacing what was there; answers esbuild's metafile (what went in, and what the bundle imports).
 * Throws esbuild's errors, each with its file and line.
 */
export async function bundleStore({ outDir = BUNDLE_DIR } = {}) {
  const esbuild = await import("esbuild");
  // Written beside the bundle, then swapped in: a start that fails half-way leaves the last bundle whole.
  const next = `${outDir}.next`;
  fs.rmSync(next, { recursive: true, force: true });
  const { metafile } = await esbuild.build({
    entryPoints: [path.join(SOURCE, "cli.ts")],
    outfile: path.join(next, BUNDLE_FILE),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    external: EXTERNAL,
    // import() of a package left out becomes require(): a script run from V8's code cache cannot import()
    // on Node 20 (scripts/lib/code-cache.cjs), and each of them has a CommonJS entry.
    supported: { "dynamic-import": false },
    // The store's ES modules find their files from import.meta.url (db/index.ts: the migrations).
    define: { "import.meta.url": "__storeBundleUrl" },
    banner: { js: "const __storeBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: "silent",
    legalComments: "none",
    metafile: true,
  });
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(next, outDir);
  return metafile;
}
