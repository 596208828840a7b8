#!/usr/bin/env node
// Reads while images render (issue 30, item 5; docs/architecture.md#bounded-image-work): the p50 and
// p99 of `GET /api/v1/products` and of `GET /media/…` (a picture's file, read from the media
// folder) on a store standing idle, then the same reads while four uploads of a 4000×3000 JPEG
// run without a pause, each upload sent again as soon as the last one was answered. Goal: the
// loaded p99 at most 3× the idle one. Rendering runs on libuv's thread pool, which file reads
// and password hashing share; the store caps renders (STORE_API_RENDER_CONCURRENCY, queue
// STORE_API_RENDER_QUEUE, then 503 + Retry-After), so that the pool keeps threads for the rest.
// Also printed: how many uploads were taken (201) and refused as busy (503) while the reads ran.
//
//   node bench/renders-load.mjs [--seconds 8] [--connections 2]
//
// The store: the built CLI (`store seed --products 500`, then `serve` in its own process on
// PGlite, rate limit off), as `npm start` runs it. Prints figures; asserts nothing.
import http from "node:http";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { buildStoreIfStale } from "../scripts/lib/processes.mjs";
import { benchRun, measure, printMachine, ratio, runBench } from "./lib/harness.mjs";

const { values: args } = parseArgs({
  options: { seconds: { type: "string", default: "8" }, connections: { type: "string", default: "2" } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const UPLOADS = 4;
const GOAL = 3;

const run = benchRun("store-bench-renders-");
const ms = (x) => `${x.toFixed(1)} ms`;

/** A phone-like photo: a 4000×3000 JPEG of blurred noise (detail everywhere, about 3 MB). */
async function photo() {
  return sharp({
    create: { width: 4000, height: 3000, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** POST one image to the product; resolves with the status. */
async function upload(base, auth, key, picture, name) {
  const form = new FormData();
  form.append("image", new Blob([picture], { type: "image/jpeg" }), name);
  const res = await fetch(`${base}/api/v1/products/${encodeURIComponent(key)}/images`, {
    method: "POST",
    headers: auth,
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

/** The path of one of the product's pictures under /media, from its Product object. */
async function mediaPath(base, auth, key) {
  const res = await fetch(`${base}/api/v1/products/${encodeURIComponent(key)}`, { headers: auth });
  const text = await res.text();
  const found =
    /"(https?:\/\/[^"]*\/media\/[^"]+-large\.[a-z]+)"/.exec(text) ?? /"(https?:\/\/[^"]*\/media\/[^"]+)"/.exec(text);
  if (!found) throw new Error(`the product names no /media file: ${text.slice(0, 300)}`);
  return new URL(found[1].replace("{size}", "medium")).pathname;
}

async function main() {
  buildStoreIfStale();
  const store = await run.seededStore({
    label: "store",
    seed: { what: "500 products (no pictures)", args: ["--products", "500"] },
    scope: "admin",
    // Off: every upload is a write that empties it, so loaded reads would be computed and idle ones
    // copied from memory. Off, both are computed: what differs is only the renders beside them.
    env: { STORE_API_READ_CACHE: "0" },
  });
  const { base, port, auth } = store;
  const list = await fetch(`${base}/api/v1/products?count=1`, { headers: auth }).then((r) => r.json());
  const key = list[0].key;

  process.stdout.write("Making a 4000×3000 JPEG of noise… ");
  const picture = await photo();
  console.log(`${(picture.length / 1e6).toFixed(1)} MB`);
  const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#7a9" } })
    .jpeg()
    .toBuffer();
  const first = await upload(base, auth, key, small, "first.jpg");
  if (first !== 201 && first !== 200) throw new Error(`the first upload answered ${first}`);
  const media = await mediaPath(base, auth, key);
  // Products list pages: the read cache answers repeats, and every upload (a write) empties it.
  const products = "/api/v1/products?count=50";
  const reads = [
    ["GET /api/v1/products?count=50", products, auth],
    [`GET ${media.slice(0, 40)}…`, media, {}],
  ];

  const idle = [];
  for (const [, path, headers] of reads) idle.push(await measure(port, path, headers, CONNECTIONS, SECONDS));

  // Four uploads at a time, each sent again once answered, until the reads are measured.
  const statuses = new Map();
  let uploading = true;
  let sequence = 0;
  const uploaders = Array.from({ length: UPLOADS }, async () => {
    while (uploading) {
      const status = await upload(base, auth, key, picture, `photo-${++sequence}.jpg`).catch(() => "error");
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 503) await new Promise((r) => setTimeout(r, 250));
    }
  });
  await new Promise((r) => setTimeout(r, 1500)); // the renders under way
  const loaded = [];
  for (const [, path, headers] of reads) loaded.push(await measure(port, path, headers, CONNECTIONS, SECONDS));
  uploading = false;
  await Promise.all(uploaders);

  console.log(
    `\nReads on a store idle, then while ${UPLOADS} uploads of a 4000×3000 JPEG run (${CONNECTIONS} connections, ${SECONDS} s each; goal: p99 at most ${GOAL}× idle)\n`,
  );
  const table = {};
  reads.forEach(([name], i) => {
    table[name] = {
      "idle p50": ms(idle[i].p50),
      "idle p99": ms(idle[i].p99),
      "loaded p50": ms(loaded[i].p50),
      "loaded p99": ms(loaded[i].p99),
      "p99 loaded / idle": ratio(loaded[i].p99 / idle[i].p99),
      "req/s idle → loaded": `${idle[i].rps.toFixed(0)} → ${loaded[i].rps.toFixed(0)}`,
    };
  });
  console.table(table);
  const counts = [...statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
  console.log(`Uploads answered while the reads ran: ${counts || "none"}.`);
  printMachine();
  http.globalAgent.destroy();
}

runBench(main, run.cleanups);
