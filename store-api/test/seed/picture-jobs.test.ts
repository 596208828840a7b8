import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_DEFAULTS } from "../../src/config.js";
import { jobs, productMedia, products } from "../../src/db/schema/index.js";
import { JobRunner } from "../../src/jobs/runner.js";
import { PRODUCTS } from "../../src/seed/catalogue-data.js";
import { pictureCount } from "../../src/seed/catalogue.js";
import { seedDemoStore } from "../../src/seed/index.js";
import { DEMO_PICTURES_JOB, demoPictureJobKinds } from "../../src/seed/picture-jobs.js";
import { api, startStoreWithAdmin, type TestStore, writeBehindApi } from "../helpers/index.js";

/**
 * `bootstrap --seed --pictures-later` (npm start's first start; src/seed/picture-jobs.ts): the seed
 * writes the products with a job each for their pictures and video, and the store adds them once it
 * runs. A few products: drawing and rendering is the slow part.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- products as the API answers them
type Json = any;
const LIMIT = 3;

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-picture-jobs-"));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function allProducts(store: TestStore, token: string): Promise<Json[]> {
  const res = await api(store, token, "GET", "/products?count=250");
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** Waits until every demo-pictures job has ended (done or failed); answers their states. */
async function jobsEnded(store: TestStore, timeoutMs = 90_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await store.database.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(eq(jobs.kind, DEMO_PICTURES_JOB));
    if (rows.every((r) => r.state !== "pending") || Date.now() > until) return rows.map((r) => r.state);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Each product's media kinds in their order. */
async function mediaOrder(store: TestStore, productKey: string): Promise<string[]> {
  const rows = await store.database.db
    .select({ kind: productMedia.kind })
    .from(productMedia)
    .innerJoin(products, eq(products.id, productMedia.productId))
    .where(eq(products.key, productKey))
    .orderBy(asc(productMedia.order));
  return rows.map((r) => r.kind);
}

describe("the demo pictures left to the store (npm start's first start)", () => {
  describe("a store that runs its jobs", () => {
    let store: TestStore;
    let admin: string;
    const data = tempDir();
    beforeAll(async () => {
      ({ store, admin } = await startStoreWithAdmin({ dataDir: data.dir }));
    });
    afterAll(async () => {
      await store?.close();
      data.cleanup();
    });

    it("has the products at once, and adds each one's pictures, then its video, as the seed would have", async () => {
      const result = await writeBehindApi(store, () =>
        seedDemoStore(store.database.db, { config: store.app.config }, { limit: LIMIT, picturesLater: true }),
      );
      expect(result.parts[0]!.summary).toMatch(
        new RegExp(`^${LIMIT} products in \\d+ categories, \\d+ pictures, 3 videos \\(drawn in the background`),
      );
      const queued = await store.database.db.select().from(jobs).where(eq(jobs.kind, DEMO_PICTURES_JOB));
      expect(queued).toHaveLength(LIMIT);

      expect(await jobsEnded(store)).toEqual(Array(LIMIT).fill("done"));
      const products = await allProducts(store, admin);
      expect(products).toHaveLength(LIMIT);
      for (const p of products) {
        const template = PRODUCTS.find((t) => t.name === p.name)!;
        expect(p.images, p.name).toHaveLength(pictureCount(template));
        expect(p.videos, p.name).toHaveLength(template.video ? 1 : 0);
        // The pictures first, then the video: the order the seed gives them when it draws them itself.
        const kinds = await mediaOrder(store, p.key);
        expect(kinds.slice(0, p.images.length).every((k) => k === "image")).toBe(true);
        if (template.video) expect(kinds.at(-1)).toBe("video");
      }
      // Each picture's five sizes are in the media folder. (Not fetched over HTTP here: on PostgreSQL the
      // test store's close then waits some 70 s for that connection; noted in issue 39's note.)
      const files = fs.readdirSync(path.join(data.dir, "media"), { recursive: true });
      const pictures = products.reduce((n: number, p: Json) => n + p.images.length, 0);
      expect(files.filter((f) => /\.jpg$/.test(String(f)))).toHaveLength(pictures * 5);
      expect(String(products[0].images[0].medium)).toMatch(/\.jpg$/);
    }, 120_000);
  });

  describe("a product removed before its job runs", () => {
    let store: TestStore;
    let admin: string;
    const data = tempDir();
    beforeAll(async () => {
      // The app's own workers are off: the jobs run when the test starts a runner.
      ({ store, admin } = await startStoreWithAdmin({
        dataDir: data.dir,
        jobs: { ...JOB_DEFAULTS, enabled: false },
      }));
    });
    afterAll(async () => {
      await store?.close();
      data.cleanup();
    });

    it("gets nothing, its job ends done, and no picture file is left behind", async () => {
      await writeBehindApi(store, () =>
        seedDemoStore(store.database.db, { config: store.app.config }, { limit: 2, picturesLater: true }),
      );
      // Until the jobs run, the products have no media at all.
      const before = await allProducts(store, admin);
      expect(before.map((p) => [p.images.length, p.videos.length])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      const removed = await api(store, admin, "DELETE", `/products/${before[0].key}`);
      expect(removed.status, removed.text).toBe(200);

      const runner = new JobRunner(store.database.db, { ...JOB_DEFAULTS }, store.app.log);
      runner.register(demoPictureJobKinds(store.database.db, store.app.config, { catalogueWrite: (w) => w() }));
      runner.start({ soleProcess: true });
      try {
        expect(await jobsEnded(store)).toEqual(["done", "done"]);
      } finally {
        await runner.stop();
      }
      const after = await allProducts(store, admin);
      expect(after.map((p) => p.key)).toEqual([before[1].key]);
      expect(after[0].images.length).toBeGreaterThan(0);
      // Only the kept product's files are in the media folder (five sizes per picture).
      const files = fs
        .readdirSync(path.join(data.dir, "media"), { recursive: true })
        .filter((f) => /\.jpg$/.test(String(f)));
      expect(files).toHaveLength(after[0].images.length * 5);
    }, 120_000);
  });

  describe("a store stopped while it draws them", () => {
    let store: TestStore;
    let admin: string;
    const data = tempDir();
    beforeAll(async () => {
      ({ store, admin } = await startStoreWithAdmin({
        dataDir: data.dir,
        jobs: { ...JOB_DEFAULTS, enabled: false },
      }));
    });
    afterAll(async () => {
      await store?.close();
      data.cleanup();
    });

    it("cuts the drawing short rather than waiting for it, and the next start adds every picture", async () => {
      await writeBehindApi(store, () =>
        seedDemoStore(store.database.db, { config: store.app.config }, { limit: 2, picturesLater: true }),
      );
      const kinds = () => demoPictureJobKinds(store.database.db, store.app.config, { catalogueWrite: (w) => w() });
      const first = new JobRunner(store.database.db, { ...JOB_DEFAULTS }, store.app.log);
      first.register(kinds());
      first.start({ soleProcess: true });
      // A graceful stop (src/ops/shutdown.ts) while a job draws: it goes back as it was, rather than ending.
      const until = Date.now() + 30_000;
      while (first.running.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      const running = first.running.map((j) => j.id);
      expect(running.length).toBeGreaterThan(0);
      await first.drain();
      await first.stop();
      const states = await store.database.db.select({ id: jobs.id, state: jobs.state }).from(jobs);
      expect(states.filter((j) => running.includes(j.id)).map((j) => j.state)).toEqual(running.map(() => "pending"));

      const second = new JobRunner(store.database.db, { ...JOB_DEFAULTS }, store.app.log);
      second.register(kinds());
      second.start({ soleProcess: true });
      try {
        expect(await jobsEnded(store)).toEqual(["done", "done"]);
      } finally {
        await second.stop();
      }
      for (const p of await allProducts(store, admin)) {
        const template = PRODUCTS.find((t) => t.name === p.name)!;
        expect(p.images, p.name).toHaveLength(pictureCount(template));
      }
    }, 120_000);
  });
});
