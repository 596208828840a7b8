#!/usr/bin/env node
// What `GET /api/v1/coupons` costs the store when its coupons hold a million codes (issue 27, item 4):
// 10 coupons of 100,000 generated codes each, then the list, read by a client as fast as it comes,
// while an unrelated `GET /api/v1/users` is asked every 100 ms. Measured in the store's own process:
// its peak resident memory above its idle memory (Linux: /proc/<pid>/status VmHWM, reset through
// /proc/<pid>/clear_refs just before), and the delay of its event loop (p99 and max, from a probe
// loaded into it with `node --import bench/lib/store-probe.mjs`: no part of the store). Beside them,
// in the same run: the same figures idle, for `GET /users` alone, for one coupon
// (`GET /api/v1/coupons/{id}`, 100,000 codes), and while a coupon of 100,000 codes is created.
// Prints the figures against the goals (at most +64 MB, a p99 loop delay of at most 50 ms); asserts
// nothing (machines are noisy). On the embedded database (PGlite), and on PostgreSQL too when
// TEST_DATABASE_URL is set or --postgres names a server (a fresh database is made there and dropped
// after). Then the dashboard server's own reads of that store (lib/store/coupons/api.ts: the list,
// and one coupon's codes as the browser's rows), each in a process of its own without Next.js, beside
// the reads they replaced (the whole answer as text, JSON.parse, the schema): time and peak memory
// (--skip-dashboard leaves them out; they run against the first database only).
//
//   node bench/coupons-list.mjs [--coupons 10] [--codes 100000] [--postgres postgres://…/postgres] [--skip-pglite]
//                               [--skip-dashboard] [--cli path/to/another/store-api/dist/cli.js]
//
// --cli runs another build of the store (an older commit's, built apart) in the same harness, to
// compare.
//
// The store: the built CLI (built first when stale) on a fresh data folder, serving with the rate
// limit off and its request logs on (thrown away), as in production; restarted once the coupons are
// made, so that its idle memory is a fresh process's. The token: a registered app and a user with
// every permission, then the OAuth code flow as a browser walks it, with the admin scope.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildStoreIfStale, root, runJson } from "../scripts/lib/processes.mjs";
import { benchRun, printMachine, runBench, storeCli } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    coupons: { type: "string", default: "10" },
    codes: { type: "string", default: "100000" },
    postgres: { type: "string", default: process.env.TEST_DATABASE_URL ?? "" },
    "skip-dashboard": { type: "boolean", default: false },
    cli: { type: "string", default: "" },
    "skip-pglite": { type: "boolean", default: false },
  },
});
const COUPONS = Number(args.coupons);
const CODES = Number(args.codes);
const GOALS = { peakMB: 64, loopP99: 50 };

const { tmp, cleanups, stopProcess, freshPostgres, seededStore } = benchRun("store-bench-coupons-");
const cli = args.cli ? path.resolve(args.cli) : storeCli;
const probe = path.join(root, "bench/lib/store-probe.mjs");

/* ---------- the process, seen from outside ---------- */

const statusKb = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);
const rssMB = (pid) => statusKb(pid, "VmRSS") / 1024;
const peakMB = (pid) => statusKb(pid, "VmHWM") / 1024;
/** Sets the process's peak resident memory back to its current one (Linux 4.0+); false when refused. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
/** What the probe in the store saw of its event loop since the last call (ms beyond the 10 ms sampling). */
async function loopDelay(server) {
  const before = fs.existsSync(server.probeFile) ? JSON.parse(fs.readFileSync(server.probeFile, "utf8")).sequence : 0;
  server.child.kill("SIGUSR2");
  for (;;) {
    await sleep(20);
    if (!fs.existsSync(server.probeFile)) continue;
    const report = JSON.parse(fs.readFileSync(server.probeFile, "utf8"));
    if (report.sequence > before) return report;
  }
}

/**
 * A measured stretch of the store's life: its peak memory above what it held at the start, and its
 * event loop's delay, while `run` runs. Its memory is also polled (a check on the peak).
 */
async function measured(server, run) {
  const pid = server.child.pid;
  await loopDelay(server); // starts the probe's count afresh
  const idle = rssMB(pid);
  const peakReset = resetPeak(pid);
  let polled = idle;
  const poll = setInterval(() => (polled = Math.max(polled, rssMB(pid))), 25);
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  clearInterval(poll);
  const loop = await loopDelay(server);
  const peak = peakReset ? peakMB(pid) : polled;
  return { ...result, ms, idle, above: peak - idle, loop };
}

/* ---------- requests ---------- */

/**
 * A GET read as it comes and not kept: its time, size, status and, for a JSON list, a check that
 * it is whole (starts with `[` and ends with `]`) with the number of codes in it.
 */
function get(port, pathname, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
      let bytes = 0;
      let codes = 0;
      let first = "";
      let tail = "";
      res.on("data", (chunk) => {
        const text = tail + chunk.toString("latin1");
        if (!bytes) first = text[0];
        bytes += chunk.length;
        codes += (text.match(/\{"code":|\["[^"\]]*","(?:one|multi)_use"/g) ?? []).length;
        codes -= (tail.match(/\{"code":|\["[^"\]]*","(?:one|multi)_use"/g) ?? []).length;
        tail = text.slice(-40);
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          ms: performance.now() - started,
          bytes,
          codes,
          whole: first + tail.trimEnd().slice(-1),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** `pathname` answered 200, or the bench stops. */
async function ok(port, pathname, headers) {
  const res = await get(port, pathname, headers);
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  return res;
}

/** `list` while an unrelated GET /users is asked every 100 ms: the list, and those requests' times. */
async function listWithNeighbour(port, auth, pathname) {
  let done = false;
  const list = ok(port, pathname, auth).finally(() => (done = true));
  const neighbour = [];
  await sleep(100);
  while (!done) {
    neighbour.push((await ok(port, "/api/v1/users", auth)).ms);
    await sleep(100);
  }
  return { ...(await list), neighbour };
}

/* ---------- the store ---------- */

/**
 * The store (no seed: the bench makes its coupons) with the probe loaded into it, writing to
 * `probeFile`; `restart()` starts a fresh process of it (the probe's file removed first: a new
 * process counts its reports from 1 again).
 */
async function probedStore(label, databaseUrl) {
  const probeFile = path.join(tmp, `${label}-probe.json`);
  const withProbe = (store) => ({
    ...store,
    probeFile,
    restart: () => {
      fs.rmSync(probeFile, { force: true });
      return store.restart().then(withProbe);
    },
  });
  const store = await seededStore({
    label,
    databaseUrl,
    cli,
    nodeArgs: ["--import", pathToFileURL(probe).href],
    env: { BENCH_PROBE_FILE: probeFile },
  });
  return withProbe(store);
}

const mb = (n) => `${n >= 0 ? "+" : ""}${n.toFixed(1)}`;
const sizeOf = (bytes) => (bytes > 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function row(database, what, m, extra = {}) {
  return {
    database,
    request: what,
    "time ms": m.ms.toFixed(0),
    size: m.bytes === undefined ? "" : sizeOf(m.bytes),
    "idle RSS MB": m.idle.toFixed(0),
    "peak above idle MB": mb(m.above),
    "loop p99 ms": m.loop.p99.toFixed(1),
    "loop max ms": m.loop.max.toFixed(1),
    "most heap / external MB": m.loop.memory ? `${m.loop.memory.heapUsed} / ${m.loop.memory.external}` : "",
    ...extra,
  };
}

async function benchDatabase(label, databaseUrl, { dashboard }) {
  let server = await probedStore(label, databaseUrl);
  const { port } = server;
  let { auth } = server;
  console.log(`\n[${label}] Making ${COUPONS} coupons of ${CODES.toLocaleString("en")} generated codes…`);
  const rows = [];
  const ids = [];
  const form = (n) =>
    new URLSearchParams({
      name: `Mailing ${n}`,
      type: "free_shipping",
      start_date: "1893456000",
      end_date: "1896048000",
      limit: String(CODES),
    }).toString();
  for (let n = 1; n <= COUPONS; n++) {
    const create = async () => {
      const res = await fetch(`${server.base}/api/v1/coupons`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        body: form(n),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`POST /coupons answered ${res.status}: ${text.slice(0, 300)}`);
      ids.push(JSON.parse(text).id);
      return { bytes: text.length };
    };
    if (n === 1)
      rows.push(row(label, `POST /coupons (${CODES.toLocaleString("en")} codes)`, await measured(server, create)));
    else await create();
    process.stdout.write(`  ${n}/${COUPONS}\r`);
  }

  // A fresh process: its idle memory is not what the making of the coupons left.
  server = await server.restart();
  auth = server.auth;
  for (let i = 0; i < 5; i++) await ok(port, "/api/v1/users", auth);

  const idle = await measured(server, () => sleep(2000));
  rows.unshift(row(label, "idle (2 s)", idle));
  const users = await measured(server, async () => {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < 30; i++) {
      const res = await ok(port, "/api/v1/users", auth);
      times.push(res.ms);
      bytes = res.bytes;
    }
    return { bytes, times };
  });
  rows.push(
    row(label, "GET /users ×30, alone", users, {
      "GET /users ms (median / max)": `${median(users.times).toFixed(1)} / ${Math.max(...users.times).toFixed(1)}`,
    }),
  );

  const list = await measured(server, () => listWithNeighbour(port, auth, "/api/v1/coupons"));
  if (list.whole !== "[]" || list.codes !== COUPONS * CODES) {
    throw new Error(`GET /coupons was not whole: ${list.codes} codes, starts and ends ${list.whole}`);
  }
  rows.push(
    row(label, `GET /coupons (${(COUPONS * CODES).toLocaleString("en")} codes)`, list, {
      "GET /users ms (median / max)": `${median(list.neighbour).toFixed(1)} / ${Math.max(...list.neighbour).toFixed(1)} (${list.neighbour.length} during)`,
    }),
  );
  const one = await measured(server, () => listWithNeighbour(port, auth, `/api/v1/coupons/${ids[0]}`));
  rows.push(
    row(label, `GET /coupons/{id} (${CODES.toLocaleString("en")} codes)`, one, {
      "GET /users ms (median / max)": one.neighbour.length
        ? `${median(one.neighbour).toFixed(1)} / ${Math.max(...one.neighbour).toFixed(1)} (${one.neighbour.length} during)`
        : "",
    }),
  );

  const goals = [
    `peak ≤ +${GOALS.peakMB} MB: ${list.above <= GOALS.peakMB ? "met" : "MISSED"} (${mb(list.above)} MB)`,
    `loop p99 ≤ ${GOALS.loopP99} ms: ${list.loop.p99 <= GOALS.loopP99 ? "met" : "MISSED"} (${list.loop.p99.toFixed(1)} ms)`,
  ];

  if (dashboard) rows.push(...(await benchDashboard(label, server, server.granted.access_token, ids[0])));
  await stopProcess(server.child);
  return { rows, goals };
}

/**
 * The dashboard server's reads of the same store (lib/store/coupons/api.ts), each in a process of
 * its own (bench/lib/dashboard-coupons.mjs): the list, and one coupon's codes as the browser's rows,
 * beside the reads they replaced (the whole answer as text, then JSON.parse and the schema).
 */
async function benchDashboard(label, server, token, id) {
  const shim = path.join(tmp, "server-only.cjs");
  fs.writeFileSync(shim, "");
  const rows = [];
  for (const [what, mode] of [
    ["dashboard listCoupons", "list"],
    ["dashboard listCoupons, as before (whole text)", "list-whole"],
    ["dashboard couponCodeRows", "codes"],
    ["dashboard codes, as before (whole text)", "codes-whole"],
  ]) {
    const out = runJson(
      process.execPath,
      ["--import", "tsx", path.join(root, "bench/lib/dashboard-coupons.mjs"), server.base, token, mode, String(id)],
      { env: { ...process.env, BENCH_SERVER_ONLY_SHIM: shim } },
    );
    rows.push({
      database: label,
      request: what,
      "time ms": out.ms.toFixed(0),
      size: "",
      "idle RSS MB": out.idleMB.toFixed(0),
      "peak above idle MB": mb(out.aboveMB),
      "loop p99 ms": "",
      "loop max ms": "",
    });
  }
  return rows;
}

async function main() {
  if (!args.cli) {
    console.log("Building the store if stale…");
    buildStoreIfStale();
  }
  const dashboard = !args["skip-dashboard"];
  const results = args["skip-pglite"] ? [] : [await benchDatabase("pglite", null, { dashboard })];
  if (args.postgres) {
    const url = await freshPostgres(args.postgres);
    results.push(await benchDatabase("postgres", url, { dashboard: dashboard && !results.length }));
  } else console.log("\n(PostgreSQL skipped: set TEST_DATABASE_URL or pass --postgres postgres://…)");
  console.log(
    `\nThe store's peak memory above idle and its event loop's delay (beyond its 10 ms sampling), ` +
      `with the time and size of each answer; an unrelated GET /users is asked every 100 ms during the reads.\n`,
  );
  console.table(results.flatMap((r) => r.rows));
  for (const r of results) console.log(`Goals for GET /coupons on ${r.rows[0].database}: ${r.goals.join("; ")}.`);
  printMachine();
}

runBench(main, cleanups);
