#!/usr/bin/env node
// The orders list page's server render against the store call it is built on
// (issue 18): `GET /orders?count=N` of the built dashboard with a signed-in
// session cookie, beside `GET /api/v1/orders?count=N` made to the store
// directly with the same token. Prints medians and the ratio (the dashboard's
// overhead); asserts nothing (machines are noisy).
//
//   node bench/orders-list.mjs [--count 20,100] [--requests 40]
//
// The store: the built CLI (built first when stale) on a fresh temporary data
// folder, seeded with the demo store (`store seed`: the catalogue and its
// orders; topped up through the API to at least 120 orders when the seed has
// fewer), serving with the rate limit off. The token: the OAuth code flow as a
// browser walks it, with the admin scope, for a user with every permission.
// The dashboard: `next start` of the built app (built first when stale: that
// writes .next/, so on a shared machine run it under the e2e lock), its session
// cookie minted with next-auth's own `encode` and the dashboard's secret, as
// next-auth would after a sign-in. The page's render includes everything it
// reads: one page of the list and every tab's count (six count requests, in
// parallel with the list), and the HTML of the table. Requests are sequential,
// one connection, after a warm-up.
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildDashboardIfStale, buildStoreIfStale, root, runJson, waitForHttp } from "../scripts/lib/processes.mjs";
import { benchRun, freePort, printMachine, runBench, storeEnvironment, tokenResponse } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "20,100" },
    requests: { type: "string", default: "40" },
  },
});
const COUNTS = args.count.split(",").map(Number);
const REQUESTS = Number(args.requests);
const USER = { email: "bench@example.com", password: "bench-password-1234" };

const { tmp: dataDir, startProcess, seedStore, startDashboard } = benchRun("store-bench-orders-list-");
const cli = path.join(root, "store-api/dist/cli.js");
const storeEnv = (more = {}) => storeEnvironment({ STORE_API_DATA_DIR: dataDir, ...more });

/** Median and 90th percentile (ms) of `requests` sequential GETs, after a warm-up; checks the status. */
async function timeGets(port, pathname, headers, requests) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let bytes = 0;
  const once = () =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      const req = http.get({ host: "127.0.0.1", port, path: pathname, headers, agent }, (res) => {
        let size = 0;
        res.on("data", (c) => (size += c.length));
        res.on("end", () => {
          bytes = size;
          if (res.statusCode === 200) resolve(performance.now() - t);
          else reject(new Error(`GET ${pathname} answered ${res.statusCode}`));
        });
      });
      req.on("error", reject);
    });
  for (let i = 0; i < 5; i++) await once();
  const times = [];
  for (let i = 0; i < requests; i++) times.push(await once());
  agent.destroy();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], bytes };
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
    storeEnv({ STORE_API_PORT: String(storePort), STORE_API_PUBLIC_URL: storeBase, STORE_API_RATE_LIMIT: "0" }),
    (line) => line.includes("Server listening at"),
  );
  await waitForHttp(`${storeBase}/`, store, 60_000);
  const granted = await tokenResponse(storeBase, { client, user: USER, scope: "admin", redirectUri });
  const auth = { authorization: `Bearer ${granted.access_token}` };

  // At least 120 orders, for a full page of 100.
  const counted = await fetch(`${storeBase}/api/v1/orders/count`, { headers: auth }).then((r) => r.json());
  let orders = typeof counted === "number" ? counted : counted.count;
  if (orders < 120) {
    const products = await fetch(`${storeBase}/api/v1/products?count=1`, { headers: auth }).then((r) => r.json());
    const option = products[0].options[0].key;
    for (; orders < 120; orders++) {
      const res = await fetch(`${storeBase}/api/v1/orders`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          bill_first_name: `Bench ${orders}`,
          bill_email: `bench${orders}@example.com`,
          bill_country: "US",
          ship_country: "US",
          line_1_product_option: option,
          line_1_quantity: "1",
          shipping: "0",
          tax: "0",
          send_notifications: "false",
        }),
      });
      if (res.status >= 300) throw new Error(`creating an order answered ${res.status}: ${await res.text()}`);
    }
  }
  console.log(`  The store holds ${orders} orders.`);

  const { session } = await startDashboard({ port: dashboardPort, storeBase, client, granted });
  const cookie = { cookie: `next-auth.session-token=${session}` };

  const rows = [];
  for (const count of COUNTS) {
    const page = await timeGets(dashboardPort, `/orders?count=${count}`, cookie, REQUESTS);
    const direct = await timeGets(storePort, `/api/v1/orders?count=${count}`, auth, REQUESTS);
    rows.push({
      count,
      "page median ms": page.median.toFixed(1),
      "page p90 ms": page.p90.toFixed(1),
      "page kB": (page.bytes / 1024).toFixed(0),
      "store median ms": direct.median.toFixed(1),
      "store p90 ms": direct.p90.toFixed(1),
      "store kB": (direct.bytes / 1024).toFixed(0),
      "ratio (page/store)": `${(page.median / direct.median).toFixed(1)}×`,
      "overhead ms": (page.median - direct.median).toFixed(1),
    });
  }
  console.log(
    `\nGET /orders?count=N (dashboard, server render) vs GET /api/v1/orders?count=N (store), ${REQUESTS} sequential requests each\n`,
  );
  console.table(rows);
  printMachine();
}

runBench(main);
