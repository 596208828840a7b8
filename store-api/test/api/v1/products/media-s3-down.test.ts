import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../../src/db/schema/index.js";
import { addClient, addUser, api, seedToken, startStore, type TestStore } from "../../../helpers/index.js";
import { LocalBucket } from "../../../helpers/bucket.js";
import { LogCapture } from "../../../server/log-capture.js";
import {
  eventually,
  jpeg,
  loopbackServer,
  mediaConfig,
  mediaFolders,
  newProduct,
  uploadImage,
} from "./media-helpers.js";

/**
 * The media bucket away (docs/architecture.md#media-storage): a storage failure is not a damaged
 * image. An upload answers 503 with Retry-After and the store logs the cause; an import is tried
 * again later (within its attempts), and succeeds once the bucket is back. The bucket is s3rver on
 * the loopback, stopped and started again on the same port and folder.
 */

describe("media bucket unreachable", () => {
  const bucket = new LocalBucket();
  let store: TestStore;
  let admin: string;
  const logs = new LogCapture();
  const folders = mediaFolders();
  const startBucket = () => bucket.start();
  const stopBucket = () => bucket.stop();

  beforeAll(async () => {
    await startBucket();
    const settings = bucket.settings;
    store = await startStore(mediaConfig(folders, { media: settings, allowPrivateFetches: true, logLevel: "warn" }), {
      logStream: logs.stream,
    });
    const owner = await addUser(store, { email: "owner@example.com" });
    admin = (await seedToken(store, await addClient(store), owner)).access_token;
  });
  afterAll(async () => {
    await store?.close();
    await bucket.close();
    folders.cleanup();
  });

  it("an upload answers 503 with Retry-After (not 415 'damaged'), logs why, and adds nothing", async () => {
    const product = await newProduct(store, admin);
    await stopBucket();
    try {
      const res = await uploadImage(store, admin, product, await jpeg(200, 100));
      expect(res.status, res.text).toBe(503);
      expect(res.json.error).toBe("temporarily_unavailable");
      expect(Number(res.res.headers.get("retry-after"))).toBeGreaterThan(0);
      const reqId = res.res.headers.get("x-request-id");
      const logged = logs.lines.find(
        (l) => (l.level as number) >= 40 && (reqId ? l.reqId === reqId : true) && l.err !== undefined,
      );
      expect(logged, JSON.stringify(logs.lines.slice(-5))).toBeDefined();
    } finally {
      await startBucket();
    }
    const images = await api(store, admin, "GET", `/products/${product}/images`);
    expect(images.json).toEqual([]);
  });

  it("an import that meets the bucket away is tried again later, not failed for good; it succeeds once the bucket is back", async () => {
    const picture = await jpeg(300, 200);
    const source = await loopbackServer((_req, res) =>
      res.writeHead(200, { "content-type": "image/jpeg" }).end(picture),
    );
    try {
      const product = await newProduct(store, admin, "Wool Scarf");
      await stopBucket();
      const upload = await api(store, admin, "POST", `/products/${product}/images`, {
        images: JSON.stringify([`${source.url}/a.jpg`]),
      });
      expect(upload.status, upload.text).toBe(202);
      const [key] = upload.json as string[];
      const job = async () =>
        (
          await store.database.db
            .select()
            .from(jobs)
            .where(sql`${jobs.payload}->>'key' = ${key!}`)
        )[0]!;
      // The attempt failed and the job waits for its retry; the log says why.
      const waiting = await eventually(async () => {
        const row = await job();
        return row.error !== null && row.lockedUntil === null && row;
      });
      expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
      expect(waiting.error).toMatch(/storage/i);
      expect(logs.lines.some((l) => l.job === waiting.id && l.err !== undefined)).toBe(true);

      // The bucket is back; the retry (brought forward: its backoff is 2 s) imports the image.
      await startBucket();
      await store.database.db
        .update(jobs)
        .set({ runAfter: sql`now()` })
        .where(eq(jobs.id, waiting.id));
      store.app.jobs.wake();
      await eventually(async () => (await job()).state !== "pending");
      expect(await job()).toMatchObject({ state: "done", attempts: 2, error: null });
      const images = await api(store, admin, "GET", `/products/${product}/images`);
      expect(images.json).toHaveLength(1);
      const file = await fetch(`${store.url}${new URL(images.json[0].tiny as string).pathname}`);
      expect(file.status).toBe(200);
    } finally {
      if (!bucket.running) await startBucket();
      await source.close();
    }
  });
});
