#!/usr/bin/env node
// The single image upload end to end (POST /api/v1/products/{key}/images over
// HTTP to a real store: streamed to disk, checked, resized into the five sizes
// of docs/contract.md#uploads, recorded in the database) beside the bare sharp
// resize of the same file into the same five sizes (one sharp pipeline per
// size, each decoding the file), in the same run, taking turns. Goal: the
// upload within 1.3× the bare resize. It also times the store's own rendering
// called directly (store-api/src/media/render.ts: decoded once, the sizes made
// from those pixels), so that the upload's overhead (HTTP, the streamed file,
// the database) shows apart from the rendering's gain. Prints the figures; it
// asserts nothing (machines are noisy).
//
//   node bench/image-upload.mjs [--runs 7]     (builds the store first when stale)
//
// The picture is a 4000×3000 JPEG of blurred noise (about 3 MB, like a phone
// photo: detail everywhere, nothing a codec can skip).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { buildStoreIfStale, root } from "../scripts/lib/processes.mjs";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const SIZES = { tiny: 64, small: 160, medium: 480, large: 1024, huge: 2048 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const ms = (x) => `${x.toFixed(0)} ms`;

buildStoreIfStale();
const dist = (file) => import(pathToFileURL(path.join(root, "store-api/dist", file)).href);
const [
  { buildApp },
  { testConfig },
  { openDatabase },
  { createClient },
  { createUser },
  { createGrant, issueTokens },
  { renderImage },
] = await Promise.all([
  dist("app.js"),
  dist("config.js"),
  dist("db/index.js"),
  dist("oauth/clients.js"),
  dist("users/users.js"),
  dist("oauth/tokens.js"),
  dist("media/render.js"),
]);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-image-upload-"));
try {
  process.stdout.write("Making a 4000×3000 JPEG of noise… ");
  const picture = await sharp({
    create: { width: 4000, height: 3000, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();
  const pictureFile = path.join(work, "picture.jpg");
  fs.writeFileSync(pictureFile, picture);
  console.log(`${(picture.length / 1e6).toFixed(1)} MB`);

  // A real store on a fresh data folder (embedded database), listening on a free port.
  const dataDir = path.join(work, "store");
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  const config = testConfig({ dataDir, importDir: path.join(dataDir, "import") });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  app.config.publicUrl = base;

  const client = await createClient(database.db, { name: "Bench", redirectUris: ["http://bench.test/cb"] });
  const user = await createUser(database.db, { email: "bench@example.com" });
  const scope = "admin storefront";
  const grantId = await createGrant(database.db, client.client_id, user.id, scope);
  const { access_token: token } = await issueTokens(database.db, { id: grantId, scope }, user, { refresh: false });
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${base}/api/v1/products`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "Bench camera", price: "10" }),
  });
  if (created.status !== 201) throw new Error(`product POST answered ${created.status}: ${await created.text()}`);
  const { key } = await created.json();

  async function upload() {
    const form = new FormData();
    form.append("image", new Blob([picture], { type: "image/jpeg" }), "picture.jpg");
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/products/${key}/images`, { method: "POST", headers, body: form });
    const body = await res.json();
    const took = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
    return took;
  }

  const bareDir = path.join(work, "bare");
  fs.mkdirSync(bareDir);
  async function bare(run) {
    const started = performance.now();
    await Promise.all(
      Object.entries(SIZES).map(([size, px]) =>
        sharp(pictureFile)
          .rotate()
          .resize({ width: px, height: px, fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 82 })
          .toFile(path.join(bareDir, `${run}-${size}.jpg`)),
      ),
    );
    return performance.now() - started;
  }

  const renderDeps = { dataDir: path.join(work, "render") };
  async function render() {
    const started = performance.now();
    await renderImage(renderDeps, pictureFile);
    return performance.now() - started;
  }

  // One of each to warm up, then turns, so that drift in the machine's load hits all alike.
  await upload();
  await bare("warm");
  await render();
  const uploads = [];
  const bares = [];
  const renders = [];
  for (let i = 0; i < RUNS; i++) {
    uploads.push(await upload());
    bares.push(await bare(i));
    renders.push(await render());
  }
  await app.close();

  const u = median(uploads);
  const b = median(bares);
  const r = median(renders);
  console.log(`\nSingle image upload, 4000×3000 JPEG → five sizes (${RUNS} runs each, medians)`);
  console.log(
    `  upload over HTTP, end to end   ${ms(u).padStart(8)}   (runs: ${uploads.map((x) => x.toFixed(0)).join(", ")})`,
  );
  console.log(
    `  bare sharp resize, same sizes  ${ms(b).padStart(8)}   (runs: ${bares.map((x) => x.toFixed(0)).join(", ")})`,
  );
  console.log(
    `  the store's rendering alone    ${ms(r).padStart(8)}   (runs: ${renders.map((x) => x.toFixed(0)).join(", ")})`,
  );
  console.log(`  ratio upload / bare resize     ${(u / b).toFixed(2).padStart(6)}×   (goal: at most 1.30×)`);
  console.log(
    `  upload's overhead              ${ms(u - r).padStart(8)}   (HTTP, streaming to disk, the database: upload − rendering)`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
