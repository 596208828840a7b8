#!/usr/bin/env node
// PostgreSQL stops under load and comes back (docs/architecture.md#when-the-database-is-away): the
// built store (`node store-api/dist/cli.js serve`) on a throw-away cluster of its own, under
// `--connections` clients for `--seconds`: each reads `GET /api/v1/products` and, one request in five,
// changes the price of its own product (`PUT /api/v1/products/<key>`, prices only going up). After a
// third of the run the cluster is killed (`pg_ctl stop -m immediate`, as a crash) for `--down` seconds,
// then started again; the store is never restarted. Prints requests/s, statuses by code, p50 and p99
// before, during and after, the seconds until the first 2xx after PostgreSQL is back, and the
// lost-write check: every price change answered 2xx is in the database (a product's price is its
// last acknowledged one, or a later one whose 503 said it may have been saved). Asserts nothing.
//
//   node bench/db-outage.mjs [--connections 20] [--seconds 30] [--down 10]
//
// Needs PostgreSQL 15's initdb and pg_ctl in /usr/lib/postgresql/15/bin (the machine's server is left alone).
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { createRequire } from "node:module";
import path from "node:path";
import { buildStoreIfStale, root } from "../scripts/lib/processes.mjs";
import { benchRun, printMachine, runBench } from "./lib/harness.mjs";
import { hasPostgresBinaries, startPgCluster } from "./lib/pg-cluster.mjs";

const pg = createRequire(path.join(root, "store-api/package.json"))("pg");

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "20" },
    seconds: { type: "string", default: "30" },
    down: { type: "string", default: "10" },
  },
});
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const DOWN = Number(args.down);

const { cleanups, seededStore } = benchRun("store-bench-db-outage-");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  if (!hasPostgresBinaries) {
    console.log("Skipped: needs PostgreSQL 15's initdb and pg_ctl in /usr/lib/postgresql/15/bin.");
    return;
  }
  printMachine();
  console.log("Building the store if stale…");
  buildStoreIfStale();
  const cluster = await startPgCluster();
  cleanups.push(() => cluster.destroy());
  const store = await seededStore({
    label: "outage",
    databaseUrl: cluster.url,
    seed: { what: "100 products", args: ["--products", "100"] },
  });
  const list = await fetch(`${store.base}/api/v1/products?count=${CONNECTIONS}`, { headers: store.auth });
  const keys = (await list.json()).map((p) => p.key);
  if (keys.length < CONNECTIONS) throw new Error(`only ${keys.length} products to change`);

  const t0 = performance.now();
  const at = () => (performance.now() - t0) / 1000;
  let running = true;
  let nextPrice = 1;
  /** Every answer: phase, kind, status, latency, whether a 503 had Retry-After and the error model. */
  const answers = [];
  /** Every price change: key, price, status, the 503's sentence. */
  const writes = [];

  async function request(kind, url, init) {
    const started = performance.now();
    const startedAt = at();
    let status = 0;
    let retryAfter = null;
    let body = {};
    try {
      const res = await fetch(url, init);
      status = res.status;
      retryAfter = res.headers.get("retry-after");
      const text = await res.text();
      if (status >= 300 && res.headers.get("content-type")?.includes("json")) body = JSON.parse(text);
    } catch {
      status = 0; // no answer at all (connection refused or reset): counted as "other"
    }
    const answer = {
      startedAt,
      endedAt: at(),
      kind,
      status,
      ms: performance.now() - started,
      retryAfter,
      error: body.error,
      description: body.error_description,
    };
    answers.push(answer);
    return answer;
  }

  const client = async (i) => {
    const key = keys[i];
    let n = 0;
    while (running) {
      if (++n % 5 === 0) {
        const price = nextPrice++;
        const a = await request("write", `${store.base}/api/v1/products/${key}`, {
          method: "PUT",
          headers: { ...store.auth, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ price: String(price) }).toString(),
        });
        writes.push({ key, price, status: a.status, description: a.description });
      } else {
        await request("read", `${store.base}/api/v1/products`, { headers: store.auth });
      }
    }
  };

  console.log(
    `\nLoad: ${CONNECTIONS} connections for ${SECONDS} s (4 reads of GET /api/v1/products to 1 price change); ` +
      `PostgreSQL killed at ${(SECONDS - DOWN) / 2} s for ${DOWN} s…`,
  );
  const clients = Array.from({ length: CONNECTIONS }, (_, i) => client(i));
  await sleep(((SECONDS - DOWN) / 2) * 1000);
  const stoppedAt = at();
  await cluster.stop("immediate");
  await sleep(DOWN * 1000);
  const startIssuedAt = at();
  await cluster.start();
  const restartedAt = at();
  await sleep(Math.max(0, SECONDS * 1000 - at() * 1000));
  running = false;
  await Promise.all(clients);
  const total = at();

  console.log(
    `PostgreSQL stopped at ${stoppedAt.toFixed(1)} s, start issued at ${startIssuedAt.toFixed(1)} s, ` +
      `accepting again at ${restartedAt.toFixed(1)} s; the run lasted ${total.toFixed(1)} s.`,
  );
  console.log(`\nRequests: ${answers.length} in ${total.toFixed(1)} s = ${(answers.length / total).toFixed(0)}/s`);
  const code = (a) =>
    a.status >= 200 && a.status < 300
      ? "2xx"
      : a.status === 503
        ? "503"
        : a.status >= 500
          ? "other 5xx"
          : a.status === 0
            ? "no answer"
            : String(a.status);
  // A request's phase is when it started: before the kill, while PostgreSQL is down, or once its start was issued.
  for (const a of answers)
    a.phase = a.startedAt < stoppedAt ? "before" : a.startedAt < startIssuedAt ? "down" : "after";
  const firstOk = answers
    .filter((a) => a.status >= 200 && a.status < 300 && a.startedAt >= stoppedAt)
    .reduce((first, a) => Math.min(first, a.endedAt), Infinity);
  console.log("\nphase    requests  req/s   2xx    503  other 5xx  other  p50 ms  p99 ms");
  const spans = { before: stoppedAt, down: startIssuedAt - stoppedAt, after: total - startIssuedAt };
  for (const p of ["before", "down", "after"]) {
    const mine = answers.filter((a) => a.phase === p);
    const counts = {};
    for (const a of mine) counts[code(a)] = (counts[code(a)] ?? 0) + 1;
    const sorted = mine.map((a) => a.ms).sort((x, y) => x - y);
    const other = mine.length - (counts["2xx"] ?? 0) - (counts["503"] ?? 0) - (counts["other 5xx"] ?? 0);
    console.log(
      `${p.padEnd(8)} ${String(mine.length).padStart(8)} ${(mine.length / spans[p]).toFixed(0).padStart(6)} ` +
        `${String(counts["2xx"] ?? 0).padStart(5)} ${String(counts["503"] ?? 0).padStart(6)} ` +
        `${String(counts["other 5xx"] ?? 0).padStart(10)} ${String(other).padStart(6)} ` +
        `${percentile(sorted, 50).toFixed(1).padStart(7)} ${percentile(sorted, 99).toFixed(1).padStart(7)}`,
    );
  }
  const others = answers.filter((a) => code(a) !== "2xx" && code(a) !== "503");
  if (others.length)
    console.log(`Other answers: ${JSON.stringify(Object.groupBy(others, code), null, 0).slice(0, 400)}`);
  const bad503 = answers.filter(
    (a) => a.status === 503 && (!/^\d+$/.test(a.retryAfter ?? "") || a.error !== "temporarily_unavailable"),
  );
  console.log(`503 without Retry-After or without error "temporarily_unavailable": ${bad503.length}`);
  const sentences = {};
  for (const a of answers.filter((a) => a.status === 503))
    sentences[`${a.kind}: ${a.description}`] = (sentences[`${a.kind}: ${a.description}`] ?? 0) + 1;
  for (const [sentence, n] of Object.entries(sentences)) console.log(`  ${String(n).padStart(5)} × ${sentence}`);
  console.log(
    `First 2xx of a request sent after the kill: ${Number.isFinite(firstOk) ? `${(firstOk - startIssuedAt).toFixed(2)} s after PostgreSQL's start was issued, ${(firstOk - restartedAt).toFixed(2)} s after pg_ctl reported it accepting connections` : "none"}.`,
  );

  // Lost-write check, straight in the database.
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const { rows } = await db.query("select key, price from products where key = any($1)", [keys]);
  await db.end();
  const held = new Map(rows.map((r) => [r.key, Number(r.price) / 100]));
  let acknowledged = 0;
  let lost = 0;
  let maybeSaved = 0;
  for (const key of keys) {
    const mine = writes.filter((w) => w.key === key);
    const acked = mine.filter((w) => w.status >= 200 && w.status < 300);
    acknowledged += acked.length;
    const last = acked.at(-1);
    const later = mine.filter((w) => (last ? w.price > last.price : true));
    const possible = new Set([
      ...(last ? [last.price] : [1]),
      ...later
        .filter((w) => w.status !== 503 || !String(w.description).includes("nothing was changed"))
        .map((w) => w.price),
    ]);
    if (!possible.has(held.get(key))) lost++;
    else if (last && held.get(key) !== last.price) maybeSaved++;
  }
  console.log(
    `\nWrites: ${writes.length} sent, ${acknowledged} acknowledged (2xx). Products whose price is not what the ` +
      `answers allow (a lost acknowledged write, or a change said to be unchanged that was saved): ${lost} of ${keys.length}` +
      `; holding a later change whose 503 said it may have been saved: ${maybeSaved}.`,
  );
}

runBench(main, cleanups);
