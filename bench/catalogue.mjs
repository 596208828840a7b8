#!/usr/bin/env node
// A catalogue of any size (docs/architecture.md#the-catalogue-copy): the dashboard server's copy of
// the catalogue against reading the store's pages directly, at each size asked for.
//
// For each size N (a fresh store, `store seed --products N`: the demo catalogue's products, then
// generated ones with their options):
// 1. Cold: from the first GET /api/catalogue of a freshly started dashboard to its copy holding every
//    product (polled: `phase: ready`), beside the baseline measured just before in the same run: every
//    page of GET /api/v1/products read directly from the store, 250 a page, four at a time (what the
//    copy's reading does, without the dashboard). Goal: at most 1.2× the baseline.
// 2. Warm, once /metrics says the copy's word index and its orders by name and SKU are made (the
//    dashboard makes them in the background after a reading; how long that took is printed): windows of
//    100 rows for searches (words of names, SKUs, option SKUs, prefixes, nothing), sorts and filters,
//    each asked REPEATS times over HTTP: p50 and p95 from request to answer.
//    Goal: a sort or filter at most 300 ms, a search's answer well within the palette's 100 ms.
// 3. Freshness: a product renamed through the store's API (as another app would), then the
//    dashboard's search for the new name asked every 100 ms until it is found (a search that finds
//    nothing may revalidate first when that is cheap). Goal: at most 10 s. Then a product created
//    elsewhere at the top of the list, which moves every product's place: our store's list of changes
//    tells that as one shift of the list's order, which the copy applies to its own rows.
// 4. Memory: the dashboard's resident set before the first read and once the copy is whole, and
//    what the copy says of itself (bytes of JSON).
//
//   node bench/catalogue.mjs [--sizes 10000,30000,100000] [--repeats 10] [--database-url postgres://…]
//
// The dashboard: `next start` of the built app (built first when stale: not beside the e2e tests in
// the same checkout), its session minted with next-auth's `encode`. Prints figures; asserts nothing
// (machines are noisy).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { buildDashboardIfStale, buildStoreIfStale } from "../scripts/lib/processes.mjs";
import { benchRun, freePort, printMachine, ratio, runBench } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,30000,100000" },
    repeats: { type: "string", default: "10" },
    "database-url": { type: "string" },
  },
});
const SIZES = args.sizes.split(",").map(Number);
const REPEATS = Number(args.repeats);
const { cleanups, startDashboard, seededStore, stopProcess, freshPostgres } = benchRun("store-bench-catalogue-");
// The dashboards started here read it (harness.mjs passes this shell's environment): /metrics says when the copy is prepared.
process.env.DASHBOARD_METRICS_TOKEN = randomBytes(24).toString("hex");

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const s = (v) => `${(v / 1000).toFixed(2)} s`;

/** Every page of the store's products, 250 a page, four at a time: the baseline. */
async function readStoreDirectly(base, auth) {
  const first = await fetch(`${base}/api/v1/products?page=0&count=250`, { headers: auth });
  const total = Number(first.headers.get("x-total-count"));
  let count = (await first.json()).length;
  const pages = Math.ceil(total / 250);
  let next = 1;
  const worker = async () => {
    while (next < pages) {
      const page = next++;
      const res = await fetch(`${base}/api/v1/products?page=${page}&count=250`, { headers: auth });
      count += (await res.json()).length;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return count;
}

function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)[1]) * 1024;
  } catch {
    return NaN;
  }
}

/** The pid of the `next-server` child of `next start` (its RSS is the dashboard's). */
function serverPid(child) {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.split(") ")[1].split(" ")[1]) === child.pid) return Number(entry);
    } catch {}
  }
  return child.pid;
}

async function oneSize(size, databaseUrl) {
  const store = await seededStore({
    label: `n${size}`,
    databaseUrl,
    seed: { what: `${size.toLocaleString("en")} products`, args: ["--products", String(size)] },
  });
  const port = await freePort();
  const dashboard = `http://127.0.0.1:${port}`;
  const { child, session } = await startDashboard({
    port,
    storeBase: store.base,
    client: store.client,
    granted: store.granted,
  });
  const cookie = { cookie: `next-auth.session-token=${session}` };
  const get = async (query) => {
    const started = performance.now();
    const res = await fetch(`${dashboard}/api/catalogue?${query}`, { headers: cookie });
    const body = await res.json();
    if (!res.ok) throw new Error(`GET /api/catalogue?${query}: ${res.status} ${JSON.stringify(body)}`);
    return { body, took: performance.now() - started };
  };

  // 1. Cold, beside the baseline.
  const baseStarted = performance.now();
  const directCount = await readStoreDirectly(store.base, store.auth);
  const baseline = performance.now() - baseStarted;
  const pid = serverPid(child);
  const rssBefore = rssOf(pid);
  const coldStarted = performance.now();
  let window = (await get("limit=0")).body;
  while (window.phase !== "ready") {
    await new Promise((r) => setTimeout(r, 50));
    window = (await get("limit=0")).body;
  }
  const cold = performance.now() - coldStarted;
  const rssAfter = rssOf(pid);
  // Then the dashboard makes its word index and its orders by name and SKU in the background (/metrics
  // says when): the windows below are asked of a warm dashboard, as the goals say.
  const preparing = performance.now();
  const prepared = async () => {
    const res = await fetch(`${dashboard}/metrics`, {
      headers: { authorization: `Bearer ${process.env.DASHBOARD_METRICS_TOKEN}` },
    });
    return /^store_admin_catalogue_prepared\{copy="0"\} 1$/m.test(await res.text());
  };
  while (!(await prepared())) await new Promise((r) => setTimeout(r, 50));
  const preparedAfter = performance.now() - preparing;

  // 2. Warm windows.
  const sample = (await get(`offset=${Math.min(1000, Math.floor(size / 2))}&limit=40`)).body.rows;
  const named = sample.find((p) => p.name.split(/\s+/).length > 2) ?? sample[0];
  const optionSku = sample.flatMap((p) => p.stock ?? []).find((i) => !i.isDefault && i.sku)?.sku ?? named.sku;
  const queries = {
    "search: a name's word": `q=${encodeURIComponent(named.name.split(/\s+/)[1])}&limit=100`,
    "search: a whole name": `q=${encodeURIComponent(named.name)}&limit=100`,
    "search: an option's SKU": `q=${encodeURIComponent(optionSku)}&limit=100`,
    "search: a SKU's start": `q=${encodeURIComponent(named.sku.slice(0, 3))}&limit=100`,
    "search: nothing found": `q=zzqx%20nothing&limit=100`,
    "sort: by price, far window": `sort=price&offset=${Math.floor(size / 2)}&limit=100`,
    "sort: by name, descending": `sort=name&desc=1&limit=100`,
    "filter: status hidden": `status=hidden&limit=100`,
  };
  const rows = [];
  for (const [label, query] of Object.entries(queries)) {
    // A different sort each time would be cold every time: the copy keeps a query's matches for its version.
    const times = [];
    for (let i = 0; i < REPEATS; i++) times.push((await get(query)).took);
    times.sort((a, b) => a - b);
    rows.push({ label, p50: percentile(times, 0.5), p95: percentile(times, 0.95), first: Math.max(...times) });
  }

  // 3. Freshness: a rename elsewhere (listed by the store's changes), then a product created elsewhere at
  // the top of the list (it shifts every product's order: one line of the store's changes).
  const write = async (method, path, fields) => {
    const res = await fetch(`${store.base}/api/v1${path}`, {
      method,
      headers: { ...store.auth, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  /** Milliseconds until the dashboard's search finds `name`, asked every 100 ms; null past 60 s. */
  const foundAfter = async (name) => {
    const at = performance.now();
    while (performance.now() - at < 60_000) {
      const { body } = await get(`q=${encodeURIComponent(name)}&limit=1`);
      if (body.total === 1) return performance.now() - at;
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  };
  const newName = `Renamed elsewhere ${Date.now()}`;
  await write("PUT", `/products/${encodeURIComponent(named.key)}`, { name: newName });
  const seenAfter = await foundAfter(newName);
  const madeName = `Made elsewhere ${Date.now()}`;
  await write("POST", "/products", { name: madeName, price: "10" });
  const madeAfter = await foundAfter(madeName);
  // A shipping group changed elsewhere (every product of it shows the group): the store tells it as one
  // line, so a rename made just after it is found as fast as the first one (a re-read would take 40 s).
  const groups = await fetch(`${store.base}/api/v1/shipping_groups`, { headers: store.auth }).then((r) => r.json());
  let groupAfter; // undefined: the store has no shipping group
  if (Array.isArray(groups) && groups.length) {
    await write("PUT", `/shipping_groups/${groups[0].id}`, { name: `${groups[0].name} (changed elsewhere)` });
    const afterGroup = `Renamed after a group's change ${Date.now()}`;
    await write("PUT", `/products/${encodeURIComponent(named.key)}`, { name: afterGroup });
    groupAfter = await foundAfter(afterGroup);
  }

  console.log(`\n${size.toLocaleString("en")} products (${directCount.toLocaleString("en")} read directly)`);
  console.log(
    `  cold: the copy whole in ${s(cold)}; the store's pages read directly in ${s(baseline)}: ${ratio(cold / baseline)} (goal ≤ 1.2×)`,
  );
  console.log(`  prepared for search and sort ${s(preparedAfter)} after the copy was whole`);
  console.log(`  memory: dashboard RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MB`);
  console.log("  warm windows (HTTP, request to answer):");
  for (const r of rows)
    console.log(
      `    ${r.label.padEnd(30)} p50 ${ms(r.p50).padStart(8)}  p95 ${ms(r.p95).padStart(8)}  slowest ${ms(r.first)}`,
    );
  const after = (v) => (v === null ? "more than 60 s" : s(v));
  console.log(`  a rename made elsewhere found by the search after ${after(seenAfter)} (goal ≤ 10 s)`);
  console.log(
    `  a product made elsewhere at the top of the list (every product moves) found after ${after(madeAfter)}`,
  );
  if (groupAfter !== undefined)
    console.log(`  a shipping group changed elsewhere, then a rename: found after ${after(groupAfter)}`);
  await stopProcess(child);
  await stopProcess(store.child);
}

async function main() {
  console.log("Building the store and the dashboard if stale…");
  buildStoreIfStale();
  buildDashboardIfStale();
  const databaseUrl = args["database-url"] ? await freshPostgres(args["database-url"]) : null;
  console.log(databaseUrl ? "The store on PostgreSQL." : "The store on PGlite.");
  for (const size of SIZES)
    await oneSize(
      size,
      databaseUrl && size === SIZES[0] ? databaseUrl : databaseUrl ? await freshPostgres(args["database-url"]) : null,
    );
  printMachine();
}

runBench(main, cleanups);
