#!/usr/bin/env node
// `npm start`: builds what needs building, sets up the bundled store on first
// start (data, an owner account, the dashboard registered as an OAuth app),
// then runs the store and the dashboard wired to each other.
//
// With STORE_BASE_URL set, the dashboard runs alone against that store
// (STORE_CLIENT_ID and STORE_CLIENT_SECRET must be set too).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  bin,
  buildDashboardIfStale,
  buildStoreIfStale,
  root,
  runJson,
  startService,
  stopAll,
  waitForHttp,
} from "./lib/processes.mjs";

const env = process.env;
const dataDir = path.resolve(root, ".data");
const dashboardPort = Number(env.DASHBOARD_PORT ?? env.PORT ?? 3000);
const storePort = Number(env.STORE_API_PORT ?? 4000);
const dashboardUrl = (env.NEXTAUTH_URL ?? `http://localhost:${dashboardPort}`).replace(/\/+$/, "");
const external = Boolean(env.STORE_BASE_URL);

function fail(message) {
  console.error(`\nnpm start: ${message}\n`);
  process.exit(1);
}

/** Secrets the dashboard needs across restarts, generated once and kept in .data/. */
function dashboardSecret() {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  const file = path.join(dataDir, "dashboard-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return fs.readFileSync(file, "utf8").trim();
}

if (external && !(env.STORE_CLIENT_ID && env.STORE_CLIENT_SECRET)) {
  fail(
    "STORE_BASE_URL is set, so the dashboard uses that store: set STORE_CLIENT_ID and STORE_CLIENT_SECRET to the app credentials it gave you.",
  );
}

try {
  if (!external) buildStoreIfStale();
  buildDashboardIfStale();
} catch (err) {
  fail(err.message);
}

const services = [];
let credentials = { client_id: env.STORE_CLIENT_ID, client_secret: env.STORE_CLIENT_SECRET };
const storeUrl = external ? env.STORE_BASE_URL.replace(/\/+$/, "") : `http://localhost:${storePort}`;

if (!external) {
  const storeEnv = {
    STORE_API_PORT: String(storePort),
    STORE_API_DATA_DIR: env.STORE_API_DATA_DIR ?? path.join(dataDir, "store"),
    STORE_API_PUBLIC_URL: env.STORE_API_PUBLIC_URL ?? storeUrl,
  };
  try {
    credentials = runJson(
      process.execPath,
      [
        "store-api/dist/cli.js",
        "bootstrap",
        "--redirect-uri",
        `${dashboardUrl}/api/auth/callback/store`,
        "--credentials",
        path.join(dataDir, "store-credentials.json"),
      ],
      { env: { ...env, ...storeEnv } },
    );
  } catch (err) {
    fail(`the store could not be set up: ${err.message}`);
  }
  services.push({
    name: "store",
    url: `${storeUrl}/`,
    child: startService("store", process.execPath, ["store-api/dist/cli.js", "serve"], storeEnv),
  });
}

services.push({
  name: "dashboard",
  url: `http://127.0.0.1:${dashboardPort}/signin`,
  child: startService("dashboard", bin("next"), ["start", "-p", String(dashboardPort)], {
    NEXT_TELEMETRY_DISABLED: "1",
    // Server to server the store is reached on the loopback address; the browser uses the public one.
    STORE_BASE_URL: external ? storeUrl : `http://127.0.0.1:${storePort}`,
    STORE_PUBLIC_URL: env.STORE_PUBLIC_URL ?? storeUrl,
    STORE_CLIENT_ID: credentials.client_id,
    STORE_CLIENT_SECRET: credentials.client_secret,
    NEXTAUTH_URL: dashboardUrl,
    NEXTAUTH_SECRET: dashboardSecret(),
  }),
});

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await stopAll();
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
for (const s of services) {
  s.child.on("exit", (code) => {
    if (!stopping) {
      console.error(`\nnpm start: the ${s.name} stopped (exit ${code}); see .data/${s.name}.log. Stopping.`);
      shutdown(code || 1);
    }
  });
}

try {
  for (const s of services) await waitForHttp(s.url, s.child, 120_000);
} catch (err) {
  console.error(`\nnpm start: ${err.message}`);
  await shutdown(1);
}

const lines = [
  "",
  "Store Admin is running.",
  `  Dashboard   ${dashboardUrl}`,
  `  Store API   ${storeUrl}${external ? " (external)" : ""}`,
];
if (!external && credentials.owner_email) {
  lines.push(
    `  Sign in as  ${credentials.owner_email}`,
    `  Password    ${credentials.owner_password}  (the owner's first password, kept in .data/store-credentials.json)`,
  );
}
lines.push("Press Ctrl+C to stop.", "");
console.log(lines.join("\n"));
