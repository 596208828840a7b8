#!/usr/bin/env node
// Packing slips (issue 31, docs/architecture.md#printing) in Chromium: the print view of 100
// orders, `/orders/print?orders=…` of the built dashboard opened with a signed-in session, timed
// from navigation to every slip shown (the page's load event, the 100th slip in the DOM), and then
// Chromium's print layout of it (`page.pdf()`, A4: what the browser's print dialog lays out). The
// goal is at most 3 s for the 100 orders. The baseline, measured in the same run in turn with it:
// the same view of one order, so that the ratio says what the other 99 cost; and the store alone:
// the 100 orders read directly one by one (six at a time), and as one page of the orders list (how
// the view reads orders that are among the newest: lib/store/orders/api-slips.ts).
//
//   node bench/slips.mjs [--orders 100] [--runs 5] [--rate-limit 40]
//
// The view reads each order on the dashboard's server (one GET /api/v1/orders/{n}, six at a time:
// lib/store/orders/api-slips.ts), so the store's rate limit is part of the figure: the store serves
// with its default (40 requests a second per token, bursts to 80, as `npm start` runs it), and the
// bench waits for its bucket to refill before each load. `--rate-limit 0` turns it off.
//
// The store: the built CLI on a fresh temporary data folder, `store seed` (the demo catalogue and
// its orders), topped up through the API to --orders + 10 orders when it holds fewer. The
// dashboard: `next start` of the built app (built first when stale: that writes .next/, so do not
// run it beside the e2e tests in the same checkout), its session cookie minted with next-auth's own
// `encode`. Prints figures; asserts nothing (machines are noisy).
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { buildDashboardIfStale, buildStoreIfStale, root, runJson, waitForHttp } from "../scripts/lib/processes.mjs";
import { benchRun, freePort, printMachine, runBench, storeEnvironment, tokenResponse } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "100" },
    runs: { type: "string", default: "5" },
    "rate-limit": { type: "string", default: "40" },
  },
});
const ORDERS = Number(args.orders);
const RUNS = Number(args.runs);
const RATE_LIMIT = args["rate-limit"];
const GOAL_MS = 3000;
const USER = { email: "bench@example.com", password: "bench-password-1234" };
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const { tmp: dataDir, startProcess, seedStore, startDashboard } = benchRun("store-bench-slips-");
const cli = path.join(root, "store-api/dist/cli.js");
const storeEnv = (more = {}) => storeEnvironment({ STORE_API_DATA_DIR: dataDir, ...more });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

/** Opens the print view of `numbers`; the time to every slip shown, then to the PDF (print layout), and its pages. */
async function printView(context, base, numbers) {
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(`${base}/orders/print?orders=${numbers.join(",")}&show=slips`, { waitUntil: "load" });
    await page.locator(`[data-slip="${numbers.at(-1)}"]`).waitFor();
    const shown = performance.now() - started;
    const slips = await page.locator("[data-slip]").count();
    if (slips !== numbers.length) throw new Error(`the view shows ${slips} slips of ${numbers.length}`);
    const printStarted = performance.now();
    const pdf = await page.pdf({ format: "A4" });
    const printed = performance.now() - printStarted;
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
    return { shown, printed, pages };
  } finally {
    await page.close();
  }
}

/** The orders read from the store directly, one GET each, six at a time: what the view would cost read that way. */
async function timeDirect(api, numbers) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < numbers.length) await api(`/api/v1/orders/${numbers[next++]}`).then((r) => r.arrayBuffer());
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return performance.now() - started;
}

async function main() {
  console.log("Building the store and the dashboard if stale, seeding a fresh store (a minute or more)…");
  buildStoreIfStale();
  buildDashboardIfStale();
  console.log(`  ${await seedStore([], storeEnv())}`);

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
  const api = async (pathname, init = {}) => {
    for (;;) {
      const res = await fetch(`${storeBase}${pathname}`, { ...init, headers: { ...auth, ...init.headers } });
      if (res.status !== 429) return res;
      await sleep(1000 * Number(res.headers.get("retry-after") ?? 1));
    }
  };

  // Enough orders: the seed's, topped up with API orders of a few lines each.
  const counted = await api("/api/v1/orders/count").then((r) => r.json());
  let orders = typeof counted === "number" ? counted : counted.count;
  if (orders < ORDERS + 10) {
    const products = await api("/api/v1/products?count=20").then((r) => r.json());
    const options = products.flatMap((p) => p.options.filter((o) => o.quantity === -1 || o.quantity > 50));
    for (; orders < ORDERS + 10; orders++) {
      const lines = {};
      for (let i = 1; i <= 3; i++) {
        lines[`line_${i}_product_option`] = options[(orders * 3 + i) % options.length].key;
        lines[`line_${i}_quantity`] = "1";
      }
      const res = await api("/api/v1/orders", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          bill_first_name: `Bench ${orders}`,
          bill_last_name: "Slips",
          bill_street1: "1 Bench Street",
          bill_city: "Springfield",
          bill_state: "IL",
          bill_email: `bench${orders}@example.com`,
          bill_country: "US",
          ...lines,
          shipping: "0",
          tax: "0",
          send_notifications: "false",
        }),
      });
      if (res.status >= 300) throw new Error(`creating an order answered ${res.status}: ${await res.text()}`);
    }
  }
  const newest = await api(`/api/v1/orders?count=${ORDERS}`).then((r) => r.json());
  const numbers = newest.map((o) => o.order_number).sort((a, b) => a - b);
  const lineCount = newest.reduce((sum, o) => sum + (o.line_items?.length ?? 0), 0);
  console.log(`  The store holds ${orders} orders; printing the newest ${numbers.length} (${lineCount} lines).`);

  const { session } = await startDashboard({ port: dashboardPort, storeBase, client, granted });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: "next-auth.session-token", value: session, url: dashboardBase, httpOnly: true, sameSite: "Lax" },
    ]);
    // Warm-up: the dashboard's code paths, Chromium's fonts.
    await printView(context, dashboardBase, numbers.slice(0, 5));

    const many = [];
    const one = [];
    const direct = [];
    const listed = [];
    for (let run = 0; run < RUNS; run++) {
      // The store alone, for comparison: the orders one by one (six at a time, 429s waited out), and one list page.
      if (RATE_LIMIT !== "0") await sleep(2500);
      direct.push(await timeDirect(api, numbers));
      if (RATE_LIMIT !== "0") await sleep(2500);
      const listStarted = performance.now();
      await api(`/api/v1/orders?count=${numbers.length}`).then((r) => r.arrayBuffer());
      listed.push(performance.now() - listStarted);
      // The store's rate limit (a bucket of twice the rate a second) refilled before each load.
      if (RATE_LIMIT !== "0") await sleep(2500);
      one.push(await printView(context, dashboardBase, numbers.slice(-1)));
      if (RATE_LIMIT !== "0") await sleep(2500);
      many.push(await printView(context, dashboardBase, numbers));
    }

    const manyShown = median(many.map((r) => r.shown));
    const manyPrinted = median(many.map((r) => r.printed));
    const oneShown = median(one.map((r) => r.shown));
    const onePrinted = median(one.map((r) => r.printed));
    console.log(
      `\nPacking slips: /orders/print of ${numbers.length} orders vs 1 order (store rate limit ${RATE_LIMIT === "0" ? "off" : `${RATE_LIMIT}/s`}), median of ${RUNS}\n`,
    );
    console.table({
      [`${numbers.length} orders: every slip shown`]: {
        median: ms(manyShown),
        "each run": many.map((r) => ms(r.shown)).join(", "),
        goal: `≤ ${GOAL_MS} ms`,
      },
      [`${numbers.length} orders: print layout (page.pdf)`]: {
        median: ms(manyPrinted),
        "each run": many.map((r) => ms(r.printed)).join(", "),
        goal: "",
      },
      [`${numbers.length} orders: shown + printed`]: {
        median: ms(manyShown + manyPrinted),
        "each run": "",
        goal: `≤ ${GOAL_MS} ms`,
      },
      [`store direct: ${numbers.length} × GET /orders/{n}, 6 at a time`]: {
        median: ms(median(direct)),
        "each run": direct.map(ms).join(", "),
        goal: "",
      },
      [`store direct: GET /orders?count=${numbers.length}`]: {
        median: ms(median(listed)),
        "each run": listed.map(ms).join(", "),
        goal: "",
      },
      "baseline, 1 order: slip shown": {
        median: ms(oneShown),
        "each run": one.map((r) => ms(r.shown)).join(", "),
        goal: "",
      },
      "baseline, 1 order: print layout": {
        median: ms(onePrinted),
        "each run": one.map((r) => ms(r.printed)).join(", "),
        goal: "",
      },
    });
    console.log(
      `PDF pages: ${many[0].pages} for ${numbers.length} orders, ${one[0].pages} for 1 (one order a page).` +
        `\nRatio ${numbers.length} orders / 1 order, shown: ${(manyShown / oneShown).toFixed(1)}×; ` +
        `${numbers.length} orders shown ${manyShown <= GOAL_MS ? "within" : "OVER"} the ${GOAL_MS} ms goal, ` +
        `shown and printed ${manyShown + manyPrinted <= GOAL_MS ? "within" : "over"} it.`,
    );
    printMachine();
  } finally {
    await browser.close();
  }
}

runBench(main);
