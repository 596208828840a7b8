#!/usr/bin/env node
// Searching the products list by name or SKU (issue 29, components/products/list/) with 10,000 products,
// in Chromium: the API has no search parameter, so the list loads the whole catalogue in the browser with
// the bulk grid's loader and searches it there (catalogue-search.ts). Prints:
//
// 1. Load: from opening /products?q=… to every product loaded and searched (the progress bar gone).
// 2. Search: once loaded, from Enter in the search box to the new results in the list's rows, measured
//    inside the page (performance.now, to the next frame after the results are in the DOM), per query,
//    median and p95. The goal is at most 100 ms.
//
//   node bench/products-search.mjs [--products 10000] [--repeats 15] [--rate-limit 40]
//
// The store and the dashboard as bench/bulk-grid.mjs makes them: the built CLI on a fresh data folder,
// `store seed --products N`, the built dashboard (built first when stale: that writes .next/, so do not
// run it beside the e2e tests in the same checkout), a session cookie minted with the dashboard's secret.
// Prints figures; asserts nothing (machines are noisy).
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { buildDashboardIfStale, buildStoreIfStale, root, runJson, waitForHttp } from "../scripts/lib/processes.mjs";
import { benchRun, freePort, printMachine, runBench, storeEnvironment, tokenResponse } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    repeats: { type: "string", default: "15" },
    "rate-limit": { type: "string", default: "40" },
  },
});
const PRODUCTS = Number(args.products);
const REPEATS = Number(args.repeats);
const RATE_LIMIT = args["rate-limit"];
const USER = { email: "bench@example.com", password: "bench-password-1234" };
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"];

const { tmp: dataDir, startProcess, seedStore, startDashboard } = benchRun("store-bench-products-search-");
const cli = path.join(root, "store-api/dist/cli.js");
const storeEnv = (more = {}) => storeEnvironment({ STORE_API_DATA_DIR: dataDir, ...more });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (x) => `${x.toFixed(1)} ms`;

/** Enter in the search box with `q`: ms until its results are in the DOM and the next frame is drawn, and the heading. */
function searchOnce(page, q) {
  return page.evaluate(async (query) => {
    const box = document.querySelector('form[aria-label="Search products"] input[name="q"]');
    const heading = document.querySelector("section[aria-labelledby] h2");
    if (!box || !heading) throw new Error("no search box or results heading");
    // Typed as a person would (React's onChange), then a frame for React to take it.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(box, query);
    box.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const shown = () => heading.textContent.startsWith(`Search “${query}”`);
    const started = performance.now();
    box.form.requestSubmit();
    await new Promise((resolve) => {
      if (shown()) return resolve();
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await new Promise((r) => requestAnimationFrame(() => r()));
    return { ms: performance.now() - started, heading: heading.textContent };
  }, q);
}

async function main() {
  console.log(`Building the store and the dashboard if stale, seeding a store of ${PRODUCTS} products…`);
  buildStoreIfStale();
  buildDashboardIfStale();
  await seedStore(["--products", String(PRODUCTS)], storeEnv());

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
  const { session } = await startDashboard({ port: dashboardPort, storeBase, client, granted });

  // The queries: a word of a product's name, a whole SKU, part of one, a word most names hold, and no match.
  const sample = await (
    await fetch(`${storeBase}/api/v1/products?page=3&count=50`, {
      headers: { authorization: `Bearer ${granted.access_token}` },
    })
  ).json();
  const named = sample.find((p) => p.name.split(/\s+/).length > 1) ?? sample[0];
  const withSku = sample.find((p) => p.sku) ?? named;
  const queries = [
    named.name.split(/\s+/).at(-1).toLowerCase(),
    withSku.sku || named.name,
    (withSku.sku || named.name).slice(0, 4).toLowerCase(),
    "e",
    "no such product anywhere",
  ];

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: "next-auth.session-token", value: session, url: dashboardBase, httpOnly: true, sameSite: "Lax" },
    ]);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${dashboardBase}/products?q=${encodeURIComponent(queries[0])}`, { waitUntil: "commit" });
    await page.getByRole("progressbar", { name: "Loading products to search" }).waitFor({ state: "attached" });
    await page
      .getByRole("progressbar", { name: "Loading products to search" })
      .waitFor({ state: "detached", timeout: 600_000 });
    const loaded = performance.now() - started;
    console.log(`\nLoad: /products?q=… with ${PRODUCTS} products, to every product loaded: ${ms(loaded)}\n`);

    // A warm-up of each query, then REPEATS rounds; consecutive searches always differ.
    for (const q of queries) await searchOnce(page, q);
    const times = new Map(queries.map((q) => [q, []]));
    const headings = new Map();
    for (let round = 0; round < REPEATS; round++) {
      for (const q of queries) {
        const { ms: took, heading } = await searchOnce(page, q);
        times.get(q).push(took);
        headings.set(q, heading);
      }
    }
    const table = {};
    for (const [q, xs] of times) {
      const sorted = [...xs].sort((a, b) => a - b);
      table[`“${q}”`] = {
        searches: xs.length,
        "median ms": percentile(sorted, 0.5).toFixed(1),
        "p95 ms": percentile(sorted, 0.95).toFixed(1),
        "max ms": sorted.at(-1).toFixed(1),
        found: headings.get(q).replace(/^Search “.*” · /, ""),
      };
    }
    const all = [...times.values()].flat().sort((a, b) => a - b);
    console.log(`Search: Enter → the results in the list's rows (page of 20), ${REPEATS} rounds of each query\n`);
    console.table(table);
    console.log(
      `Every search: median ${ms(percentile(all, 0.5))}, p95 ${ms(percentile(all, 0.95))} (goal: at most 100 ms).`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
  printMachine();
}

runBench(main);
