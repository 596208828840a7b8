#!/usr/bin/env node
// The bulk grid (issue 19, docs/bulk-editing.md) with a big catalogue, in Chromium:
//
// 1. Load time: /products/bulk of the built dashboard opened in Debian's Chromium
//    with a signed-in session, timed from navigation to the first rows shown and to
//    every product loaded (the grid's aria-busy turns false), beside the baseline
//    measured in the same run: every page of GET /api/v1/products read from the store
//    directly with the same token, in the same page size, once one after another and
//    once four at a time (what the grid's server does when the store sends
//    X-Total-Count). The ratio is the dashboard's share: the stream, the JSON to
//    the browser, React. Every read starts with the store's read cache empty (a write
//    just before it, as after any change a person made): a first load, not a repeat
//    the store answers from memory (it keeps answers only 10 s and 64 MB).
// 2. Memory, sort and search: the page's live JavaScript heap once every product is loaded (CDP,
//    after a garbage collection), the browser's share of a big catalogue; then, 4 s later (what the
//    page makes in the background once every product is in), a click on the Name column's sort and a
//    word typed into the search, each timed to the next frame.
// 3. Scroll smoothness: frame times (requestAnimationFrame timestamps in the page)
//    while the grid scrolls at a steady wheel's speed and at a fling's, beside the
//    frame times of the same page standing still (the machine's floor). Beside each,
//    the renderer main thread's CPU time per frame (CDP Performance.getMetrics in
//    thread time: TaskDuration, split into script, style, layout and the rest, which
//    is mostly paint and commit), the figure that a loaded machine disturbs least:
//    frame intervals grow when other processes take the cores, CPU time much less.
//
//   node bench/bulk-grid.mjs [--products 10000] [--runs 3] [--rate-limit 40]
//                            [--flings 3] [--baseline <checkout>] [--trace <file.json>]
//
// --flings: how many flings are measured (their frames pooled). --baseline: another
// checkout with its own build (.next, node_modules) whose grid is served beside this
// one's on the same store and scrolled in the same run, one fling each in turn (a
// before/after comparison that the machine's load cannot skew one way). --trace: one
// more steady scroll and fling of each build recorded as Chrome traces (open them in
// DevTools' Performance panel), and the renderer main thread's busiest events printed.
//
// The store: the built CLI on a fresh temporary data folder, `store seed --products N`
// (the demo store's products, then generated ones; no pictures), serving with the
// store's default rate limit (40 requests a second per token, as `npm start` runs it;
// `--rate-limit 0` turns it off) so that the grid's waits on 429 are part of the
// figure. The dashboard: `next start` of the built app (built first when stale: that
// writes .next/, so do not run it beside the e2e tests in the same checkout), its
// session cookie minted with next-auth's own `encode` and the dashboard's secret.
// Prints figures; asserts nothing (machines are noisy).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { buildDashboardIfStale, buildStoreIfStale, root, runJson, waitForHttp } from "../scripts/lib/processes.mjs";
import { frameTimes, liveHeapMb, loadGridPage, sortAndFilterTimes } from "./lib/grid.mjs";
import { benchRun, freePort, storeEnvironment, tokenResponse } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    runs: { type: "string", default: "3" },
    "rate-limit": { type: "string", default: "40" },
    flings: { type: "string", default: "3" },
    baseline: { type: "string" },
    trace: { type: "string" },
  },
});
const FLINGS = Number(args.flings);
const BASELINE = args.baseline ? path.resolve(args.baseline) : null;
const PRODUCTS = Number(args.products);
const RUNS = Number(args.runs);
const RATE_LIMIT = args["rate-limit"];
// The grid's server reads the store 250 products a page (app/api/products/bulk/route.ts), the contract's
// largest (docs/contract.md#lists); the store-direct baseline reads the same pages.
const PAGE_SIZE = 250;
const USER = { email: "bench@example.com", password: "bench-password-1234" };
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const { tmp: dataDir, startProcess, seedStore, startDashboard } = benchRun("store-bench-bulk-grid-");
const cli = path.join(root, "store-api/dist/cli.js");
const storeEnv = (more = {}) => storeEnvironment({ STORE_API_DATA_DIR: dataDir, ...more });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (x) => `${x.toFixed(0)} ms`;

/**
 * Empties the store's read cache: any write does (src/api/read-cache.ts), here a product
 * renamed to its own name, so that the next read is a first one.
 */
async function emptyStoreCache(storeBase, auth) {
  const [product] = await (await fetch(`${storeBase}/api/v1/products?count=1`, { headers: auth })).json();
  const res = await fetch(`${storeBase}/api/v1/products/${encodeURIComponent(product.key)}`, {
    method: "PUT",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: product.name }),
  });
  if (res.status !== 200) throw new Error(`PUT /api/v1/products/{key} answered ${res.status}`);
}

/** Every page of the products list read straight from the store, `parallel` at a time; ms. */
async function readStoreDirect(storeBase, auth, parallel) {
  const started = performance.now();
  const first = await fetch(`${storeBase}/api/v1/products?page=0&count=${PAGE_SIZE}`, { headers: auth });
  if (first.status !== 200) throw new Error(`GET /api/v1/products answered ${first.status}`);
  const total = Number(first.headers.get("x-total-count"));
  let read = (await first.json()).length;
  const short = [];
  const pages = Math.ceil(total / PAGE_SIZE);
  let next = 1;
  const worker = async () => {
    while (next < pages) {
      const page = next++;
      for (;;) {
        const res = await fetch(`${storeBase}/api/v1/products?page=${page}&count=${PAGE_SIZE}`, { headers: auth });
        if (res.status === 429) {
          await res.arrayBuffer();
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
          continue;
        }
        if (res.status !== 200) throw new Error(`GET /api/v1/products?page=${page} answered ${res.status}`);
        const items = await res.json();
        if (items.length !== PAGE_SIZE && page !== pages - 1) short.push(`page ${page}: ${items.length}`);
        read += items.length;
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  if (read !== total) throw new Error(`read ${read} products of ${total} (${short.join(", ")})`);
  return performance.now() - started;
}

/** The dashboard's catalogue stream alone (GET /api/products/bulk read to its end line, no browser); ms. */
async function readStream(dashboardBase, session) {
  const started = performance.now();
  const res = await fetch(`${dashboardBase}/api/products/bulk`, {
    headers: { cookie: `next-auth.session-token=${session}`, accept: "application/x-ndjson" },
  });
  if (res.status !== 200) throw new Error(`GET /api/products/bulk answered ${res.status}`);
  const text = await res.text();
  if (!text.trimEnd().endsWith('"type":"end","count":' + PRODUCTS + "}")) throw new Error("the stream did not end");
  return performance.now() - started;
}

/** /proc's clock ticks a second (USER_HZ). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) used so far by process `pid` and every process under it (Linux /proc). */
function treeCpuSeconds(pid) {
  const stats = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The fields after the command's name (which may hold spaces) in its parentheses.
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) {
      if (inTree.has(s.pid) || !inTree.has(s.ppid)) continue;
      inTree.add(s.pid);
      grew = true;
    }
  }
  return stats.filter((s) => inTree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) / CLOCK_TICKS;
}

/**
 * One more cold load of the grid, with the CPU each part spent on it: the store's process, the
 * dashboard's server, and the browser's renderer main thread (CDP thread time: script, style and
 * layout, the rest). Which of them to make cheaper, on a machine where all three share the cores.
 */
async function loadCpuSplit(context, dashboardBase, { store, dashboard }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  const before = {
    store: treeCpuSeconds(store),
    dashboard: treeCpuSeconds(dashboard),
    page: await mainThreadTimes(cdp),
  };
  const started = performance.now();
  await page.goto(`${dashboardBase}/products/bulk`, { waitUntil: "commit" });
  await page.waitForFunction(
    () => document.querySelector('[role="grid"]')?.getAttribute("aria-busy") === "false",
    undefined,
    { timeout: 600_000, polling: 50 },
  );
  const wall = performance.now() - started;
  // When the page asked for the catalogue, and when it came, from the navigation's start (the page's own clock).
  const timing = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType("navigation");
    const stream = performance.getEntriesByType("resource").find((e) => e.name.includes("/api/products/bulk"));
    return {
      html: [nav.responseStart, nav.responseEnd],
      domContentLoaded: nav.domContentLoadedEventEnd,
      stream: stream ? [stream.startTime, stream.responseStart, stream.responseEnd] : null,
    };
  });
  const after = {
    store: treeCpuSeconds(store),
    dashboard: treeCpuSeconds(dashboard),
    page: await mainThreadTimes(cdp),
  };
  await page.close();
  const s = (x) => `${x.toFixed(2)} s`;
  const pageCpu = (key) => (after.page[key] - before.page[key]) / 1000;
  return {
    "wall time of this load": s(wall / 1000),
    "page's HTML: first byte, last byte": timing.html.map((t) => s(t / 1000)).join(", "),
    "DOMContentLoaded (the scripts run)": s(timing.domContentLoaded / 1000),
    "catalogue stream: asked, first byte, last byte": timing.stream?.map((t) => s(t / 1000)).join(", ") ?? "not seen",
    "store process": s(after.store - before.store),
    "dashboard server (next start)": s(after.dashboard - before.dashboard),
    "browser main thread, all": s(pageCpu("task")),
    "  of which script": s(pageCpu("script")),
    "  of which style and layout": s(pageCpu("style") + pageCpu("layout")),
  };
}

/** Opens the grid in a fresh page; ms from navigation to the first row and to the last product loaded. */
const loadGrid = (context, dashboardBase) => loadGridPage(context, `${dashboardBase}/products/bulk`);

/** The renderer main thread's cumulative CPU times (thread time, ms) from CDP Performance.getMetrics. */
async function mainThreadTimes(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const byName = Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  return {
    task: byName.TaskDuration * 1000,
    script: byName.ScriptDuration * 1000,
    style: byName.RecalcStyleDuration * 1000,
    layout: byName.LayoutDuration * 1000,
  };
}

/** frameTimes, with the renderer main thread's CPU time spent meanwhile (ms, thread time). */
async function scrollWithCpu(page, cdp, spec) {
  const before = await mainThreadTimes(cdp);
  const result = await frameTimes(page, spec);
  const after = await mainThreadTimes(cdp);
  const cpu = Object.fromEntries(Object.keys(before).map((k) => [k, after[k] - before[k]]));
  return { ...result, cpu };
}

/** Several scrolls' frames and CPU times pooled into one. */
function pooled(scrolls) {
  const cpu = { task: 0, script: 0, style: 0, layout: 0 };
  for (const s of scrolls) for (const k of Object.keys(cpu)) cpu[k] += s.cpu[k];
  return {
    intervals: scrolls.flatMap((s) => s.intervals),
    cpu,
    distance: scrolls[0].distance,
    renderedRows: Math.max(...scrolls.map((s) => s.renderedRows)),
    reached: scrolls.every((s) => s.reached),
  };
}

/** The main thread's CPU time per frame (ms): all of it, then script, style, layout and the rest (paint, commit…). */
function cpuFigures({ intervals, cpu }) {
  const frames = intervals.length;
  const perFrame = (x) => (x / frames).toFixed(2);
  const wall = intervals.reduce((a, b) => a + b, 0);
  return {
    frames,
    "CPU ms/frame": perFrame(cpu.task),
    script: perFrame(cpu.script),
    style: perFrame(cpu.style),
    layout: perFrame(cpu.layout),
    "other (paint…)": perFrame(cpu.task - cpu.script - cpu.style - cpu.layout),
    "main thread busy": `${((100 * cpu.task) / wall).toFixed(0)} %`,
  };
}

/**
 * The renderer main thread's busiest events in a Chrome trace (`traceEvents`), by self time (an event's
 * time less its children's), ms a frame: where a frame's time goes.
 */
function traceSummary(trace, frames) {
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's main thread: the renderer main thread with the most complete events.
  const counts = new Map();
  for (const e of events) {
    const id = `${e.pid}:${e.tid}`;
    if (e.ph === "X" && mainThreads.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const complete = events
    .filter((e) => e.ph === "X" && `${e.pid}:${e.tid}` === main && typeof e.dur === "number")
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Thread time (tdur) where the trace has it: a loaded machine's waits for a core left out.
  const cpu = (e) => e.tdur ?? e.dur;
  const self = new Map();
  const stack = [];
  for (const e of complete) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - cpu(e));
    self.set(e.name, (self.get(e.name) ?? 0) + cpu(e));
    stack.push(e);
  }
  return Object.fromEntries(
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([name, us]) => [name, (us / 1000 / frames).toFixed(2)]),
  );
}

function frameFigures(intervals) {
  const sorted = [...intervals].sort((a, b) => a - b);
  const slow = (limit) => intervals.filter((x) => x > limit).length;
  return {
    frames: intervals.length,
    "median ms": percentile(sorted, 0.5).toFixed(1),
    "p95 ms": percentile(sorted, 0.95).toFixed(1),
    "p99 ms": percentile(sorted, 0.99).toFixed(1),
    "max ms": sorted.at(-1).toFixed(1),
    "> 16.7 ms": `${((100 * slow(1000 / 60 + 1)) / intervals.length).toFixed(1)} %`,
    "> 33 ms": `${((100 * slow(1000 / 30 + 1)) / intervals.length).toFixed(1)} %`,
  };
}

async function main() {
  console.log(`Building the store and the dashboard if stale, seeding a store of ${PRODUCTS} products…`);
  buildStoreIfStale();
  buildDashboardIfStale();
  const seedStarted = performance.now();
  await seedStore(["--products", String(PRODUCTS)], storeEnv());
  console.log(`  Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.`);

  const [storePort, dashboardPort] = [await freePort(), await freePort()];
  const storeBase = `http://127.0.0.1:${storePort}`;
  const dashboardBase = `http://127.0.0.1:${dashboardPort}`;
  const redirectUri = `${dashboardBase}/api/auth/callback/store`;
  const client = runJson(
    process.execPath,
    [cli, "app", "create", "--name", "Bench dashboard", "--redirect-uri", redirectUri, "--scopes", "admin storefront"],
    { env: storeEnv() },
  );
  runJson(process.execPath, [cli, "user", "create", "--email", USER.email, "--password", USER.password], {
    env: storeEnv(),
  });
  const { child: store } = await startProcess(
    process.execPath,
    [cli, "serve"],
    storeEnv({ STORE_API_PORT: String(storePort), STORE_API_PUBLIC_URL: storeBase, STORE_API_RATE_LIMIT: RATE_LIMIT }),
    (line) => line.includes("Server listening at"),
  );
  await waitForHttp(`${storeBase}/`, store, 60_000);
  const granted = await tokenResponse(storeBase, { client, user: USER, scope: "admin storefront", redirectUri });
  const auth = { authorization: `Bearer ${granted.access_token}` };

  const { session, child: dashboard } = await startDashboard({ port: dashboardPort, storeBase, client, granted });
  let baseline = null;
  if (BASELINE) {
    const port = await freePort();
    const { session } = await startDashboard({ port, storeBase, client, granted, dir: BASELINE });
    baseline = { base: `http://127.0.0.1:${port}`, session };
  }

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: "next-auth.session-token", value: session, url: dashboardBase, httpOnly: true, sameSite: "Lax" },
    ]);

    // A warm-up of each: the dashboard's code paths and the store's read cache as a person meets them.
    await readStoreDirect(storeBase, auth, 4);
    const warm = await loadGrid(context, dashboardBase);
    await warm.page.close();

    const loads = [];
    const sequential = [];
    const parallel = [];
    const streams = [];
    let lastPage = null;
    for (let run = 0; run < RUNS; run++) {
      await emptyStoreCache(storeBase, auth);
      sequential.push(await readStoreDirect(storeBase, auth, 1));
      await emptyStoreCache(storeBase, auth);
      parallel.push(await readStoreDirect(storeBase, auth, 4));
      // The store's rate limit (a bucket of twice the rate a second) refilled before the dashboard reads.
      await new Promise((r) => setTimeout(r, 2000));
      await emptyStoreCache(storeBase, auth);
      streams.push(await readStream(dashboardBase, session));
      await new Promise((r) => setTimeout(r, 2000));
      if (lastPage) await lastPage.close();
      await emptyStoreCache(storeBase, auth);
      const load = await loadGrid(context, dashboardBase);
      if (load.rowCount !== PRODUCTS) throw new Error(`the grid shows ${load.rowCount} products of ${PRODUCTS}`);
      loads.push(load);
      lastPage = load.page;
    }

    const gridLoaded = median(loads.map((l) => l.loaded));
    const storeParallel = median(parallel);
    console.log(
      `\nLoad: /products/bulk with ${PRODUCTS} products (${PAGE_SIZE} a page, store rate limit ${RATE_LIMIT === "0" ? "off" : `${RATE_LIMIT}/s`}), median of ${RUNS}\n`,
    );
    console.table({
      "grid: first rows shown": ms(median(loads.map((l) => l.firstRows))),
      "grid: every product loaded": ms(gridLoaded),
      "  each run": loads.map((l) => ms(l.loaded)).join(", "),
      "store direct, pages one after another": ms(median(sequential)),
      "store direct, 4 pages at a time": ms(storeParallel),
      "dashboard's stream alone (GET /api/products/bulk, no browser)": ms(median(streams)),
      "ratio (grid loaded / store direct, 4 at a time)": `${(gridLoaded / storeParallel).toFixed(2)}×`,
    });
    await new Promise((r) => setTimeout(r, 2000));
    await emptyStoreCache(storeBase, auth);
    console.log("\nCPU time spent on one more cold load, by process (they share the machine's cores)\n");
    console.table(await loadCpuSplit(context, dashboardBase, { store: store.pid, dashboard: dashboard.pid }));

    // The baseline's grid, loaded once on the same store, in its own context (its own session cookie).
    const builds = [{ name: "this build", page: lastPage }];
    let baselineContext = null;
    if (baseline) {
      baselineContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await baselineContext.addCookies([
        {
          name: "next-auth.session-token",
          value: baseline.session,
          url: baseline.base,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
      await new Promise((r) => setTimeout(r, 2000));
      const load = await loadGrid(baselineContext, baseline.base);
      if (load.rowCount !== PRODUCTS)
        throw new Error(`the baseline grid shows ${load.rowCount} products of ${PRODUCTS}`);
      builds.unshift({ name: "baseline", page: load.page });
    }
    for (const build of builds) {
      build.cdp = await build.page.context().newCDPSession(build.page);
      await build.cdp.send("Performance.enable", { timeDomain: "threadTicks" });
      build.heapMb = await liveHeapMb(build.cdp);
      // As a person would, some seconds after the last product: the search texts and the text columns'
      // order are made in the background once every product is in (about 2 s of work at 100,000).
      await new Promise((r) => setTimeout(r, 4000));
      build.sortFilter = await sortAndFilterTimes(build.page, { column: "Name", word: "lamp", search: "#bulk-search" });
      build.flings = [];
    }

    // Scrolling at two speeds (a steady wheel: 2,000 rows in 10 s; a fling: the whole
    // catalogue in 6 s), beside 3 s of the page standing still. The flings take turns
    // between the builds, so that the machine's load falls on both alike.
    for (const build of builds) {
      build.still = await scrollWithCpu(build.page, build.cdp, { rows: 0, seconds: 3 });
      build.steady = await scrollWithCpu(build.page, build.cdp, { rows: 2000, seconds: 10 });
    }
    for (let i = 0; i < FLINGS; i++) {
      for (const build of builds)
        build.flings.push(await scrollWithCpu(build.page, build.cdp, { rows: Infinity, seconds: 6 }));
    }
    const rowsTable = {};
    const cpuTable = {};
    for (const build of builds) {
      const fling = pooled(build.flings);
      const { steady, still } = build;
      if (!steady.reached || !fling.reached) throw new Error("the scroll did not reach its end");
      const prefix = builds.length > 1 ? `${build.name}, ` : "";
      const phases = {
        [`${prefix}steady: ${Math.round(steady.distance / 36 / 10)} rows a second`]: steady,
        [`${prefix}fling: ${Math.round(fling.distance / 36 / 6)} rows a second (${FLINGS}×)`]: fling,
        [`${prefix}standing still`]: still,
      };
      for (const [label, phase] of Object.entries(phases)) {
        rowsTable[label] = frameFigures(phase.intervals);
        cpuTable[label] = cpuFigures(phase);
      }
      build.renderedRows = Math.max(steady.renderedRows, fling.renderedRows);
      build.ratio = median(steady.intervals) / median(still.intervals);
    }
    console.log(
      "\nScroll: frame intervals (requestAnimationFrame) while the grid scrolls, beside the page standing still\n",
    );
    console.table(rowsTable);
    console.log("\nThe renderer main thread's CPU time per frame (thread time, CDP Performance.getMetrics)\n");
    console.table(cpuTable);
    for (const build of builds) {
      console.log(
        `${builds.length > 1 ? `${build.name}: ` : ""}at most ${build.renderedRows} rows were in the DOM at once (virtualised), of ${PRODUCTS}.` +
          ` Median frame interval, steady scroll / standing still: ${build.ratio.toFixed(2)}×.` +
          ` The page's JavaScript heap with every product loaded, after a garbage collection: ${build.heapMb.toFixed(0)} MB.` +
          ` Sorted by name in ${ms(build.sortFilter.sorted)}, searched for "lamp" in ${ms(build.sortFilter.filtered)} (click or word to the next frame).`,
      );
    }

    if (args.trace) {
      // One more steady scroll and fling of each build, traced: <file>-<build>-<scroll>.json.
      const summary = {};
      for (const build of builds) {
        for (const [scroll, spec] of [
          ["steady", { rows: 2000, seconds: 10 }],
          ["fling", { rows: Infinity, seconds: 6 }],
        ]) {
          const file = args.trace.replace(/(\.json)?$/, `-${build.name.replace(" ", "-")}-${scroll}.json`);
          await browser.startTracing(build.page, {
            path: file,
            categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink", "cc"],
          });
          const traced = await frameTimes(build.page, spec);
          const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
          for (const [name, ms] of Object.entries(traceSummary(trace, traced.intervals.length))) {
            summary[name] = { ...summary[name], [`${build.name}, ${scroll}`]: ms };
          }
        }
      }
      console.log(`\nScrolls traced to ${args.trace}-*.json: the main thread's busiest events, self CPU ms a frame\n`);
      console.table(summary);
    }
    await baselineContext?.close();
    await context.close();
  } finally {
    await browser.close();
  }
  console.log(
    `\nMachine: ${os.cpus().length} CPU(s), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}. Headless Chromium, no GPU: frame times are the software renderer's.`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
