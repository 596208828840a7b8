#!/usr/bin/env node
// Throughput of `GET /api/v1/products?count=N` on the real store, beside a bare
// Fastify route that answers the same bytes, in the same run (goal of issue 16:
// the store serves at least half as many requests per second as the bare route).
// Prints the figures and the ratios; asserts nothing (machines are noisy).
//
//   node bench/products-list.mjs [--count 20,100] [--seconds 5] [--concurrency 8]
//
// The store: the built CLI (built first when stale) on a fresh temporary data
// folder, seeded with the demo catalogue (`store seed`: products with options,
// extras, pictures and videos), serving with the rate limit off and its request
// logs on (thrown away) as in production. The token: a registered app and a user
// (`store app create`, `store user create`), then the OAuth code flow as a
// browser walks it (sign-in form, consent, code exchange), with the storefront
// scope. The bare route runs in its own process too, so that neither server
// shares a CPU with the client making the requests. The client keeps its
// connections alive: sequential is one connection, one request at a time.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { buildStoreIfStale, root, runJson, waitForHttp } from "../scripts/lib/processes.mjs";
import {
  benchRun,
  freePort,
  measure,
  printMachine,
  ratio,
  runBench,
  storeEnvironment,
  tokenResponse,
} from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "20,100" },
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
  },
});
const COUNTS = args.count.split(",").map(Number);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const REDIRECT_URI = "http://127.0.0.1:9/callback";
const USER = { email: "bench@example.com", password: "bench-password-1234" };

const { tmp: dataDir, startProcess, seedStore } = benchRun("store-bench-products-");
const cli = path.join(root, "store-api/dist/cli.js");
const storeEnv = (more = {}) => storeEnvironment({ STORE_API_DATA_DIR: dataDir, ...more });
const accessToken = async (base, client) =>
  (await tokenResponse(base, { client, user: USER, scope: "storefront", redirectUri: REDIRECT_URI })).access_token;

async function main() {
  console.log("Building the store if stale, and seeding a fresh one with the demo catalogue (about a minute)…");
  buildStoreIfStale();
  console.log(`  ${await seedStore([], storeEnv())}`);

  const client = runJson(
    process.execPath,
    [cli, "app", "create", "--name", "Bench", "--redirect-uri", REDIRECT_URI, "--scopes", "storefront"],
    { env: storeEnv() },
  );
  runJson(process.execPath, [cli, "user", "create", "--email", USER.email, "--password", USER.password], {
    env: storeEnv(),
  });

  const storePort = await freePort();
  const base = `http://127.0.0.1:${storePort}`;
  const { child: storeProcess } = await startProcess(
    process.execPath,
    [cli, "serve"],
    storeEnv({
      STORE_API_PORT: String(storePort),
      STORE_API_PUBLIC_URL: base,
      STORE_API_RATE_LIMIT: "0",
      STORE_API_LOG_LEVEL: "info",
    }),
    (line) => line.includes("Server listening at"),
  );
  await waitForHttp(`${base}/`, storeProcess, 60_000);
  const token = await accessToken(base, { client_id: client.client_id, client_secret: client.client_secret });
  const auth = { authorization: `Bearer ${token}` };

  // The bare route: Fastify alone, answering the bytes the store answered, captured once per count.
  const bodies = {};
  for (const count of COUNTS) {
    const res = await fetch(`${base}/api/v1/products?count=${count}`, { headers: auth });
    if (res.status !== 200) throw new Error(`the store answered ${res.status}`);
    const file = path.join(dataDir, `bare-${count}.json`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    bodies[count] = { file, type: res.headers.get("content-type"), total: res.headers.get("x-total-count") };
  }
  const fastifyUrl = pathToFileURL(createRequire(path.join(root, "store-api/package.json")).resolve("fastify")).href;
  const bareSource = `
    import fs from "node:fs";
    const { default: Fastify } = await import(${JSON.stringify(fastifyUrl)});
    const bodies = ${JSON.stringify(bodies)};
    const loaded = Object.fromEntries(Object.entries(bodies).map(([n, b]) => [n, { ...b, bytes: fs.readFileSync(b.file) }]));
    const app = Fastify({ logger: false });
    app.get("/api/v1/products", (request, reply) => {
      const b = loaded[request.query.count];
      reply.header("content-type", b.type).header("x-total-count", b.total).send(b.bytes);
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    console.log("bare listening " + app.server.address().port);
  `;
  const { found: barePort } = await startProcess(
    process.execPath,
    ["--input-type=module", "-e", bareSource],
    process.env,
    (line) => /^bare listening (\d+)$/.exec(line)?.[1],
  );

  console.log(
    `\nGET /api/v1/products: the store vs a bare Fastify route with the same bytes (${SECONDS} s each, after a warm-up)\n`,
  );
  const rows = [];
  for (const count of COUNTS) {
    const size = fs.statSync(bodies[count].file).size;
    for (const connections of [1, CONCURRENCY]) {
      const pathname = `/api/v1/products?count=${count}`;
      const store = await measure(storePort, pathname, auth, connections, SECONDS);
      const bare = await measure(barePort, pathname, auth, connections, SECONDS);
      rows.push({
        request: `count=${count} (${(size / 1024).toFixed(0)} kB)`,
        connections: connections === 1 ? "1 (sequential)" : String(connections),
        "store req/s": store.rps.toFixed(0),
        "bare req/s": bare.rps.toFixed(0),
        "store median ms": store.p50.toFixed(2),
        "bare median ms": bare.p50.toFixed(2),
        ratio: ratio(store.rps / bare.rps),
      });
    }
  }
  console.table(rows);
  const worst = Math.min(...rows.map((r) => Number(r["store req/s"]) / Number(r["bare req/s"])));
  console.log(
    `\nLowest ratio ${ratio(worst)} (goal: at least 0.5×, the store serving half as many requests as the bare route).`,
  );
  printMachine();
}

runBench(main);
