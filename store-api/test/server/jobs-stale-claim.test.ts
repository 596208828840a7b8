import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema/index.js";
import { IMPORT_IMAGE } from "../../src/media/imports.js";
import {
  addClient,
  addUser,
  api,
  seedToken,
  startAnotherInstance,
  startStore,
  type TestStore,
} from "../helpers/index.js";
import { LocalBucket } from "../helpers/bucket.js";
import { LogCapture } from "./log-capture.js";
import {
  eventually,
  imgKey,
  jpeg,
  loopbackServer,
  mediaConfig,
  mediaFolders,
  newProduct,
} from "../api/v1/products/media-helpers.js";

/**
 * An import taken over after its worker stalled (docs/architecture.md#background-jobs-across-instances): two
 * instances on one PostgreSQL database and one S3 bucket (s3rver on the loopback), a 3 s lock.
 * A claims the import and starts its download, which the image server holds; meanwhile A cannot
 * reach its database (the test holds every connection of A's pool), so it cannot renew its claim:
 * a stalled worker. B takes the job once the lock has expired, imports the image and sends the
 * callback. Then A's download is answered and its database freed: A renders, finds its claim lost,
 * and must leave B's image alone: served by both instances, and none of A's own files left.
 */

/** A hang guard, not a time limit. */
const SLOW = 60_000;
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "an import taken over after a stall (PostgreSQL only: two instances on one database)",
  () => {
    let a: TestStore;
    let b: TestStore | undefined;
    let startB: () => Promise<TestStore>;
    let admin: string;
    const folders = mediaFolders();
    const otherFolders = mediaFolders();
    /** The keys the bucket was asked to write, in order. */
    const written: string[] = [];
    /** A's log. */
    const logs = new LogCapture();

    const bucket = new LocalBucket();
    const objects = () => bucket.keys();

    beforeAll(async () => {
      await bucket.start((e) => {
        for (const r of e.Records) if (r.eventName.startsWith("ObjectCreated")) written.push(r.s3.object.key);
      });
      const settings = bucket.settings;
      const config = (dirs: typeof folders, logLevel = "silent") =>
        mediaConfig(dirs, { media: settings, allowPrivateFetches: true, logLevel, jobs: { lockMs: 3000 } });
      a = await startStore(config(folders, "warn"), { logStream: logs.stream });
      const owner = await addUser(a, { email: "owner@example.com" });
      admin = (await seedToken(a, await addClient(a), owner)).access_token;
      // B starts later, once A holds the claim (see the test).
      startB = () => startAnotherInstance(a, config(otherFolders));
    }, SLOW);

    afterAll(async () => {
      await b?.close();
      await a?.close();
      await bucket.close();
      folders.cleanup();
      otherFolders.cleanup();
    });

    it(
      "the stalled worker loses its claim and leaves the winner's image: served on both instances, none of its own files left",
      async () => {
        // The first download (A's) is held until the test answers it; any later one is answered at once.
        const picture = await jpeg(300, 200);
        let held: { answer: () => void; finished: Promise<void> } | undefined;
        let asked = 0;
        const images = http.createServer((_req, res) => {
          asked++;
          const answer = () => {
            if (!res.headersSent) res.writeHead(200, { "content-type": "image/jpeg" }).end(picture);
          };
          if (asked > 1) return answer();
          held = { answer, finished: new Promise((resolve) => res.on("finish", () => resolve())) };
        });
        await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
        const imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
        const callbacks = await loopbackServer((_req, res) => res.writeHead(204).end());
        const pool = (a.database.db as unknown as { $client: pg.Pool }).$client;
        const taken: pg.PoolClient[] = [];
        try {
          const product = await newProduct(a, admin);
          const upload = await api(a, admin, "POST", `/products/${product}/images`, {
            images: JSON.stringify([`${imagesUrl}/picture.jpg`]),
            callback_options: JSON.stringify({ url: `${callbacks.url}/done`, on_success: true }),
          });
          expect(upload.status, upload.text).toBe(202);
          const [key] = upload.json as string[];

          // A has claimed the job and is downloading; from now on it cannot reach its database.
          await eventually(async () => held);
          for (let i = 0; i < 10; i++) taken.push(await pool.connect());

          // B takes the job over once A's lock has expired, imports the image and calls back.
          b = await startB();
          await eventually(async () => callbacks.requests.length > 0);
          const body = JSON.parse(callbacks.requests[0]!.body) as { success: Record<string, string>[]; error: object };
          expect(body.error).toEqual({});
          expect(body.success.map((image) => imgKey(image as { tiny: string }))).toEqual([key]);
          const winner = body.success[0]!;
          /** An Image's URIs without their instance's base. */
          const paths = (image: Record<string, unknown>) =>
            Object.fromEntries(
              Object.entries(image).map(([size, url]) => [size, typeof url === "string" ? new URL(url).pathname : url]),
            );

          // A's download is answered; A renders the image (its five sizes reach the bucket), then
          // gets its database back and finds its claim lost.
          held!.answer();
          await held!.finished;
          await eventually(async () => written.filter((k) => k.includes(key!)).length >= 10);
          for (const c of taken.splice(0)) c.release();
          await eventually(async () => a.app.jobs.running.length === 0);

          // The job was finished once, by B.
          const [row] = await a.database.db.select().from(jobs).where(eq(jobs.kind, IMPORT_IMAGE));
          expect(row).toMatchObject({ state: "done", error: null });

          // Both instances list B's image and serve its five sizes.
          for (const store of [a, b]) {
            const listed = await api(store, admin, "GET", `/products/${product}/images`);
            expect(listed.status, listed.text).toBe(200);
            expect(listed.json.map(paths)).toEqual([{ ...paths(winner), order: 1 }]);
            for (const url of Object.values(winner)) {
              const res = await fetch(`${store.url}${new URL(url).pathname}`);
              expect(res.status, `${url} on ${store.url}`).toBe(200);
              await res.arrayBuffer();
            }
          }

          // B's files are in the folder of its claim; A wrote its own five elsewhere, and removed them:
          // the bucket holds B's five files and nothing else of this image.
          const names = Object.values(winner).map((url) => new URL(url).pathname.replace(/^\/media\//, ""));
          const folder = names[0]!.split("/")[0]!;
          expect(names.every((name) => name.startsWith(`${folder}/${key}-`))).toBe(true);
          expect(written.filter((k) => k.includes(key!) && !k.startsWith(`${folder}/`))).toHaveLength(5);
          expect((await objects()).filter((k) => k.includes(key!))).toEqual([...names].sort());
          expect(logs.lines.some((l) => typeof l.msg === "string" && l.msg.includes("lost the claim"))).toBe(true);
        } finally {
          for (const c of taken) c.release();
          held?.answer();
          images.closeAllConnections();
          await new Promise<void>((resolve) => images.close(() => resolve()));
          await callbacks.close();
        }
      },
      SLOW,
    );
  },
);
