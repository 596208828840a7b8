#!/usr/bin/env node
// Images to products by file name (issue 39, docs/design.md#images-by-file-name), in Chromium:
// 500 image files over 200 products (3 each for the first 100, 2 each for the rest; most named
// by SKU, every fifth product's by slug), given to the page /products/images at once.
//
// 1. By name: from the file input's `change` to the match table saying "500 files: 500 matched"
//    (timed in the page), then from the confirmation's click to "Upload finished" (every file
//    up: each product's files one at a time in name order, three products at a time).
// 2. Baseline, in the same run: the same 500 files uploaded one product at a time through the
//    existing path, the product editor's media uploader (components/products/media/uploader.tsx):
//    open the product's page, choose its files, wait for every one to be uploaded, next product.
//    Timed from the first product's page to the last file uploaded, page loads included (what a
//    person doing it by hand would wait, without their clicks).
//
//   node bench/images-by-name.mjs [--products 200] [--files 500] [--side 800]
//
// The store: the built CLI on a fresh data folder, `store seed --products N` (no pictures), served
// with the rate limit off (500 uploads and 200 page loads would meet it; both paths alike). The
// dashboard: `next start` of the built app (built first when stale: do not run it beside the e2e
// tests in the same checkout). Each picture is a JPEG of `side`×(3/4 side) of blurred noise, so the
// store's rendering (five sizes each, docs/contract.md#uploads) is real work. Prints figures;
// asserts nothing but that every file arrived (machines are noisy).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { buildDashboardIfStale, buildStoreIfStale, root, runJson, waitForHttp } from "../scripts/lib/processes.mjs";
import { BENCH_USER, benchRun, freePort, storeEnvironment, tokenResponse } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "200" },
    files: { type: "string", default: "500" },
    side: { type: "string", default: "800" },
  },
});
const PRODUCTS = Number(args.products);
const FILES = Number(args.files);
const SIDE = Number(args.side);

const { tmp, startProcess, seedStore, startDashboard } = benchRun("store-bench-images-by-name-");
const cli = path.join(root, "store-api/dist/cli.js");
const storeEnv = (more = {}) => storeEnvironment({ STORE_API_DATA_DIR: path.join(tmp, "store"), ...more });
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function allProducts(storeBase, auth) {
  const products = [];
  for (let page = 0; ; page++) {
    const res = await fetch(`${storeBase}/api/v1/products?page=${page}&count=250`, { headers: auth });
    const items = await res.json();
    products.push(...items.map((p) => ({ key: p.key, slug: p.slug, sku: p.sku })));
    if (items.length < 250) return products;
  }
}

/** FILES pictures over the first PRODUCTS products, written to disk: [{ product, files: [path…] }]. */
async function makeFiles(products) {
  const dir = path.join(tmp, "pictures");
  fs.mkdirSync(dir);
  // A few distinct pictures, reused under many names (drawing 500 would only time sharp here).
  const pictures = await Promise.all(
    [0, 1, 2, 3].map((seed) =>
      sharp({
        create: {
          width: SIDE,
          height: Math.round(SIDE * 0.75),
          channels: 3,
          noise: { type: "gaussian", mean: 100 + seed * 20, sigma: 50 },
        },
      })
        .blur(1.5)
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
  const chosen = products.filter((p) => p.sku).slice(0, PRODUCTS);
  if (chosen.length < PRODUCTS) throw new Error(`the store has ${chosen.length} products with a SKU, not ${PRODUCTS}`);
  const extra = FILES - 2 * PRODUCTS;
  let bytes = 0;
  const plan = chosen.map((product, i) => {
    const count = 2 + (i < extra ? 1 : 0);
    const stem = i % 5 === 4 ? product.slug : product.sku;
    const files = Array.from({ length: count }, (_, n) => {
      const file = path.join(dir, `${stem}_${n + 1}.jpg`);
      const picture = pictures[(i + n) % pictures.length];
      fs.writeFileSync(file, picture);
      bytes += picture.length;
      return file;
    });
    return { product, files };
  });
  return { plan, bytes };
}

async function imageCount(storeBase, auth, key) {
  const res = await fetch(`${storeBase}/api/v1/products/${encodeURIComponent(key)}/images`, { headers: auth });
  return (await res.json()).length;
}

async function byName(context, dashboardBase, plan) {
  const page = await context.newPage();
  await page.goto(`${dashboardBase}/products/images`);
  await page.getByRole("button", { name: "Choose a folder" }).waitFor();
  await page
    .getByRole("progressbar", { name: "Loading products to match" })
    .waitFor({ state: "detached", timeout: 120_000 });
  const total = plan.reduce((n, p) => n + p.files.length, 0);
  const expected = `${total} files: ${total} matched, 0 without a match.`;
  // Timed in the page: the input's change, then the first frame after the counts say so.
  await page.evaluate((text) => {
    const input = [...document.querySelectorAll("input[type=file]")].find(
      (i) => i.getAttribute("aria-label") === "Images to match",
    );
    input.addEventListener("change", () => (window.__benchChange = performance.now()), { capture: true });
    const observer = new MutationObserver(() => {
      if (document.querySelector("[data-testid=match-counts]")?.textContent === text) {
        observer.disconnect();
        requestAnimationFrame(() => (window.__benchTable = performance.now()));
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, expected);
  await page.getByLabel("Images to match", { exact: true }).setInputFiles(plan.flatMap((p) => p.files));
  await page.waitForFunction(() => window.__benchTable !== undefined, null, { timeout: 120_000, polling: 50 });
  const toTable = await page.evaluate(() => window.__benchTable - window.__benchChange);

  await page.getByRole("button", { name: `Upload ${total} files…` }).click();
  const dialog = page.getByRole("dialog", { name: `Upload ${total} files to ${plan.length} products?` });
  await dialog.waitFor();
  const started = await page.evaluate(() => performance.now());
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await page.getByText("Upload finished").waitFor({ timeout: 30 * 60_000 });
  const toLast = (await page.evaluate(() => performance.now())) - started;
  const summary = await page.getByText(/images uploaded to \d+ products?\./).textContent();
  await page.close();
  return { toTable, toLast, summary };
}

async function oneProductAtATime(context, dashboardBase, plan) {
  const page = await context.newPage();
  const started = Date.now();
  for (const { product, files } of plan) {
    await page.goto(`${dashboardBase}/products/${encodeURIComponent(product.key)}`);
    const section = page.locator("#product-media");
    await section.getByRole("button", { name: "Choose images" }).waitFor();
    await section.getByLabel("Images to upload").setInputFiles(files);
    const uploads = section.getByRole("list", { name: "Uploads" });
    await page.waitForFunction(
      ({ count }) => {
        const lines = document.querySelectorAll("#product-media [data-upload]");
        return lines.length === count && [...lines].every((l) => l.getAttribute("data-status") === "done");
      },
      { count: files.length },
      { timeout: 120_000, polling: 50 },
    );
    await uploads.waitFor();
  }
  const took = Date.now() - started;
  await page.close();
  return took;
}

async function main() {
  console.log(`Building the store and the dashboard if stale; seeding ${PRODUCTS} products…`);
  buildStoreIfStale();
  buildDashboardIfStale();
  await seedStore(["--products", String(PRODUCTS)], storeEnv());
  const [storePort, dashboardPort] = [await freePort(), await freePort()];
  const storeBase = `http://127.0.0.1:${storePort}`;
  const redirectUri = `http://127.0.0.1:${dashboardPort}/api/auth/callback/store`;
  const client = runJson(
    process.execPath,
    [cli, "app", "create", "--name", "Bench dashboard", "--redirect-uri", redirectUri, "--scopes", "admin storefront"],
    { env: storeEnv() },
  );
  runJson(process.execPath, [cli, "user", "create", "--email", BENCH_USER.email, "--password", BENCH_USER.password], {
    env: storeEnv(),
  });
  const { child: store } = await startProcess(
    process.execPath,
    [cli, "serve"],
    storeEnv({ STORE_API_PORT: String(storePort), STORE_API_PUBLIC_URL: storeBase, STORE_API_RATE_LIMIT: "0" }),
    (line) => line.includes("Server listening at"),
  );
  await waitForHttp(`${storeBase}/`, store, 60_000);
  const granted = await tokenResponse(storeBase, { client, user: BENCH_USER, scope: "admin storefront", redirectUri });
  const auth = { authorization: `Bearer ${granted.access_token}` };
  const { plan, bytes } = await makeFiles(await allProducts(storeBase, auth));
  const total = plan.reduce((n, p) => n + p.files.length, 0);
  console.log(
    `  ${total} JPEGs of ${SIDE}×${Math.round(SIDE * 0.75)} (${(bytes / 1e6).toFixed(1)} MB) over ${plan.length} products.`,
  );

  const { session } = await startDashboard({ port: dashboardPort, storeBase, client, granted });
  const dashboardBase = `http://127.0.0.1:${dashboardPort}`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: "next-auth.session-token", value: session, url: dashboardBase, httpOnly: true, sameSite: "Lax" },
    ]);
    const loadBefore = os.loadavg();
    const named = await byName(context, dashboardBase, plan);
    const afterNamed = await Promise.all(plan.map(({ product }) => imageCount(storeBase, auth, product.key)));
    const missing = plan.filter((p, i) => afterNamed[i] !== p.files.length);
    if (missing.length) throw new Error(`by name: ${missing.length} products lack images (${named.summary})`);
    const baseline = await oneProductAtATime(context, dashboardBase, plan);
    const afterBaseline = await Promise.all(plan.map(({ product }) => imageCount(storeBase, auth, product.key)));
    if (plan.some((p, i) => afterBaseline[i] !== 2 * p.files.length)) throw new Error("the baseline lost images");
    const loadAfter = os.loadavg();

    console.log(`\nImages by file name: ${total} files, ${plan.length} products (store rate limit off)\n`);
    console.table({
      "to the match table": { "by name": `${named.toTable.toFixed(0)} ms`, "one product at a time": "—", ratio: "" },
      "to the last upload": {
        "by name": seconds(named.toLast),
        "one product at a time": seconds(baseline),
        ratio: `${(named.toLast / baseline).toFixed(2)}×`,
      },
    });
    console.log(`  ${named.summary}`);
    const load = (l) => l.map((x) => x.toFixed(2)).join(" ");
    console.log(
      `\nMachine: ${os.cpus().length} CPU(s), load average ${load(loadBefore)} before, ${load(loadAfter)} after. Headless Chromium, no GPU.`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
