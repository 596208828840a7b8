#!/usr/bin/env node
// `npm run test:e2e`: the real dashboard against the real bundled store, in Chromium.
//
// Builds both (when stale), creates a fresh store in a temporary folder with the
// dashboard registered as an OAuth app and a few users, starts the store (4100),
// the dashboard (3100), a second dashboard (3101) whose store address answers
// nothing (for the "store unreachable" banner), and a third (3102) behind a
// "plain store" proxy (4200) that has none of the bundled store's extensions,
// and three stores of their own, each with its dashboard: the bulk grid's (4300,
// 3103), the page walk's (4400, 3104) and a catalogue of 100,000 products (4500,
// 3105; E2E_BIG_PRODUCTS makes it smaller for a run by hand); runs Playwright,
// stops everything by process group, and exits with Playwright's code.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import {
  bin,
  run,
  runTracked,
  buildDashboardIfStale,
  buildStoreIfStale,
  root,
  runJson,
  startService,
  stopAll,
  waitForHttp,
} from "./lib/processes.mjs";
import { dropDatabase, startCluster } from "./cluster.mjs";
import { startPlainStore } from "./lib/plain-store.mjs";
import { recordPhase, timedPhase } from "./lib/phases.mjs";

// E2E_PORT_OFFSET moves every port (two runs side by side, in two checkouts).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 20_000) {
  console.error(
    `test:e2e: E2E_PORT_OFFSET must be a whole number from 0 to 20000, not "${process.env.E2E_PORT_OFFSET}"`,
  );
  process.exit(2);
}
const STORE_PORT = 4100 + offset;
const DASHBOARD_PORT = 3100 + offset;
const UNREACHABLE_DASHBOARD_PORT = 3101 + offset;
// Nothing listens here: the second dashboard's store is "down".
const DEAD_STORE_PORT = 4199 + offset;
// A store without the bundled store's extensions (scripts/lib/plain-store.mjs) and its dashboard.
const PLAIN_STORE_PORT = 4200 + offset;
const PLAIN_DASHBOARD_PORT = 3102 + offset;
// A big store (BULK_PRODUCTS products, seeded) and its dashboard, for the bulk grid
// (e2e/bulk-*.spec.ts): its saves and reorders must not move the other specs' products.
const BULK_STORE_PORT = 4300 + offset;
const BULK_DASHBOARD_PORT = 3103 + offset;
const BULK_PRODUCTS = 2000;
// The page walk's store (the demo store: products, coupons, shipping and tax groups, orders) and its
// dashboard: e2e/page-walk.spec.ts runs beside the other specs (its own Playwright project and worker),
// so it neither sees nor changes what they count (orders, users, products), nor they what it loads.
const WALK_STORE_PORT = 4400 + offset;
const WALK_DASHBOARD_PORT = 3104 + offset;
const WALK_PRODUCTS = 66;
// A catalogue of any size (e2e/big-catalogue.spec.ts, after the walk on its worker): 100,000 products.
const BIG_STORE_PORT = 4500 + offset;
const BIG_DASHBOARD_PORT = 3105 + offset;
const BIG_PRODUCTS = Number(process.env.E2E_BIG_PRODUCTS ?? 100_000);

const storeUrl = `http://localhost:${STORE_PORT}`;
const dashboardUrl = `http://localhost:${DASHBOARD_PORT}`;
const unreachableDashboardUrl = `http://localhost:${UNREACHABLE_DASHBOARD_PORT}`;
const plainStoreUrl = `http://localhost:${PLAIN_STORE_PORT}`;
const plainDashboardUrl = `http://localhost:${PLAIN_DASHBOARD_PORT}`;
const bulkStoreUrl = `http://localhost:${BULK_STORE_PORT}`;
const bulkDashboardUrl = `http://localhost:${BULK_DASHBOARD_PORT}`;
const walkStoreUrl = `http://localhost:${WALK_STORE_PORT}`;
const walkDashboardUrl = `http://localhost:${WALK_DASHBOARD_PORT}`;
const bigStoreUrl = `http://localhost:${BIG_STORE_PORT}`;
const bigDashboardUrl = `http://localhost:${BIG_DASHBOARD_PORT}`;
// The e2e store's name, as its pages and the dashboards (STORE_NAME) show it.
const STORE_NAME = "Demo Store";
let plainStore;

const fixtures = {
  owner: { email: "owner@e2e.test", password: "owner-password-1" },
  // A store user without manage_users: the Users page must say so.
  limited: { email: "limited@e2e.test", password: "limited-password-1", permissions: "manage_orders,view_stats" },
  // Managed (edited, deactivated, deleted) by the tests.
  // quinn signs in while the owner changes what they may do (e2e/permissions.spec.ts).
  staff: [
    "casey@e2e.test",
    "devon@e2e.test",
    "emery@e2e.test",
    "finley@e2e.test",
    "gale@e2e.test",
    "ivy@e2e.test",
    "quinn@e2e.test",
  ],
  // Manages users until a test takes that permission away mid-session.
  manager: { email: "harper@e2e.test", password: "harper-password-1", permissions: "manage_users,manage_orders" },
};

// The store at scale (scripts/cluster.mjs) for e2e/cluster.spec.ts, started only when the run includes it:
// nginx, two stores on a PostgreSQL database of its own (on TEST_DATABASE_URL's server) and a local bucket.
const playwrightArgs = process.argv.slice(2);
const wantsCluster =
  process.env.E2E_CLUSTER !== "0" &&
  (!playwrightArgs.some((a) => !a.startsWith("-")) || playwrightArgs.some((a) => a.includes("cluster")));
const clusterAdminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const clusterDatabase = `store_cluster_e2e_${crypto.randomBytes(4).toString("hex")}`;
let cluster = null;

let exitCode = 1;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-admin-e2e-"));
const bulkDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-admin-e2e-bulk-"));
const walkDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-admin-e2e-walk-"));
const bigDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-admin-e2e-big-"));
const clusterDir = path.join(dataDir, "cluster");

/**
 * Refuses to start when one of the run's ports is taken (another run in this or another checkout, a
 * leftover server): waiting on a port another process answers would test that process, and its end
 * would look like this run's store going away (connection refused in the middle of the tests).
 */
async function checkPortsFree() {
  const ports = [
    STORE_PORT,
    DASHBOARD_PORT,
    UNREACHABLE_DASHBOARD_PORT,
    DEAD_STORE_PORT,
    PLAIN_STORE_PORT,
    PLAIN_DASHBOARD_PORT,
    BULK_STORE_PORT,
    BULK_DASHBOARD_PORT,
    WALK_STORE_PORT,
    WALK_DASHBOARD_PORT,
    BIG_STORE_PORT,
    BIG_DASHBOARD_PORT,
  ];
  const taken = [];
  for (const port of ports) {
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (!free) taken.push(port);
  }
  if (taken.length) {
    throw new Error(
      `port${taken.length > 1 ? "s" : ""} ${taken.join(", ")} already in use (another e2e run, or a server left running); ` +
        "stop it, or run beside it with E2E_PORT_OFFSET=1000",
    );
  }
}

async function main() {
  await checkPortsFree();
  await timedPhase("  e2e: build the store (when stale)", () => buildStoreIfStale());
  await timedPhase("  e2e: build the dashboard (when stale)", () => buildDashboardIfStale());
  const serversStarted = Date.now();

  const storeEnv = {
    STORE_API_DATA_DIR: dataDir,
    STORE_API_PORT: String(STORE_PORT),
    STORE_API_PUBLIC_URL: storeUrl,
    STORE_API_RATE_LIMIT: "0",
    STORE_API_MODE: "development",
    // Throwaway passwords, signed in with hundreds of times: hashed at the development cost (docs/testing.md).
    STORE_API_PASSWORD_COST: "development",
    // Image imports by URL may fetch from the loopback (the store's own media,
    // e2e/product-media.spec.ts); development mode only (docs/contract.md#uploads).
    STORE_API_ALLOW_PRIVATE_FETCHES: "1",
    STORE_API_LOG_LEVEL: process.env.STORE_API_LOG_LEVEL ?? "warn",
    STORE_NAME,
    // Where the store's emails send people to sign in: the main dashboard.
    STORE_DASHBOARD_URL: dashboardUrl,
  };
  const cli = (...args) =>
    runJson(process.execPath, ["store-api/dist/cli.js", ...args], { env: { ...process.env, ...storeEnv } });

  /**
   * A store of its own for one part of the suite: its data folder and port, the dashboard registered as
   * at the main store, the owner (and `staff`, who may manage orders and products), and the demo store
   * with `products` products, without pictures: seeded `inBackground` while the rest is set up (`seeded`
   * settles when done; its output goes to seed.log in its folder), or before this returns.
   */
  const setUpSideStore = ({ name, dir, port, sideStoreUrl, sideDashboardUrl, products, staff = [], inBackground }) => {
    const env = {
      ...storeEnv,
      STORE_API_DATA_DIR: dir,
      STORE_API_PORT: String(port),
      STORE_API_PUBLIC_URL: sideStoreUrl,
      STORE_DASHBOARD_URL: sideDashboardUrl,
    };
    const sideCli = (...args) =>
      runJson(process.execPath, ["store-api/dist/cli.js", ...args], { env: { ...process.env, ...env } });
    const sideApp = sideCli(
      "app",
      "create",
      "--name",
      `Store Admin (e2e, ${name})`,
      "--redirect-uri",
      `${sideDashboardUrl}/api/auth/callback/store`,
      "--scopes",
      "admin storefront",
    );
    sideCli("user", "create", "--email", fixtures.owner.email, "--password", fixtures.owner.password);
    for (const email of staff) {
      const permissions = ["--permissions", "manage_orders,manage_products"];
      sideCli("user", "create", "--email", email, "--password", "staff-password-1", ...permissions);
    }
    const seed = [process.execPath, ["store-api/dist/cli.js", "seed", "--products", String(products)]];
    let seeded = Promise.resolve();
    if (inBackground) {
      const log = process.env.E2E_VERBOSE ? undefined : path.join(dir, "seed.log");
      seeded = runTracked(...seed, { env: { ...process.env, ...env }, log });
      // Awaited when its store starts; a failure before then must not end this process unheard.
      seeded.catch(() => {});
    } else {
      run(...seed, {
        env: { ...process.env, ...env },
        stdio: ["ignore", process.env.E2E_VERBOSE ? "inherit" : "ignore", "inherit"],
      });
    }
    const dashboardPort = Number(new URL(sideDashboardUrl).port);
    return { name, env, app: sideApp, port, dashboardPort, sideStoreUrl, seeded };
  };
  // A catalogue of any size: first, its 100,000 products seeded (half a minute) while the rest is set up.
  const big = setUpSideStore({
    name: "big",
    dir: bigDataDir,
    port: BIG_STORE_PORT,
    sideStoreUrl: bigStoreUrl,
    sideDashboardUrl: bigDashboardUrl,
    products: BIG_PRODUCTS,
    inBackground: true,
  });

  const app = cli(
    "app",
    "create",
    "--name",
    "Store Admin (e2e)",
    "--redirect-uri",
    `${dashboardUrl}/api/auth/callback/store`,
    "--redirect-uri",
    `${unreachableDashboardUrl}/api/auth/callback/store`,
    "--redirect-uri",
    `${plainDashboardUrl}/api/auth/callback/store`,
    "--scopes",
    "admin storefront",
  );
  cli("user", "create", "--email", fixtures.owner.email, "--password", fixtures.owner.password);
  cli(
    "user",
    "create",
    "--email",
    fixtures.limited.email,
    "--password",
    fixtures.limited.password,
    "--permissions",
    fixtures.limited.permissions,
  );
  cli(
    "user",
    "create",
    "--email",
    fixtures.manager.email,
    "--password",
    fixtures.manager.password,
    "--permissions",
    fixtures.manager.permissions,
  );
  for (const email of fixtures.staff) {
    cli(
      "user",
      "create",
      "--email",
      email,
      "--password",
      "staff-password-1",
      "--permissions",
      "manage_orders,manage_products",
    );
  }

  // The bulk grid's store: its saves and reorders must not move the other specs' products.
  const bulk = setUpSideStore({
    name: "bulk",
    dir: bulkDataDir,
    port: BULK_STORE_PORT,
    sideStoreUrl: bulkStoreUrl,
    sideDashboardUrl: bulkDashboardUrl,
    products: BULK_PRODUCTS,
  });
  const bulkApp = bulk.app;
  // The page walk's store: the demo store, and casey (e2e/pages.ts opens casey's page).
  const walk = setUpSideStore({
    name: "walk",
    dir: walkDataDir,
    port: WALK_STORE_PORT,
    sideStoreUrl: walkStoreUrl,
    sideDashboardUrl: walkDashboardUrl,
    products: WALK_PRODUCTS,
    staff: [fixtures.staff[0]],
  });
  const walkApp = walk.app;

  const nextauthSecret = crypto.randomBytes(32).toString("base64url");
  // As `npm start` runs them: the store's name, its sign-out page and the development
  // pages, except for a plain store (bundled: false), which has none of these to offer.
  const dashboardEnv = (port, storeBase, storePublic = storeUrl, { bundled = true } = {}) => ({
    NEXT_TELEMETRY_DISABLED: "1",
    STORE_BASE_URL: storeBase,
    STORE_PUBLIC_URL: storePublic,
    STORE_CLIENT_ID: app.client_id,
    STORE_CLIENT_SECRET: app.client_secret,
    NEXTAUTH_URL: `http://localhost:${port}`,
    NEXTAUTH_SECRET: nextauthSecret,
    DASHBOARD_DEV_PAGES: "1",
    // Permissions read again after a minute rather than five (README, configuration): the suite's
    // sessions meet the age limit too, not only the re-reads a 403 or a saved change asks for.
    DASHBOARD_PERMISSIONS_REFRESH_SECONDS: "60",
    // undefined: not even inherited from the environment of `npm run test:e2e`.
    STORE_NAME: bundled ? STORE_NAME : undefined,
    // As npm start sets it for the bundled store; the plain store's dashboard is told no unit.
    STORE_WEIGHT_UNIT: bundled ? "kg" : undefined,
    STORE_LOGOUT_URL: bundled ? `${storePublic}/oauth2/logout` : undefined,
  });

  const quiet = { quiet: !process.env.E2E_VERBOSE };
  const store = startService("e2e-store", process.execPath, ["store-api/dist/cli.js", "serve"], storeEnv, quiet);
  const dashboard = startService(
    "e2e-dashboard",
    bin("next"),
    ["start", "-p", String(DASHBOARD_PORT)],
    dashboardEnv(DASHBOARD_PORT, `http://127.0.0.1:${STORE_PORT}`),
    quiet,
  );
  const downDashboard = startService(
    "e2e-dashboard-no-store",
    bin("next"),
    ["start", "-p", String(UNREACHABLE_DASHBOARD_PORT)],
    dashboardEnv(UNREACHABLE_DASHBOARD_PORT, `http://127.0.0.1:${DEAD_STORE_PORT}`),
    quiet,
  );

  const plainDashboard = startService(
    "e2e-dashboard-plain-store",
    bin("next"),
    ["start", "-p", String(PLAIN_DASHBOARD_PORT)],
    dashboardEnv(PLAIN_DASHBOARD_PORT, `http://127.0.0.1:${PLAIN_STORE_PORT}`, plainStoreUrl, { bundled: false }),
    quiet,
  );
  plainStore = await startPlainStore(PLAIN_STORE_PORT, `http://127.0.0.1:${STORE_PORT}`);
  /**
   * A side store's store and dashboard once it is seeded (the labels the logs go by: e2e-<name>-store,
   * e2e-dashboard-<name>); settles when both answer.
   */
  const startSide = async (side) => {
    await side.seeded;
    const sideStore = startService(
      `e2e-${side.name}-store`,
      process.execPath,
      ["store-api/dist/cli.js", "serve"],
      side.env,
      quiet,
    );
    const sideDashboard = startService(
      `e2e-dashboard-${side.name}`,
      bin("next"),
      ["start", "-p", String(side.dashboardPort)],
      {
        ...dashboardEnv(side.dashboardPort, `http://127.0.0.1:${side.port}`, side.sideStoreUrl),
        STORE_CLIENT_ID: side.app.client_id,
        STORE_CLIENT_SECRET: side.app.client_secret,
      },
      quiet,
    );
    await waitForHttp(`http://127.0.0.1:${side.port}/`, sideStore, 60_000);
    await waitForHttp(`http://127.0.0.1:${side.dashboardPort}/signin`, sideDashboard, 60_000);
  };
  const sidesUp = Promise.all([bulk, walk, big].map(startSide));
  sidesUp.catch(() => {});

  await waitForHttp(`http://127.0.0.1:${STORE_PORT}/`, store, 60_000);
  await waitForHttp(`http://127.0.0.1:${PLAIN_DASHBOARD_PORT}/signin`, plainDashboard, 60_000);
  await waitForHttp(`http://127.0.0.1:${DASHBOARD_PORT}/signin`, dashboard, 60_000);
  await waitForHttp(`http://127.0.0.1:${UNREACHABLE_DASHBOARD_PORT}/signin`, downDashboard, 60_000);
  await sidesUp;

  if (wantsCluster) {
    cluster = await startCluster({
      dir: clusterDir,
      offset,
      adminUrl: clusterAdminUrl,
      database: clusterDatabase,
      fresh: true,
      seed: false,
      quiet: !process.env.E2E_VERBOSE,
    });
  }
  const clusterEnv = cluster
    ? {
        E2E_CLUSTER_DASHBOARD_URL: cluster.dashboardUrl,
        E2E_CLUSTER_STORE_URL: cluster.storeUrl,
        E2E_CLUSTER_INSTANCES: cluster.instances.map((i) => i.url).join(","),
        E2E_CLUSTER_DASHBOARDS: cluster.dashboards.map((d) => d.url).join(","),
        E2E_CLUSTER_OWNER_EMAIL: cluster.credentials.owner_email,
        E2E_CLUSTER_OWNER_PASSWORD: cluster.credentials.owner_password,
        E2E_CLUSTER_NEXTAUTH_SECRET: cluster.secret,
      }
    : {};

  recordPhase("  e2e: start and seed the stores and dashboards", (Date.now() - serversStarted) / 1000);
  const playwrightStarted = Date.now();
  const playwright = spawn(bin("playwright"), ["test", ...playwrightArgs], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_DASHBOARD_URL: dashboardUrl,
      E2E_UNREACHABLE_DASHBOARD_URL: unreachableDashboardUrl,
      E2E_PLAIN_DASHBOARD_URL: plainDashboardUrl,
      E2E_PLAIN_STORE_URL: plainStoreUrl,
      E2E_BULK_DASHBOARD_URL: bulkDashboardUrl,
      E2E_BULK_STORE_URL: bulkStoreUrl,
      E2E_BULK_PRODUCTS: String(BULK_PRODUCTS),
      E2E_BULK_CLIENT_ID: bulkApp.client_id,
      E2E_BULK_CLIENT_SECRET: bulkApp.client_secret,
      E2E_WALK_DASHBOARD_URL: walkDashboardUrl,
      E2E_WALK_STORE_URL: walkStoreUrl,
      E2E_WALK_CLIENT_ID: walkApp.client_id,
      E2E_WALK_CLIENT_SECRET: walkApp.client_secret,
      E2E_BIG_DASHBOARD_URL: bigDashboardUrl,
      E2E_BIG_STORE_URL: bigStoreUrl,
      E2E_BIG_PRODUCTS: String(BIG_PRODUCTS),
      E2E_STORE_URL: storeUrl,
      E2E_CLIENT_ID: app.client_id,
      E2E_CLIENT_SECRET: app.client_secret,
      E2E_NEXTAUTH_SECRET: nextauthSecret,
      E2E_OWNER_EMAIL: fixtures.owner.email,
      E2E_OWNER_PASSWORD: fixtures.owner.password,
      E2E_LIMITED_EMAIL: fixtures.limited.email,
      E2E_LIMITED_PASSWORD: fixtures.limited.password,
      E2E_STAFF: fixtures.staff.join(","),
      E2E_MANAGER_EMAIL: fixtures.manager.email,
      E2E_MANAGER_PASSWORD: fixtures.manager.password,
      ...clusterEnv,
    },
  });
  exitCode = await new Promise((resolve) => playwright.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  recordPhase("  e2e: Playwright", (Date.now() - playwrightStarted) / 1000, exitCode === 0);
}

async function cleanup() {
  plainStore?.close();
  if (cluster) await cluster.stop().catch(() => {});
  await stopAll();
  if (wantsCluster) await dropDatabase(clusterAdminUrl, clusterDatabase).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(bulkDataDir, { recursive: true, force: true });
  fs.rmSync(walkDataDir, { recursive: true, force: true });
  fs.rmSync(bigDataDir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

try {
  await main();
} catch (error) {
  console.error(`\ntest:e2e: ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
