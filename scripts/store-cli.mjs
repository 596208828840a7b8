#!/usr/bin/env node
// `npm run store -- <command>`: the store's CLI, run from the repository root (so
// STORE_API_DATA_DIR's default, .data/store, is the one `npm start` uses),
// building the store first when its sources changed: the bundle `npm start` runs (scripts/lib/build-store.mjs).
import { spawnSync } from "node:child_process";
import { bundleStore, STORE_BUNDLE, storeBundleIsStale } from "./lib/build-store.mjs";
import { root } from "./lib/processes.mjs";

try {
  if (storeBundleIsStale()) await bundleStore();
} catch (err) {
  console.error(`store: it could not be built: ${err.message}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [STORE_BUNDLE, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
