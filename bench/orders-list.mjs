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
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { encode } from "next-auth/jwt";
import {
  bin,
  buildDashboardIfStale,
  buildStoreIfStale,
  root,
  runJson,
  waitForHttp,
} from "../scripts/lib/processes.mjs";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "20,100" },
    requests: { type: "string", default: "40" },
  },
});
const COUNTS = args.count.split(",").map(Number);
const REQUESTS = Number(args.requests);
const USER = { email: "bench@example.com", password: "bench-password-1234" };
const SECRET = randomBytes(32).toString("hex");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-orders-"));
const children = [];
const cli = path.join(root, "store-api/dist/cli.js");
const storeEnv = (more = {}) => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("STORE_API_") && k !== "DATABASE_URL"),
  );
  return { ...env, STORE_API_DATA_DIR: dataDir, ...more };
};

function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

function startProcess(command, argv, env, ready) {
  const child = spawn(command, argv, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buffer = "";
    const onData = (chunk) => {
      buffer += chunk;
      if (ready(buffer)) {
        child.stdout.off("data", onData);
        child.stdout.resume();
        resolve(child);
      }
    };
    child.stdout.setEncoding("utf8").on("data", onData);
    child.on("exit", (code) => reject(new Error(`${command} ${argv.join(" ")} exited (${code}) before it was ready`)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A cookie jar over fetch, enough for the store's sign-in and consent pages. */
function browser(base) {
  const cookies = new Map();
  return async (pathOrUrl, form) => {
    const headers = { origin: base };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(new URL(pathOrUrl, base), {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [name, ...value] = c.split(";")[0].split("=");
      cookies.set(name.trim(), value.join("="));
    }
    return { res, text: await res.text() };
  };
}

function hiddenFields(html, action) {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const unescape = (v) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]),
  );
}

/** The token response of the OAuth code flow (admin scope), as the dashboard gets one. */
async function tokenResponse(base, client, redirectUri) {
  const go = browser(base);
  const query = new URLSearchParams({
    client_id: client.client_id,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: "admin",
  });
  let page = await go(`/oauth2/authorize?${query}`);
  if (page.text.includes('action="/oauth2/login"')) {
    const signedIn = await go("/oauth2/login", { ...hiddenFields(page.text, "/oauth2/login"), ...USER });
    if (signedIn.res.status !== 303) throw new Error(`sign-in answered ${signedIn.res.status}`);
    page = await go(signedIn.res.headers.get("location"));
  }
  const decided = await go("/oauth2/authorize", { ...hiddenFields(page.text, "/oauth2/authorize"), decision: "allow" });
  const code = new URL(decided.res.headers.get("location")).searchParams.get("code");
  if (!code) throw new Error(`no authorization code (consent answered ${decided.res.status})`);
  const token = await fetch(`${base}/oauth2/access_token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, ...client }),
  });
  if (token.status !== 200) throw new Error(`the token exchange answered ${token.status}`);
  return token.json();
}

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
  const seed = spawn(process.execPath, [cli, "seed"], {
    cwd: root,
    env: storeEnv(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(seed);
  let seedOutput = "";
  seed.stdout.setEncoding("utf8").on("data", (c) => (seedOutput += c));
  const seedCode = await new Promise((resolve) => seed.on("close", resolve));
  if (seedCode !== 0) throw new Error(`store seed failed (exit ${seedCode})`);
  console.log(`  ${seedOutput.trim().split("\n").at(-1)}`);

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

  const store = await startProcess(
    process.execPath,
    [cli, "serve"],
    storeEnv({ STORE_API_PORT: String(storePort), STORE_API_PUBLIC_URL: storeBase, STORE_API_RATE_LIMIT: "0" }),
    (out) => out.includes("Server listening at") || out.includes("listening"),
  );
  await waitForHttp(`${storeBase}/`, store, 60_000);
  const granted = await tokenResponse(
    storeBase,
    { client_id: client.client_id, client_secret: client.client_secret },
    redirectUri,
  );
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

  const dashboard = await startProcess(
    bin("next"),
    ["start", "-p", String(dashboardPort), "-H", "127.0.0.1"],
    {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      STORE_BASE_URL: storeBase,
      STORE_PUBLIC_URL: storeBase,
      STORE_CLIENT_ID: client.client_id,
      STORE_CLIENT_SECRET: client.client_secret,
      NEXTAUTH_URL: dashboardBase,
      NEXTAUTH_SECRET: SECRET,
    },
    (out) => /Ready|started server|Local:/i.test(out),
  );
  await waitForHttp(`${dashboardBase}/signin`, dashboard, 60_000);

  // The session cookie next-auth writes after a sign-in (lib/auth.ts, lib/session-token.ts).
  const session = await encode({
    secret: SECRET,
    token: {
      accessToken: granted.access_token,
      scope: granted.scope ?? null,
      expiresAt: null,
      storeUser: granted.user
        ? { id: String(granted.user.id), email: granted.user.email, permissions: granted.user.permissions }
        : null,
      storeUrl: storeBase,
      refused: [],
    },
  });
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
  console.log(
    `Machine: ${os.cpus().length} CPU(s), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}.`,
  );
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(`bench: ${err.message}`);
    process.exit(1);
  });
