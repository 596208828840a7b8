// V8's code cache for the CommonJS files a process loads (docs/architecture.md#the-starts-timeline): preloaded
// with `node -r scripts/lib/code-cache.cjs …` and STORE_ADMIN_CODE_CACHE=<folder>, it compiles each file with
// the bytecode an earlier run of the same file left in that folder, and, a few seconds after the start
// (once the code a start runs has been compiled, lazily compiled functions included), writes what this run
// compiled anew. `npm start` gives it to the store's bundle: Node 20 has no compile cache of its own
// (module.enableCompileCache is Node 22), and none for ES modules, hence the CommonJS bundle.
//
// A file is known by its path, size and modification time (npm ci and a rebuild write new files), and V8
// itself refuses bytecode of another version or other flags (then the file is compiled as usual and its
// cache written again). What could go wrong only costs the cache: a folder that cannot be written, a file
// that is not a script (an ES module required from CommonJS), each falls back to Node's own compiling.
//
// Not cached: a file whose text has "import(" (but the one file STORE_ADMIN_CODE_CACHE_TRUSTED names, the
// store's bundle: build-store.mjs turns its import() into require(), and only comments of its packages say
// it), because on Node 20 a script compiled from a code cache loses its dynamic import and throws
// ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING at the call (Next.js's own entry did, tried here).
//
// CommonJS, preloaded with -r: preloaded as an ES module (--import), it would start Node's ES module loader
// first, a fifth of a second (measured), more than the cache saves.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file (above) */
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

const folder = process.env.STORE_ADMIN_CODE_CACHE;
/** How long after the start this run's new bytecode is written (ms). */
const WRITE_AFTER_MS = Number(process.env.STORE_ADMIN_CODE_CACHE_WRITE_MS ?? 5000);

/** The cache file of a script: its path, size and modification time, and this Node. */
function cacheFile(filename) {
  const stat = fs.statSync(filename);
  const key = [filename, stat.size, stat.mtimeMs, process.version, process.arch].join("\0");
  return path.join(folder, `${crypto.createHash("sha256").update(key).digest("hex").slice(0, 40)}.bin`);
}

/** Node's own `require` for a module, as Module.prototype._compile makes it. */
function requireFor(mod) {
  const require = (id) => mod.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

function install() {
  try {
    fs.mkdirSync(folder, { recursive: true });
  } catch {
    return;
  }
  const trusted = process.env.STORE_ADMIN_CODE_CACHE_TRUSTED;
  /** The cache files this run read or will write; the rest of the folder is stale. */
  const used = new Set();
  /** Scripts compiled without accepted bytecode: [script, file] */
  const fresh = [];
  let accepted = 0;
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (filename !== trusted && content.includes("import(")) return compile.call(this, content, filename);
    let file;
    let cachedData;
    try {
      file = cacheFile(filename);
      cachedData = fs.readFileSync(file);
    } catch {
      // no cache yet
    }
    let script;
    try {
      // A shebang line is not JavaScript inside the wrapper: kept as a comment, the lines stay where they were.
      const source = content.startsWith("#!") ? `//${content}` : content;
      script = new vm.Script(Module.wrap(source), {
        filename,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      // Not a script (Node loads an ES module required from CommonJS its own way): as if never here.
      return compile.call(this, content, filename);
    }
    if (file) {
      used.add(file);
      if (!cachedData || script.cachedDataRejected) fresh.push([script, file]);
      else accepted++;
    }
    const run = script.runInThisContext({ displayErrors: true });
    return run.call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };
  const timer = setTimeout(() => {
    // For the tests (scripts/lib/code-cache.test.ts): what the cache gave, and what this run adds.
    if (process.env.STORE_ADMIN_CODE_CACHE_REPORT === "1")
      process.stderr.write(`code cache: ${accepted} used, ${fresh.length} written\n`);
    for (const [script, file] of fresh.splice(0)) {
      try {
        const part = `${file}.${process.pid}`;
        fs.writeFileSync(part, script.createCachedData());
        fs.renameSync(part, file);
      } catch {
        // a full disk or a folder gone: next time, compiled as usual
      }
    }
    try {
      for (const name of fs.readdirSync(folder)) {
        const file = path.join(folder, name);
        if (!used.has(file)) fs.rmSync(file, { force: true });
      }
    } catch {
      // the folder went away
    }
  }, WRITE_AFTER_MS);
  timer.unref();
}

if (folder) install();
