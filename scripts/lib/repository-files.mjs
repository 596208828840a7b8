// The repository's own files, for the checks that read the tree (docs/testing.md#checks-on-the-tree-itself):
// everything under a folder but dependencies, builds, reports and dot-folders.
import fs from "node:fs";
import path from "node:path";

const SKIPPED = new Set([
  "node_modules",
  ".next",
  ".git",
  "dist",
  ".data",
  "test-results",
  "playwright-report",
  ".out",
]);

/** Every file under `root` whose name `matches`, as a path relative to `root` with forward slashes. */
export function repositoryFiles(root, matches, dir = root) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...repositoryFiles(root, matches, full));
    else if (matches(entry.name)) found.push(path.relative(root, full).split(path.sep).join("/"));
  }
  return found;
}
