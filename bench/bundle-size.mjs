#!/usr/bin/env node
// First-load JavaScript per dashboard route (gzip), beside a blank Next.js page
// built the same way in the same run, with the budgets of docs/architecture.md#budgets:
// every page within blank + 62 kB, the bulk grid and the inventory within blank + 150 kB. Exits 1
// when a route is over its budget (CI runs it).
//
//   npm run bench:bundle            (builds the dashboard first when it is stale)
//
// Figures come from the build's own diagnostics
// (.next/diagnostics/route-bundle-stats.json: the chunks each route loads first).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { bin, buildDashboardIfStale, root, run } from "../scripts/lib/processes.mjs";

const KB = 1000;
// 62 kB since the command palette (issue 31): its keys and button are on every page (about 1.5 kB, the
// palette itself and its sheet load on first use); /shipping/[id] then stood 1.2 kB over 60.
const BUDGET = { default: 62 * KB, bulk: 150 * KB };
// The grids: the bulk grid and the inventory, which is the same grid over options (docs/bulk-editing.md#inventory).
const budgetFor = (route) => (/\/bulk|\/inventory/.test(route) ? BUDGET.bulk : BUDGET.default);

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** route → gzip bytes of its first-load chunks, from a build folder. */
function firstLoad(appDir) {
  const statsFile = path.join(appDir, ".next/diagnostics/route-bundle-stats.json");
  if (!fs.existsSync(statsFile)) throw new Error(`${statsFile} is missing: did the build run?`);
  const stats = JSON.parse(fs.readFileSync(statsFile, "utf8"));
  const out = new Map();
  for (const r of stats) {
    const bytes = r.firstLoadChunkPaths.reduce((sum, p) => sum + gzipSize(path.join(appDir, p)), 0);
    out.set(r.route, { gzip: bytes, raw: r.firstLoadUncompressedJsBytes });
  }
  return out;
}

/** A blank App Router page with one layout, built by the same Next.js with the same bundler. */
function buildBlank() {
  const dir = path.join(root, "bench/.out/blank");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "app"), { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "blank", private: true }));
  fs.writeFileSync(
    path.join(dir, "next.config.mjs"),
    `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`,
  );
  fs.writeFileSync(
    path.join(dir, "app/layout.tsx"),
    `export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n`,
  );
  fs.writeFileSync(
    path.join(dir, "app/page.tsx"),
    `export default function Page() {\n  return <main>Blank</main>;\n}\n`,
  );
  run(bin("next"), ["build"], { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: "ignore" });
  return dir;
}

buildDashboardIfStale();
const blankDir = buildBlank();
const blank = firstLoad(blankDir).get("/");
const dashboard = firstLoad(root);

const fmt = (b) => `${(b / KB).toFixed(1)} kB`;
const rows = [...dashboard]
  .filter(([route]) => !route.startsWith("/_") && !route.startsWith("/api/"))
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([route, s]) => {
    const over = s.gzip - blank.gzip;
    const budget = budgetFor(route);
    return [
      route,
      fmt(s.gzip),
      `+${fmt(over)}`,
      `${(s.gzip / blank.gzip).toFixed(2)}×`,
      `+${fmt(budget)}`,
      over <= budget ? "ok" : "OVER",
    ];
  });
const header = ["route", "first-load JS (gzip)", "over blank", "ratio", "budget", ""];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) =>
  r
    .map((c, i) => c.padEnd(widths[i]))
    .join("  ")
    .trimEnd();
console.log(`\nblank Next.js page: ${fmt(blank.gzip)} gzip (${fmt(blank.raw)} raw)\n`);
console.log(line(header));
for (const r of rows) console.log(line(r));
const over = rows.filter((r) => r[5] === "OVER");
console.log(
  `\n${rows.length - over.length} of ${rows.length} routes within budget${over.length ? `; over: ${over.map((r) => r[0]).join(", ")}` : ""}`,
);
// CI runs this after the tests: a route over its budget fails the build.
if (over.length) process.exitCode = 1;
