#!/usr/bin/env node
// `npm start`: builds what needs building, sets up the bundled store on first
// start (data, an owner account, the dashboard registered as an OAuth app),
// then runs the store and the dashboard wired to each other. The dashboard's
// build (without its type check: see next.config.mjs) runs beside the store's
// set-up and seed, its output in .data/build.log. The servers' whole output
// goes to .data/<name>.log; the console shows a banner and, after it, warnings
// and errors only (one short line each). `npm run dev` (--dev) also shows the
// rest: one line per store request, and everything Next.js prints.
//
// With STORE_BASE_URL set, the dashboard runs alone against that store
// (STORE_CLIENT_ID and STORE_CLIENT_SECRET must be set too).
//
// Stopping: Ctrl+C, or SIGTERM to this process or to the `npm` running it,
// stops both servers (each in its own process group) and the store's data
// folder lock goes with the store; a second Ctrl+C kills them at once.
//
// STORE_ADMIN_DATA_DIR moves .data/ (logs, credentials, the store's data).
// On the first start the bundled store gets the demo catalogue (`store seed`);
// STORE_ADMIN_SEED=0 or --no-seed starts it empty instead.
// STORE_ADMIN_TEST_DASHBOARD is for scripts/start.test.ts only: a JSON list
// [command, ...args] run instead of `next start` (given the port in PORT), so
// starting and stopping can be tested without a dashboard build.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { bundleStore, CODE_CACHE_HOOK, STORE_BUNDLE, storeBundleIsStale } from "./lib/build-store.mjs";
import { createTimeline } from "./lib/timeline.mjs";
import {
  bin,
  dashboardConsole,
  dashboardIsStale,
  root,
  runTracked,
  startService,
  stopAll,
  stopService,
  storeConsole,
  waitForHttp,
} from "./lib/processes.mjs";

const USAGE = `Usage: npm start [-- options]   (or: node scripts/start.mjs [options])

Builds what needs building, sets up the bundled store on its first start (with
the demo store), and runs the store and the dashboard until Ctrl+C.

Options:
  --timeline   after the banner, print when each phase of the start ended
               (kept in .data/start-timeline.jsonl on every start)
  --no-seed    on the first start, set up the store without the demo data
               (as STORE_ADMIN_SEED=0)
  --dev        also show each store request and all Next.js prints (npm run dev)
  -h, --help   print this and start nothing

Settings are environment variables: README.md, "Configuration".`;
const OPTIONS = new Set(["--timeline", "--no-seed", "--dev", "--help", "-h"]);
const unknown = process.argv.slice(2).filter((arg) => !OPTIONS.has(arg));
if (unknown.length) {
  console.error(`npm start: unknown option ${unknown.join(", ")}\n\n${USAGE}`);
  process.exit(2);
}
if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}

const env = process.env;
const verbose = process.argv.includes("--dev");
const seedDemo = env.STORE_ADMIN_SEED !== "0" && !process.argv.includes("--no-seed");
const dataDir = path.resolve(root, env.STORE_ADMIN_DATA_DIR || ".data");
const dashboardPort = Number(env.DASHBOARD_PORT ?? env.PORT ?? 3000);
const storePort = Number(env.STORE_API_PORT ?? 4000);
// One host name for everything a person sees (banner, redirect URIs, emails):
// localhost. Server to server, 127.0.0.1 is used, out of sight.
const dashboardUrl = (env.NEXTAUTH_URL ?? `http://localhost:${dashboardPort}`).replace(/\/+$/, "");
const external = Boolean(env.STORE_BASE_URL);
const storeUrl = (
  external ? env.STORE_BASE_URL : (env.STORE_API_PUBLIC_URL ?? `http://localhost:${storePort}`)
).replace(/\/+$/, "");
const storePublicUrl = (env.STORE_PUBLIC_URL ?? storeUrl).replace(/\/+$/, "");
const storeDevelopment = (env.STORE_API_MODE ?? "development") === "development";
const testDashboard = env.STORE_ADMIN_TEST_DASHBOARD ? JSON.parse(env.STORE_ADMIN_TEST_DASHBOARD) : null;
/** Where the builds' output goes (`next build` prints some 60 lines): not the console. */
const buildLog = path.join(dataDir, "build.log");
/** The credentials of the dashboard's app at the bundled store, written by its first start. */
const credentialsFile = path.join(dataDir, "store-credentials.json");
/**
 * The start's timeline (docs/architecture.md#the-starts-timeline): this process's phases and the store's
 * (STORE_ADMIN_TIMELINE), one JSON line each, in .data/start-timeline.jsonl; `--timeline` prints them.
 */
const timeline = createTimeline(path.join(dataDir, "start-timeline.jsonl"), {
  print: process.argv.includes("--timeline"),
});

/** A path as the person reads it: relative to the repository when inside it. */
const shown = (p) => (path.relative(root, p).startsWith("..") ? p : path.relative(root, p));

// A closed terminal (SIGHUP) must not crash this process before it stops the servers.
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});

let stopping = false;

/** Stops every service and build started here, then exits. */
async function shutdown(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`\nnpm start: ${reason}`);
  console.log("\nStopping the store and the dashboard… (Ctrl+C again to force)");
  await stopAll();
  process.exit(code);
}

/** Stops what was started and exits 1; during a shutdown, the shutdown has the last word. */
async function fail(message) {
  if (stopping) return new Promise(() => {});
  stopping = true;
  console.error(`\nnpm start: ${message}\n`);
  await stopAll();
  process.exit(1);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (!stopping) return void shutdown(0);
    console.log("Forcing: killing the store and the dashboard.");
    void stopAll({ force: true }).then(() => process.exit(1));
  });
}

// npm runs this through `sh -c`, and on SIGTERM npm signals only that shell,
// which dies without passing the signal on: the servers would run on,
// orphaned, holding their ports and the store's data folder. So when npm
// started us, losing our parent is a request to stop.
if (env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0, "npm was stopped.");
  }, 300).unref();
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

/**
 * Builds the store when its sources changed, and sets it up: on the first
 * start an owner, the dashboard's OAuth application and (unless told not to)
 * the demo catalogue; then starts it. Answers the credentials and what the
 * seed added. Throws what stops the start; a seed that fails only says so.
 * On a later start (`saved`: the credentials file is there) the store starts
 * at once and checks the app itself (`serve --credentials`): one process and
 * one opening of the database rather than two.
 */
async function setUpStore(storeEnv, services, saved, startAfter) {
  // One bundle, without the type check (scripts/lib/build-store.mjs): `npm run typecheck` and CI check
  // the types.
  if (storeBundleIsStale()) {
    try {
      await bundleStore();
    } catch (err) {
      throw new Error(`the store could not be built: ${err.message}`);
    }
    timeline.mark("store built");
  }
  const redirectUri = `${dashboardUrl}/api/auth/callback/store`;
  let credentials = saved;
  /** What the demo seed added on this (first) start, for the banner. */
  let seeded = null;
  if (!saved) {
    // Only the start that creates the store adds the demo catalogue (and the seed refuses a store with
    // products), in the same process as the set-up: the embedded database opens once.
    if (seedDemo && !fs.existsSync(credentialsFile))
      console.log(
        "First start: adding the demo store (products, coupons, orders; the pictures are drawn once it runs)…",
      );
    try {
      const output = await runTracked(
        process.execPath,
        [
          STORE_BUNDLE,
          "bootstrap",
          "--redirect-uri",
          redirectUri,
          "--credentials",
          credentialsFile,
          // The pictures are drawn by the store once it runs (store-api/src/seed/picture-jobs.ts): some
          // 20 s of drawing and rendering, on cores the dashboard's build needs, off the way to the banner.
          ...(seedDemo ? ["--seed", "--pictures-later"] : []),
        ],
        // The seed's progress (stderr) goes to the build log.
        { env: { ...env, ...storeEnv }, capture: true, log: buildLog },
      );
      credentials = JSON.parse(output);
    } catch (err) {
      throw new Error(`the store could not be set up: ${err.message}`);
    }
    timeline.mark(seedDemo ? "store set up and seeded" : "store set up");
    // Its sentence: "Added the demo store in 30.1 s: 66 products in 7 categories, …; 5 coupons (…)".
    if (credentials.seeded) seeded = /: (.*?)\.?$/.exec(credentials.seeded)?.[1] ?? "added";
    if (credentials.seed_error && !stopping) {
      console.error(
        `npm start: the demo catalogue could not be added (${credentials.seed_error}); the store starts without it (\`npm run store -- seed\` adds it later).`,
      );
    }
  }
  // On the first start the store serves once the dashboard's build has ended (it starts in a second and a
  // half, as the dashboard does): its first half minute draws the demo pictures (--pictures-later), which
  // would take the cores the build needs.
  if (startAfter) await startAfter.catch(() => {});
  if (stopping) return { credentials, seeded };
  // Started as soon as it is set up (a later start), or as soon as the dashboard is built (the first).
  watch(services, {
    name: "store",
    url: `http://127.0.0.1:${storePort}/`,
    child: startService(
      "store",
      process.execPath,
      // With V8's code cache of its last start (scripts/lib/code-cache.cjs): a tenth of a second of a restart.
      ["-r", CODE_CACHE_HOOK, STORE_BUNDLE, "serve", "--credentials", credentialsFile, "--redirect-uri", redirectUri],
      {
        ...storeEnv,
        STORE_ADMIN_CODE_CACHE: path.join(dataDir, "code-cache", "store"),
        STORE_ADMIN_CODE_CACHE_TRUSTED: STORE_BUNDLE,
      },
      { show: storeConsole({ verbose }), logDir: dataDir },
    ),
  });
  timeline.mark("store started");
  return { credentials, seeded };
}

/** The saved credentials of an earlier start, or null (a first start, or a file that cannot be read). */
function savedCredentials() {
  try {
    const saved = JSON.parse(fs.readFileSync(credentialsFile, "utf8"));
    // A file of an earlier version has no store name: the set-up adds it.
    return saved.client_id && saved.client_secret && saved.store_name ? saved : null;
  } catch {
    return null;
  }
}

/** Keeps a started service, and stops everything when it stops on its own. */
function watch(services, service) {
  services.push(service);
  service.child.on("exit", (code, signal) => {
    if (!stopping && !service.replaced)
      void shutdown(
        code || 1,
        `the ${service.name} stopped (${code ?? signal}); see ${shown(path.join(dataDir, `${service.name}.log`))}. Stopping.`,
      );
  });
}

/** Stops a watched service on purpose and starts its replacement (`start`, which watches it). */
async function replaceService(services, service, start) {
  service.replaced = true;
  services.splice(services.indexOf(service), 1);
  await stopService(service.child);
  start();
}

/**
 * `next build` when the dashboard's sources changed, its output (some 60
 * lines) in .data/build.log rather than before the banner. Without the type
 * check: `npm run typecheck` and CI check the types, and a type error does
 * not change what runs (next.config.mjs reads STORE_ADMIN_SKIP_TYPECHECK; the
 * e2e runner and the benches build with the check, as before).
 */
async function buildDashboard() {
  if (testDashboard || !dashboardIsStale()) return;
  console.log(`Building the dashboard (its output goes to ${shown(buildLog)})…`);
  await runTracked(bin("next"), ["build"], {
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1", STORE_ADMIN_SKIP_TYPECHECK: "1" },
    log: buildLog,
  });
  timeline.mark("dashboard built");
}

async function main() {
  if (external && !(env.STORE_CLIENT_ID && env.STORE_CLIENT_SECRET)) {
    return fail(
      "STORE_BASE_URL is set, so the dashboard uses that store: set STORE_CLIENT_ID and STORE_CLIENT_SECRET to the app credentials it gave you.",
    );
  }

  const services = [];
  let seeded = null;
  let credentials = { client_id: env.STORE_CLIENT_ID, client_secret: env.STORE_CLIENT_SECRET };
  const storeEnv = {
    STORE_API_PORT: String(storePort),
    STORE_API_DATA_DIR: env.STORE_API_DATA_DIR ?? path.join(dataDir, "store"),
    STORE_API_PUBLIC_URL: storeUrl,
    // Where the store's emails send people to sign in.
    STORE_DASHBOARD_URL: env.STORE_DASHBOARD_URL ?? dashboardUrl,
  };
  const secret = dashboardSecret();
  /** The dashboard's settings, given the store's app credentials. */
  const dashboardEnvFor = (credentials) => {
    const dashboardEnv = {
      NEXT_TELEMETRY_DISABLED: "1",
      // Server to server the store is reached on the loopback address; the browser uses the public one.
      STORE_BASE_URL: external ? storeUrl : `http://127.0.0.1:${storePort}`,
      STORE_PUBLIC_URL: storePublicUrl,
      STORE_CLIENT_ID: credentials.client_id,
      STORE_CLIENT_SECRET: credentials.client_secret,
      NEXTAUTH_URL: dashboardUrl,
      NEXTAUTH_SECRET: secret,
      PORT: String(dashboardPort),
    };
    // An external store's name and sign-out page come from the person's own environment.
    if (!external) {
      const storeName = env.STORE_NAME ?? credentials.store_name;
      if (storeName) dashboardEnv.STORE_NAME = storeName;
      // The demo catalogue weighs in kilograms (store-api/src/seed/catalogue-data.ts); STORE_WEIGHT_UNIT says otherwise.
      dashboardEnv.STORE_WEIGHT_UNIT = env.STORE_WEIGHT_UNIT || "kg";
      dashboardEnv.STORE_LOGOUT_URL = `${storePublicUrl}/oauth2/logout`;
      // The development pages read the store's /dev/outbox, which only development mode serves.
      if (storeDevelopment) dashboardEnv.DASHBOARD_DEV_PAGES = "1";
    }
    return dashboardEnv;
  };
  const [dashboardCommand, ...dashboardArgs] = testDashboard ?? [bin("next"), "start", "-p", String(dashboardPort)];
  let dashboard = null;
  const startDashboard = (credentials) => {
    dashboard = {
      name: "dashboard",
      url: `http://127.0.0.1:${dashboardPort}/signin`,
      credentials,
      child: startService("dashboard", dashboardCommand, dashboardArgs, dashboardEnvFor(credentials), {
        show: dashboardConsole({ verbose }),
        logDir: dataDir,
      }),
    };
    watch(services, dashboard);
    timeline.mark("dashboard started");
  };

  // The dashboard's build and the store's set-up (its seed above all) need nothing of each other: side by
  // side. On a later start the credentials are known already, so the dashboard starts beside the store.
  const saved = external ? null : savedCredentials();
  try {
    // The store first: on a restart it starts before the dashboard's sources are looked over (some 25 ms
    // of walking folders, on the way to its answer otherwise). A first start's seed waits for the build.
    let buildEnded = () => {};
    const afterBuild = new Promise((resolve) => (buildEnded = resolve));
    const settingUp = external ? null : setUpStore(storeEnv, services, saved, saved || !seedDemo ? null : afterBuild);
    const built = buildDashboard();
    built.then(buildEnded, buildEnded);
    const [, store] = await Promise.all([
      built.then(() => {
        if (!stopping && (external || saved)) startDashboard(external ? credentials : saved);
      }),
      settingUp,
    ]);
    if (store) ({ credentials, seeded } = store);
  } catch (err) {
    return fail(err.message);
  }
  if (stopping) return;
  if (!dashboard) startDashboard(credentials);

  try {
    await Promise.all(
      services.map((s) => waitForHttp(s.url, s.child, 120_000).then(() => timeline.mark(`${s.name} answers`))),
    );
    // The store checked its app as it started (`serve --credentials`): a store set up anew since (its data
    // folder removed) registered another one, so the dashboard starts again with it.
    const current = saved && savedCredentials();
    if (current && current.client_id !== dashboard.credentials.client_id) {
      credentials = current;
      await replaceService(services, dashboard, () => startDashboard(current));
      await waitForHttp(dashboard.url, dashboard.child, 120_000);
    }
  } catch (err) {
    return fail(err.message);
  }
  if (stopping) return;

  const logs = [...services.map((s) => shown(path.join(dataDir, `${s.name}.log`))), shown(buildLog)]
    .filter((file, index) => index < services.length || fs.existsSync(buildLog))
    .join(", ");
  const lines = [
    "",
    "Store Admin is running.",
    "",
    `  Dashboard   ${dashboardUrl}`,
    `  Store       ${storeUrl}${external ? "  (external)" : `  (API reference: ${storeUrl}/docs)`}`,
  ];
  if (!external && credentials.owner_email) {
    lines.push(
      `  Sign in as  ${credentials.owner_email}`,
      `  Password    ${credentials.owner_password}  (the owner's first password, kept in ${shown(path.join(dataDir, "store-credentials.json"))})`,
    );
  }
  if (seeded) lines.push(`  Demo data   added: ${seeded}`);
  if (!external && storeDevelopment) {
    lines.push(
      env.SMTP_URL
        ? "  Mail        the store sends its mail through SMTP_URL"
        : `  Mail        mail the store sends: Dashboard → Mail (development), or ${storeUrl}/dev/outbox with a token of a user who may manage users`,
    );
  }
  lines.push(
    `  Logs        ${logs}${verbose ? "" : " (only warnings and errors show here)"}`,
    "",
    "Press Ctrl+C to stop (twice to force).",
    "",
  );
  console.log(lines.join("\n"));
  timeline.mark("banner");
  timeline.print();
}

await main();
