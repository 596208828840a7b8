#!/usr/bin/env node
// `npm run cluster`: the store and the dashboard at scale, on this machine (README "Running at scale",
// docs/architecture.md#running-at-scale):
//
//   nginx (Debian's, installed when missing) ── store   http://localhost:8400 → two store instances
//                                            └─ dashboard http://localhost:8300 → two dashboard instances
//
// The store instances share the machine's PostgreSQL (a database `store_cluster`, created when missing, on
// the server of CLUSTER_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and one bucket of a
// local S3-compatible server (s3rver, on the loopback, its files in .data/cluster/s3): the media
// driver an operator points at a real bucket. The dashboards share one secret (their sessions are
// signed cookies) and reach the store through nginx, as browsers do. `--no-seed` starts without the
// demo catalogue; `--fresh` drops the database and the folder first. Ctrl+C stops everything.
//
// startCluster() is the same topology for the e2e tests (scripts/e2e.mjs, e2e/cluster.spec.ts), on a
// database and folder of their own.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
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

const storeRequire = createRequire(path.join(root, "store-api/package.json"));
const NGINX = "/usr/sbin/nginx";
const BUCKET = "store-media";

/** nginx from Debian's packages, installed when missing (as .ci/run installs Chromium). */
export function ensureNginx() {
  if (fs.existsSync(NGINX)) return NGINX;
  console.log("cluster: installing nginx from Debian's packages (apt-get install nginx-light)…");
  const installed = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx-light"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (installed.status !== 0 || !fs.existsSync(NGINX)) {
    throw new Error(
      "nginx is missing and could not be installed: run `apt-get install -y nginx-light` as root (or `sudo`), then again.",
    );
  }
  return NGINX;
}

/** A database on the server of `adminUrl`, created when missing (dropped first when `fresh`); its URL. */
async function ensureDatabase(adminUrl, name, { fresh = false } = {}) {
  const { default: pg } = await import(pathToFileURL(storeRequire.resolve("pg")).href);
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL does not answer at ${adminUrl.replace(/\/\/[^@/]*@/, "//…@")} (${err.message}): start it, or set CLUSTER_DATABASE_URL.`,
    );
  }
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by startCluster (the e2e run's). */
export async function dropDatabase(adminUrl, name) {
  const { default: pg } = await import(pathToFileURL(storeRequire.resolve("pg")).href);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/**
 * nginx's configuration: one server per upstream, proxied as the store and the dashboard expect. The
 * forwarding headers are nginx's own: a client's X-Forwarded-For is appended to (the store trusts only the
 * last hop it is told to, docs/architecture.md#running-at-scale), and its X-Forwarded-Host, X-Forwarded-Port and
 * Forwarded, which a trusted proxy's word would make the store's or the dashboard's own, are cleared.
 */
export function nginxConf(dir, { storePort, dashboardPort, stores, dashboards }) {
  const upstream = (name, ports) =>
    `  upstream ${name} {\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")}\n    keepalive 16;\n  }`;
  const server = (port, name) => `  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host "";
      proxy_set_header X-Forwarded-Port "";
      proxy_set_header Forwarded "";
      # An instance that is down: the request goes to the other (GET and the like only; nginx
      # never sends a POST twice unless told to).
      proxy_next_upstream error timeout http_502 http_503;
      # Streams (the bulk grid's catalogue, NDJSON) and uploads pass through as they come.
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
    }
  }`;
  const temp = (name) => path.join(dir, "temp", name);
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(temp(name), { recursive: true });
  return `# Written by scripts/cluster.mjs; rewritten on every start.
daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  # The store's own limits answer first (docs/contract.md#uploads: a multiple upload's body).
  client_max_body_size 200m;
${upstream("store", stores)}
${upstream("dashboard", dashboards)}
${server(storePort, "store")}
${server(dashboardPort, "dashboard")}
}
`;
}

/**
 * Starts the cluster; resolves with its addresses, the owner's credentials (on the first start of its
 * database), the store instances' own addresses, and stop(). Everything it starts is tracked
 * (scripts/lib/processes.mjs): stopAll() stops it too.
 */
export async function startCluster({
  dir,
  offset = 0,
  adminUrl = process.env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  database = "store_cluster",
  fresh = false,
  seed = true,
  quiet = false,
  /** More of the store instances' environment (a bench turns the rate limit off). */
  storeSettings = {},
  /** Whether to run the two dashboards (a bench of the store alone does not). */
  withDashboards = true,
}) {
  const nginx = ensureNginx();
  buildStoreIfStale();
  if (withDashboards) buildDashboardIfStale();
  if (fresh) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseUrl = await ensureDatabase(adminUrl, database, { fresh });

  const ports = {
    store: 8400 + offset,
    dashboard: 8300 + offset,
    stores: [8410 + offset, 8411 + offset],
    dashboards: [8310 + offset, 8311 + offset],
    s3: 8490 + offset,
  };
  const storeUrl = `http://localhost:${ports.store}`;
  const dashboardUrl = `http://localhost:${ports.dashboard}`;

  // The object storage: s3rver on the loopback, its bucket's files in the cluster's folder.
  const { default: S3rver } = await import(pathToFileURL(storeRequire.resolve("s3rver")).href);
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: ports.s3,
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();

  const storeEnv = (name, port) => ({
    DATABASE_URL: databaseUrl,
    STORE_API_DATA_DIR: path.join(dir, name),
    STORE_API_PORT: String(port),
    STORE_API_PUBLIC_URL: storeUrl,
    STORE_DASHBOARD_URL: dashboardUrl,
    // nginx on this machine says who the client is.
    STORE_API_TRUST_PROXY: "127.0.0.1",
    STORE_API_MEDIA_DRIVER: "s3",
    STORE_API_S3_BUCKET: BUCKET,
    STORE_API_S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    STORE_API_S3_ACCESS_KEY_ID: "S3RVER",
    STORE_API_S3_SECRET_ACCESS_KEY: "S3RVER",
    ...storeSettings,
  });
  const logDir = path.join(dir, "logs");
  const credentialsFile = path.join(dir, "store-credentials.json");
  if (!quiet && seed && !fs.existsSync(credentialsFile))
    console.log("cluster: first start: the demo store goes into PostgreSQL and the bucket (a minute or so)…");
  const credentials = runJson(
    process.execPath,
    [
      "store-api/dist/cli.js",
      "bootstrap",
      "--redirect-uri",
      `${dashboardUrl}/api/auth/callback/store`,
      "--credentials",
      credentialsFile,
      ...(seed ? ["--seed"] : []),
    ],
    {
      env: { ...process.env, ...storeEnv("store-a", ports.stores[0]) },
      // The seed's progress (stderr): a line a product.
      stdio: ["ignore", "pipe", quiet ? "ignore" : "inherit"],
    },
  );
  if (credentials.seed_error)
    console.error(`cluster: the demo catalogue could not be added: ${credentials.seed_error}`);

  const show = quiet ? { quiet: true } : {};
  const stores = ports.stores.map((port, i) => {
    const name = `store-${"ab"[i]}`;
    return {
      name,
      port,
      child: startService(name, process.execPath, ["store-api/dist/cli.js", "serve"], storeEnv(name, port), {
        ...show,
        logDir,
        show: (line) => (/"level":(40|50|60)/.test(line) ? line : null),
      }),
    };
  });
  for (const s of stores) await waitForHttp(`http://127.0.0.1:${s.port}/`, s.child, 60_000);

  const secretFile = path.join(dir, "dashboard-secret");
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, crypto.randomBytes(32).toString("base64url"));
  const dashboards = (withDashboards ? ports.dashboards : []).map((port, i) => {
    const name = `dashboard-${"ab"[i]}`;
    return {
      name,
      port,
      child: startService(
        name,
        bin("next"),
        ["start", "-p", String(port), "-H", "127.0.0.1"],
        {
          NEXT_TELEMETRY_DISABLED: "1",
          NODE_ENV: "production",
          STORE_BASE_URL: storeUrl,
          STORE_PUBLIC_URL: storeUrl,
          STORE_CLIENT_ID: credentials.client_id,
          STORE_CLIENT_SECRET: credentials.client_secret,
          STORE_NAME: credentials.store_name ?? "Demo Store",
          STORE_LOGOUT_URL: `${storeUrl}/oauth2/logout`,
          NEXTAUTH_URL: dashboardUrl,
          NEXTAUTH_SECRET: fs.readFileSync(secretFile, "utf8").trim(),
        },
        { ...show, logDir, show: () => null },
      ),
    };
  });

  const nginxDir = path.join(dir, "nginx");
  fs.mkdirSync(nginxDir, { recursive: true });
  const conf = path.join(nginxDir, "nginx.conf");
  fs.writeFileSync(
    conf,
    nginxConf(nginxDir, {
      storePort: ports.store,
      dashboardPort: ports.dashboard,
      stores: ports.stores,
      // nginx wants at least one server in an upstream: without dashboards, the first one's port answers nothing.
      dashboards: withDashboards ? ports.dashboards : ports.dashboards.slice(0, 1),
    }),
  );
  const proxy = startService(
    "nginx",
    nginx,
    ["-c", conf, "-p", nginxDir, "-e", path.join(nginxDir, "error.log")],
    {},
    {
      ...show,
      logDir,
    },
  );
  for (const d of dashboards) await waitForHttp(`http://127.0.0.1:${d.port}/signin`, d.child, 120_000);
  await waitForHttp(`${storeUrl}/`, proxy, 30_000);
  if (withDashboards) await waitForHttp(`${dashboardUrl}/signin`, proxy, 30_000);

  return {
    storeUrl,
    dashboardUrl,
    databaseUrl,
    credentials,
    /** The dashboards' NEXTAUTH_SECRET (the e2e test reads the session's token with it). */
    secret: fs.readFileSync(secretFile, "utf8").trim(),
    instances: stores.map((s) => ({ name: s.name, url: `http://127.0.0.1:${s.port}`, child: s.child })),
    /** The dashboard instances' own addresses (a test asks each one directly). */
    dashboards: dashboards.map((d) => ({ name: d.name, url: `http://127.0.0.1:${d.port}` })),
    logDir,
    stop: async () => {
      await stopAll();
      await s3.close();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: { "no-seed": { type: "boolean", default: false }, fresh: { type: "boolean", default: false } },
  });
  const dir = path.join(root, ".data/cluster");
  const cluster = await startCluster({ dir, seed: !values["no-seed"], fresh: values.fresh });
  const c = cluster.credentials;
  console.log(`
The store at scale is running.

  Dashboard   ${cluster.dashboardUrl}   (nginx → two dashboards)
  Store       ${cluster.storeUrl}   (nginx → ${cluster.instances.map((i) => i.url).join(" and ")})
  Database    ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, "//…@")}
  Media       a local S3-compatible bucket (s3rver), files in ${path.relative(root, dir)}/s3
${c.owner_email ? `  Sign in as  ${c.owner_email}\n  Password    ${c.owner_password}  (kept in ${path.relative(root, dir)}/store-credentials.json)\n` : `  Sign in as  the owner in ${path.relative(root, dir)}/store-credentials.json\n`}  Logs        ${path.relative(root, cluster.logDir)}/

Press Ctrl+C to stop.`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch(async (err) => {
    console.error(`cluster: ${err.message}`);
    await stopAll({ force: true });
    process.exit(1);
  });
}
