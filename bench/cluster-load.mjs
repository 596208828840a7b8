#!/usr/bin/env node
// Load on the store at scale (issue 30, "Load (R1)"; README "Running at scale"): a realistic mix from
// many connections, against two store instances behind nginx (scripts/cluster.mjs: PostgreSQL, a
// local S3 bucket) and, in the same run and on the same database, against one instance alone:
//
//   80 % reads   the products list (a page of 20), a product, the orders list, an order
//   20 % writes  create an order (one line, 1–3 of an option, a coupon one time in three),
//                change a product's price, fulfil an order
//
// For each: requests a second, p50 and p99 of each kind, and answers by status. Then it checks that
// nothing was lost: every order answered 2xx is there, each option's stock went down by exactly
// the quantities of the orders answered 2xx, and the coupon's redemptions grew by exactly the 2xx
// orders that named it. Asserts nothing; prints figures (machines are noisy).
//
//   node bench/cluster-load.mjs [--connections 50] [--seconds 60]     (npm run bench:cluster-load)
//
// On this 2-core machine both instances, nginx, PostgreSQL and the load generator share the cores,
// so two instances cannot be faster than one here: the figure that matters is that nothing is lost
// and nothing fails. Each instance is one Node process, one core at most; with more cores, instances
// add throughput until PostgreSQL is the limit.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { dropDatabase, startCluster } from "../scripts/cluster.mjs";
import { formRequest, printMachine, runBench, tokenResponse } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: { connections: { type: "string", default: "50" }, seconds: { type: "string", default: "60" } },
});
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const PRODUCTS = 40;
const adminUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `store_bench_cluster_${crypto.randomBytes(4).toString("hex")}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-cluster-"));

/** One request over a keep-alive agent with the token: status, body (JSON when it is) and milliseconds. */
const request = (agent, base, token, method, pathname, form) =>
  formRequest(agent, new URL(pathname, base).href, { method, headers: { authorization: `Bearer ${token}` }, form });

const ADDRESS = {
  ship_first_name: "Ada",
  ship_last_name: "Lovelace",
  ship_street1: "1 Main St",
  ship_city: "New York",
  ship_state: "NY",
  ship_postal_code: "10001",
  ship_country: "US",
  ship_email: "ada@example.com",
  send_notifications: "false",
};

/** Products with two options each, a large stock; a coupon. Answers what the mix needs. */
async function setUp(base, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const res = await request(agent, base, token, "POST", "/api/v1/products", {
      name: `Load crate ${i}`,
      price: "20",
      options: JSON.stringify([
        { metadata: { Size: "S" }, quantity: 100_000, surcharge: 0 },
        { metadata: { Size: "L" }, quantity: 100_000, surcharge: 2 },
      ]),
    });
    if (res.status !== 201) throw new Error(`creating a product answered ${res.status}: ${JSON.stringify(res.json)}`);
    products.push({ key: res.json.key, options: res.json.options.map((o) => o.key) });
  }
  const now = Math.floor(Date.now() / 1000);
  const coupon = await request(agent, base, token, "POST", "/api/v1/coupons", {
    name: "Load ten",
    type: "percentage_off",
    percentage: "10",
    code: "LOADTEN",
    start_date: String(now - 86_400),
    end_date: String(now + 86_400),
    limit: "0",
  });
  if (coupon.status >= 300) throw new Error(`creating the coupon answered ${coupon.status}`);
  agent.destroy();
  return { products, couponId: (Array.isArray(coupon.json) ? coupon.json[0] : coupon.json).id };
}

/** Each option's stock and the coupon's redemptions, read from `base`. */
async function ledger(base, token, { products, couponId }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const stock = new Map();
  for (const p of products) {
    const res = await request(agent, base, token, "GET", `/api/v1/products/${p.key}`);
    for (const o of res.json.options) stock.set(o.key, o.quantity);
  }
  const coupon = await request(agent, base, token, "GET", `/api/v1/coupons/${couponId}`);
  agent.destroy();
  return { stock, redeemed: Number(coupon.json?.redeemed ?? NaN) };
}

/** The mix from CONNECTIONS connections for SECONDS against `base`; what it did, by kind. */
async function drive(base, token, { products }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const kinds = new Map();
  const orders = []; // 2xx: { number, option, quantity, coupon }
  const fulfilled = new Set();
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  const record = (kind, res) => {
    const k = kinds.get(kind) ?? { ms: [], statuses: new Map() };
    k.ms.push(res.ms);
    k.statuses.set(res.status, (k.statuses.get(res.status) ?? 0) + 1);
    kinds.set(kind, k);
  };
  const once = async () => {
    const r = Math.random() * 100;
    const product = pick(products);
    if (r < 30) {
      record(
        "GET products",
        await request(agent, base, token, "GET", `/api/v1/products?count=20&page=${pick([0, 1])}`),
      );
    } else if (r < 50) {
      record("GET product", await request(agent, base, token, "GET", `/api/v1/products/${product.key}`));
    } else if (r < 70) {
      record("GET orders", await request(agent, base, token, "GET", "/api/v1/orders?count=20"));
    } else if (r < 80) {
      if (!orders.length) return; // none made yet in this run
      record("GET order", await request(agent, base, token, "GET", `/api/v1/orders/${pick(orders).number}`));
    } else if (r < 90) {
      const option = pick(product.options);
      const quantity = 1 + Math.floor(Math.random() * 3);
      const coupon = Math.random() < 1 / 3;
      const res = await request(agent, base, token, "POST", "/api/v1/orders", {
        ...ADDRESS,
        line_1_product_option: option,
        line_1_quantity: String(quantity),
        ...(coupon ? { coupon: "LOADTEN" } : {}),
      });
      record("POST order", res);
      if (res.status >= 200 && res.status < 300)
        orders.push({ number: res.json[0].order_number, option, quantity, coupon });
    } else if (r < 95) {
      const price = (10 + Math.random() * 20).toFixed(2);
      record("PUT price", await request(agent, base, token, "PUT", `/api/v1/products/${product.key}`, { price }));
    } else {
      const open = orders.filter((o) => !fulfilled.has(o.number));
      if (!open.length) return;
      const order = pick(open);
      const res = await request(agent, base, token, "PUT", `/api/v1/orders/${order.number}`, { fulfilled: "true" });
      record("PUT fulfil", res);
      if (res.status < 300) fulfilled.add(order.number);
    }
  };
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { kinds, orders, elapsed };
}

/** Nothing lost: every 2xx order is there; stock and redemptions moved by exactly the 2xx orders. */
async function check(base, token, before, after, orders) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let missing = 0;
  for (const o of orders) {
    const res = await request(agent, base, token, "GET", `/api/v1/orders/${o.number}`);
    if (res.status !== 200) missing++;
  }
  agent.destroy();
  const sold = new Map();
  for (const o of orders) sold.set(o.option, (sold.get(o.option) ?? 0) + o.quantity);
  let stockWrong = 0;
  for (const [option, was] of before.stock) {
    if (after.stock.get(option) !== was - (sold.get(option) ?? 0)) stockWrong++;
  }
  const couponOrders = orders.filter((o) => o.coupon).length;
  return {
    "orders answered 2xx": orders.length,
    "of them not found afterwards": missing,
    "options whose stock is off": `${stockWrong} of ${before.stock.size}`,
    "coupon redemptions added / 2xx orders with it": `${after.redeemed - before.redeemed} / ${couponOrders}`,
  };
}

function summary(name, { kinds, elapsed }) {
  const all = [...kinds.values()].reduce((n, k) => n + k.ms.length, 0);
  const rows = {};
  for (const [kind, k] of [...kinds].sort()) {
    const sorted = [...k.ms].sort((a, b) => a - b);
    const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
    rows[kind] = {
      requests: sorted.length,
      "p50 ms": at(0.5).toFixed(1),
      "p99 ms": at(0.99).toFixed(1),
      statuses: [...k.statuses]
        .sort()
        .map(([s, n]) => `${n}×${s || "no answer"}`)
        .join(" "),
    };
  }
  console.log(`\n${name}: ${(all / elapsed).toFixed(0)} requests/s over ${elapsed.toFixed(0)} s\n`);
  console.table(rows);
}

async function main() {
  console.log(`Starting the cluster (two store instances behind nginx, PostgreSQL ${database}, a local bucket)…`);
  const cluster = await startCluster({
    dir,
    offset: 1000,
    adminUrl,
    database,
    fresh: true,
    seed: false,
    quiet: true,
    withDashboards: false,
    storeSettings: { STORE_API_RATE_LIMIT: "0", STORE_API_LOG_LEVEL: "warn" },
  });
  try {
    const c = cluster.credentials;
    const granted = await tokenResponse(cluster.storeUrl, {
      client: c,
      user: { email: c.owner_email, password: c.owner_password },
      scope: "admin storefront",
      redirectUri: `${cluster.dashboardUrl}/api/auth/callback/store`,
    });
    const token = granted.access_token;
    const setup = await setUp(cluster.storeUrl, token);
    console.log(
      `${PRODUCTS} products with two options each, a coupon; ${CONNECTIONS} connections, ${SECONDS} s a run.`,
    );

    for (const [name, base] of [
      ["Two instances behind nginx", cluster.storeUrl],
      ["One instance alone", cluster.instances[0].url],
    ]) {
      const before = await ledger(base, token, setup);
      const run = await drive(base, token, setup);
      const after = await ledger(base, token, setup);
      summary(name, run);
      console.table(await check(base, token, before, after, run.orders));
    }
  } finally {
    await cluster.stop();
    await dropDatabase(adminUrl, database).catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printMachine();
}

runBench(main);
