import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/index.js";
import { jobs } from "../../src/db/schema/index.js";
import { JOB_DEFAULTS } from "../../src/config.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { IMPORT_IMAGE, UPLOAD_CALLBACK } from "../../src/media/imports.js";
import { createClient } from "../../src/oauth/clients.js";
import { createGrant, issueTokens } from "../../src/oauth/tokens.js";
import { createUser } from "../../src/users/users.js";
import { eventually, imgKey, jpeg, loopbackServer } from "../api/v1/products/media-helpers.js";
import { type ChildStore, serveChild } from "../helpers/child-store.js";
import { freshPostgresDatabase, startAnotherInstance, startStore } from "../helpers/index.js";

/**
 * Background jobs on any instance (docs/architecture.md#running-at-scale): two
 * real store processes on one PostgreSQL database and one S3 bucket (s3rver on
 * the loopback). A multiple image upload of 20 URLs goes to A; A is killed
 * with SIGKILL in the middle of it, holding claims; B, which was polling all
 * along, takes A's jobs once their locks expire (STORE_API_JOB_LOCK_SECONDS=3),
 * imports every image and sends the batch's callback once.
 */

/** A hang guard, not a time limit: two child stores start slowly on a loaded machine (over 60 s seen at load 15). */
const SLOW = 240_000;
const IMAGES = 20;
/** Downloads answered before the gate (A runs them: B polls only every second). */
const FREE = 6;
const BUCKET = "store-media";

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "kill -9 of an instance in the middle of a multiple image upload (PostgreSQL only: the embedded database is one process's)",
  () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), "store-takeover-test-"));
    let databaseUrl: string;
    let drop = async () => {};
    let token: string;
    let s3: S3rver;
    let a: ChildStore | undefined;
    let b: ChildStore | undefined;
    let images: { url: string; close: () => Promise<void> };
    let callbacks: Awaited<ReturnType<typeof loopbackServer>>;
    /** Downloads asked of the image server, those held at the gate, and those whose client went away unanswered. */
    let served = 0;
    const held = new Set<() => void>();
    let gateOpen = false;
    let cutOff = 0;
    const openGate = () => {
      gateOpen = true;
      for (const answer of held) setTimeout(answer, 400);
    };

    beforeAll(async () => {
      const postgres = (await freshPostgresDatabase())!;
      databaseUrl = postgres.url;
      drop = postgres.drop;
      const database = await openDatabase({ databaseUrl });
      try {
        const { db } = database;
        const client = await createClient(db, { name: "Test App", redirectUris: ["http://app.test/callback"] });
        const owner = await createUser(db, { email: "owner@example.com" });
        const grant = await createGrant(db, client.client_id, owner.id, "admin");
        token = (await issueTokens(db, { id: grant, scope: "admin" }, owner, { refresh: false })).access_token;
      } finally {
        await database.close();
      }

      // The first downloads are answered after 400 ms; later ones are held until the test opens
      // the gate (after the kill), so that the test knows when both instances are mid-download.
      const picture = await jpeg(64, 48);
      const server = http.createServer((req, res) => {
        served++;
        let answered = false;
        const answer = () => {
          answered = true;
          res.writeHead(200, { "content-type": "image/jpeg" }).end(picture);
        };
        res.on("close", () => {
          held.delete(answer);
          if (!answered) cutOff++;
        });
        if (served <= FREE || gateOpen) setTimeout(answer, 400);
        else held.add(answer);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as AddressInfo).port;
      images = {
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
      };
      callbacks = await loopbackServer((_req, res) => res.writeHead(204).end());

      s3 = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: path.join(temp, "bucket"),
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const { port: s3Port } = await s3.run();

      const instance = (name: string) =>
        serveChild({
          DATABASE_URL: databaseUrl,
          STORE_API_DATA_DIR: path.join(temp, name),
          STORE_API_LOG_LEVEL: "debug",
          STORE_API_RATE_LIMIT: "0",
          STORE_API_JOB_LOCK_SECONDS: "3",
          STORE_API_ALLOW_PRIVATE_FETCHES: "true",
          STORE_API_MEDIA_DRIVER: "s3",
          STORE_API_S3_BUCKET: BUCKET,
          STORE_API_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          STORE_API_S3_ACCESS_KEY_ID: "S3RVER",
          STORE_API_S3_SECRET_ACCESS_KEY: "S3RVER",
        });
      [a, b] = await Promise.all([instance("a"), instance("b")]);
    }, SLOW);

    afterAll(async () => {
      for (const store of [a, b]) {
        if (store && store.child.exitCode === null && store.child.signalCode === null) {
          store.child.kill("SIGKILL");
          await store.exited;
        }
      }
      await images?.close();
      await callbacks?.close();
      await s3?.close();
      await drop();
      fs.rmSync(temp, { recursive: true, force: true });
    });

    async function call(store: ChildStore, method: string, url: string, form?: Record<string, string>) {
      const res = await fetch(`${store.url}/api/v1${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      const text = await res.text();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
      return { status: res.status, json: JSON.parse(text) as any, text };
    }

    /** The import jobs A ran to the end, by its log (debug lines of src/jobs/runner.ts). */
    const ranOnA = () => a!.lines.filter((l) => l.msg === "jobs: ran a job" && l.kind === IMPORT_IMAGE).length;

    it(
      "B imports every image, A's half-done ones included, and sends the callback once with all 20",
      async () => {
        const created = await call(a!, "POST", "/products", { name: "Linen Shirt", price: "10" });
        expect(created.status, created.text).toBe(201);
        const key = created.json.key as string;
        const urls = Array.from({ length: IMAGES }, (_, i) => `${images.url}/picture-${i + 1}.jpg`);
        const upload = await call(a!, "POST", `/products/${key}/images`, {
          images: JSON.stringify(urls),
          callback_options: JSON.stringify({ url: `${callbacks.url}/done`, on_success: true }),
        });
        expect(upload.status, upload.text).toBe(202);
        const keys = upload.json as string[];
        expect(keys).toHaveLength(IMAGES);

        // Both instances are mid-download: at most 2 per origin and instance, so with 3 held at
        // the gate, A holds (and renews) the claim of at least one job. A has finished some already
        // (its first downloads are answered; waited for, not assumed: on a loaded machine its renders
        // may still run when the third download reaches the gate, and both only grow until the kill).
        await eventually(async () => held.size >= 3 && ranOnA() > 0, 20);
        a!.child.kill("SIGKILL");
        expect(await a!.exited).toBeNull();
        expect(a!.child.signalCode).toBe("SIGKILL");
        // A's downloads held at the gate are cut off with it; B's wait on.
        await eventually(async () => cutOff > 0, 20);
        openGate();

        // Every job of the batch ends, and nothing more is left to run (so no second callback can come).
        const database = await openDatabase({ databaseUrl });
        try {
          const batchOf = (await database.db.select().from(jobs).where(eq(jobs.kind, IMPORT_IMAGE)))[0]!.batch;
          const batch = await eventually(async () => {
            const rows = await database.db.select().from(jobs).where(eq(jobs.batch, batchOf));
            const settled = rows.length === IMAGES + 1 && rows.every((r) => r.state !== "pending");
            return settled && rows;
          }, 100);
          const imports = batch.filter((r) => r.kind === IMPORT_IMAGE);
          expect(imports.map((r) => r.state)).toEqual(Array(IMAGES).fill("done"));
          // A died holding claims: those jobs were claimed again (by B, after the lock) and finished once.
          expect(imports.filter((r) => r.attempts >= 2).length).toBeGreaterThanOrEqual(cutOff);
          const [callbackJob, ...more] = batch.filter((r) => r.kind === UPLOAD_CALLBACK);
          expect(more).toEqual([]);
          expect(callbackJob).toMatchObject({ state: "done", attempts: 1, error: null });
        } finally {
          await database.close();
        }

        expect(callbacks.requests).toHaveLength(1);
        const body = JSON.parse(callbacks.requests[0]!.body) as { success: { tiny: string }[]; error: object };
        expect(body.error).toEqual({});
        expect(body.success.map(imgKey).sort()).toEqual([...keys].sort());

        // The product has the 20 images, in the order asked, and B serves them from the bucket.
        const listed = await call(b!, "GET", `/products/${key}/images`);
        expect(listed.status, listed.text).toBe(200);
        expect(listed.json.map(imgKey)).toEqual(keys);
        const file = await fetch(`${b!.url}${new URL(listed.json[0].large as string).pathname}`);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toBe("image/jpeg");
      },
      SLOW,
    );
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a slow job of a live instance (PostgreSQL only: two instances on one database)",
  () => {
    it(
      "keeps its claim past the lock (renewed while it runs): the other instance never takes it",
      async () => {
        // The callback's receiver holds it for three locks; B polls every 50 ms all along. A renews
        // every third of the lock: 3 s leave a loaded machine 2 s of slack before a renewal is late.
        const lockMs = 3000;
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        const receiver = await loopbackServer((_req, res) => void held.then(() => res.writeHead(204).end()));
        const jobsConfig = { ...JOB_DEFAULTS, pollMs: 50, lockMs };
        const a = await startStore({ allowPrivateFetches: true, jobs: jobsConfig });
        const b = await startAnotherInstance(a, { allowPrivateFetches: true, jobs: jobsConfig });
        try {
          const job = await enqueueJob(a.database.db, UPLOAD_CALLBACK, "slow-callback", {
            url: `${receiver.url}/slow`,
          });
          a.app.jobs.wake();
          await eventually(async () => receiver.requests.length >= 1);
          const row = async () => (await a.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
          const firstLock = (await row()).lockedUntil!;
          // Until the lock has been set past where the first one ran out plus a whole lock: by a renewal of
          // A's made after the first lock would have expired, or by B's claim had A let it run out (B polls
          // every 50 ms). An event, not a fixed wait (it was three locks, 9 s); nobody claimed the job again.
          await eventually(async () => (await row()).lockedUntil!.getTime() >= firstLock.getTime() + lockMs);
          const during = await row();
          expect(during).toMatchObject({ state: "pending", attempts: 1, claims: 1 });
          expect(during.lockedUntil!.getTime()).toBeGreaterThan(firstLock.getTime());
          expect(receiver.requests).toHaveLength(1);

          release();
          await eventually(async () => (await row()).state === "done");
          expect(await row()).toMatchObject({ state: "done", attempts: 1, error: null });
          expect(receiver.requests).toHaveLength(1);
        } finally {
          release();
          await b.close();
          await a.close();
          await receiver.close();
        }
      },
      SLOW,
    );
  },
);
