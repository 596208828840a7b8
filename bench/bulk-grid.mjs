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
// 2. Scroll smoothness: frame times (requestAnimationFrame timestamps in the page)
//    while the grid scrolls at a steady wheel's speed and at a fling's, beside the
//    frame times of the same page standing still (the machine's floor).
//
//   node bench/bulk-grid.mjs [--products 10000] [--runs 3] [--rate-limit 40]
//
// The store: the built CLI on a fresh temporary data folder, `store seed --products N`
// (the demo store's products, then generated ones; no pictures), serving with the
// store's default rate limit (40 requests a second per token, as `npm start` runs it;
// `--rate-limit 0` turns it off) so that the grid's waits on 429 are part of the
// figure. The dashboard: `next start` of the built app (built first when stale: that
// writes .next/, so do not run it beside the e2e tests in the same checkout), its
// session cookie minted with next-auth's own `encode` and the dashboard's secret.
// Prints figures; asserts nothing (machines are noisy).
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { buildDashboardIfStale, buildStoreIfStale, root, runJson, waitForHttp } from "../scripts/lib/processes.mjs";
import { benchRun, freePort, storeEnvironment, tokenResponse } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    runs: { type: "string", default: "3" },
    "rate-limit": { type: "string", default: "40" },
  },
});
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

/** Opens the grid in a fresh page; ms from navigation to the first row and to the last product loaded. */
async function loadGrid(context, dashboardBase) {
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${dashboardBase}/products/bulk`, { waitUntil: "commit" });
  const grid = page.getByRole("grid", { name: "Products" });
  await grid.locator('[role="row"][aria-rowindex="2"]').waitFor({ timeout: 120_000 });
  const firstRows = performance.now() - started;
  await page.waitForFunction(
    () => document.querySelector('[role="grid"]')?.getAttribute("aria-busy") === "false",
    undefined,
    { timeout: 600_000, polling: 50 },
  );
  const loaded = performance.now() - started;
  const rowCount = Number(await grid.getAttribute("aria-rowcount")) - 1;
  return { page, firstRows, loaded, rowCount };
}

/**
 * Frame intervals (ms) over `seconds`, measured inside the page with requestAnimationFrame
 * (the renderer's own figures): while the grid scrolls down `rows` rows at a steady speed
 * from the top (0: the page stands still; Infinity: to the bottom).
 */
async function frameTimes(page, { rows, seconds }) {
  return page.evaluate(
    async ({ rows, seconds, rowHeight }) => {
      const grid = document.querySelector('[role="grid"]');
      grid.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const bottom = grid.scrollHeight - grid.clientHeight;
      const distance = rows === null ? bottom : Math.min(bottom, rows * rowHeight);
      const intervals = [];
      let renderedRows = 0;
      await new Promise((resolve) => {
        let start = null;
        let last = null;
        const tick = (now) => {
          if (start === null) start = now;
          if (last !== null) intervals.push(now - last);
          last = now;
          const progress = Math.min(1, (now - start) / (seconds * 1000));
          grid.scrollTop = distance * progress;
          renderedRows = Math.max(renderedRows, grid.querySelectorAll('[role="row"]').length);
          if (progress < 1) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      return { intervals, distance, renderedRows, reached: grid.scrollTop >= distance - 1 };
    },
    // null (JSON has no Infinity): to the bottom. The grid's rows are 36 px (ROW_HEIGHT, components/products/bulk/grid-layout.ts).
    { rows: Number.isFinite(rows) ? rows : null, seconds, rowHeight: 36 },
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

  const { session } = await startDashboard({ port: dashboardPort, storeBase, client, granted });

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
      "store direct, pages one after another": ms(median(sequential)),
      "store direct, 4 pages at a time": ms(storeParallel),
      "dashboard's stream alone (GET /api/products/bulk, no browser)": ms(median(streams)),
      "ratio (grid loaded / store direct, 4 at a time)": `${(gridLoaded / storeParallel).toFixed(2)}×`,
    });

    // Scrolling at two speeds (a steady wheel: 2,000 rows in 10 s; a fling: the whole
    // catalogue in 6 s), beside 3 s of the page standing still.
    const still = await frameTimes(lastPage, { rows: 0, seconds: 3 });
    const steady = await frameTimes(lastPage, { rows: 2000, seconds: 10 });
    const fling = await frameTimes(lastPage, { rows: Infinity, seconds: 6 });
    if (!steady.reached || !fling.reached) throw new Error("the scroll did not reach its end");
    console.log(
      "\nScroll: frame intervals (requestAnimationFrame) while the grid scrolls, beside the page standing still\n",
    );
    console.table({
      [`steady: ${Math.round(steady.distance / 36 / 10)} rows a second`]: frameFigures(steady.intervals),
      [`fling: ${Math.round(fling.distance / 36 / 6)} rows a second`]: frameFigures(fling.intervals),
      "standing still": frameFigures(still.intervals),
    });
    console.log(
      `At most ${Math.max(steady.renderedRows, fling.renderedRows)} rows were in the DOM at once (virtualised), of ${PRODUCTS}.` +
        ` Median frame interval, steady scroll / standing still: ${(median(steady.intervals) / median(still.intervals)).toFixed(2)}×.`,
    );
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
