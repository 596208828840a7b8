#!/usr/bin/env node
// `npm run store -- <command>`: the store's CLI, run from the repository root (so
// STORE_API_DATA_DIR's default, .data/store, is the one `npm start` uses),
// building the store first when its sources changed.
import { spawnSync } from "node:child_process";
import { buildStoreIfStale, root } from "./lib/processes.mjs";

try {
  buildStoreIfStale();
} catch (err) {
  console.error(`store: ${err.message}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ["store-api/dist/cli.js", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
