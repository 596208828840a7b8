import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/app.js";
import { testConfig } from "../../../../src/config.js";
import { openDatabase, type Database } from "../../../../src/db/index.js";
import { jobs } from "../../../../src/db/schema/index.js";
import { downloadToFile, isPrivateAddress } from "../../../../src/media/fetch.js";
import { addClient, addUser, api, seedToken, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import {
  eventually,
  imgKey,
  jpeg,
  loopbackServer,
  mediaConfig,
  mediaFolders,
  newProduct,
  png,
  served,
} from "./media-helpers.js";

/**
 * The multiple image upload (docs/contract.md#uploads): ids at once, durable
 * jobs, the callback, the import folder and the SSRF rules. Every outgoing
 * request here goes to servers on the loopback; private and link-local
 * addresses are only ever named to be refused before any connection.
 */

type Callback = {
  success: Record<"tiny" | "small" | "medium" | "large" | "huge", string>[];
  error: Record<string, string>;
};

/** A loopback server with images and failures, and a callback receiver. */
async function servers() {
  const picture = await jpeg(300, 200);
  const transparent = await png(120, 120);
  const images = await loopbackServer((req, res) => {
    if (req.url === "/a.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(picture);
    if (req.url === "/b.png") return res.writeHead(200, { "content-type": "image/png" }).end(transparent);
    if (req.url === "/slow.jpg") {
      setTimeout(() => res.writeHead(200, { "content-type": "image/jpeg" }).end(picture), 500);
      return;
    }
    if (req.url === "/moved") return res.writeHead(302, { location: "/a.jpg" }).end();
    if (req.url === "/text")
      return res.writeHead(200, { "content-type": "image/jpeg" }).end("not an image at all, really");
    res.writeHead(404).end("no");
  });
  const callbacks = await loopbackServer((_req, res) => res.writeHead(204).end());
  const received = (n: number) =>
    eventually(async () => callbacks.requests.length >= n && callbacks.requests.slice(0, n));
  return { images, callbacks, received, close: () => Promise.all([images.close(), callbacks.close()]) };
}

describe("multiple image upload (private fetches allowed, as in tests)", () => {
  let store: TestStore;
  let admin: string;
  let net: Awaited<ReturnType<typeof servers>>;
  const folders = mediaFolders();

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders, { allowPrivateFetches: true })));
    net = await servers();
    fs.mkdirSync(path.join(folders.importDir, "pics"));
    fs.writeFileSync(path.join(folders.importDir, "pics/c.jpg"), await jpeg(100, 300));
    fs.writeFileSync(path.join(folders.dataDir, "secret.jpg"), await jpeg(10, 10));
    fs.symlinkSync(path.join(folders.dataDir, "secret.jpg"), path.join(folders.importDir, "link.jpg"));
  });
  afterAll(async () => {
    await store.close();
    await net.close();
    folders.cleanup();
  });

  it("answers the img_keys at once; jobs import them; the callback reports success and error", async () => {
    const key = await newProduct(store, admin);
    const callbacksBefore = net.callbacks.requests.length;
    const res = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify([
        `${net.images.url}/a.jpg`,
        `${net.images.url}/b.png`,
        `${net.images.url}/missing.jpg`,
        "pics/c.jpg",
        `${net.images.url}/text`,
        `${net.images.url}/moved`,
        "link.jpg",
      ]),
      callback_options: JSON.stringify({ url: `${net.callbacks.url}/done?batch=1`, on_success: true }),
    });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toHaveLength(7);
    for (const id of res.json) expect(id).toMatch(/^[0-9a-f]{16}$/);
    const [a, b, missing, c, text, moved, link] = res.json as string[];

    const [call] = await eventually(
      async () => net.callbacks.requests.length > callbacksBefore && net.callbacks.requests.slice(callbacksBefore),
    );
    expect(call!.method).toBe("POST");
    expect(call!.url).toBe("/done?batch=1");
    expect(call!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(call!.body) as Callback;
    expect(body.success.map(imgKey).sort()).toEqual([a, b, c, moved].sort());
    for (const image of body.success) {
      expect(Object.keys(image).sort()).toEqual(["huge", "large", "medium", "small", "tiny"]);
      expect((await served(image.huge!)).res.status).toBe(200);
    }
    expect(Object.keys(body.error).sort()).toEqual([missing, text, link].sort());
    expect(body.error[missing!]).toContain("404");
    expect(body.error[text!]).toMatch(/not an image/);
    expect(body.error[link!]).toMatch(/outside/);

    // The imported images are the product's, under the promised keys.
    const listed = await api(store, admin, "GET", `/products/${key}/images`);
    expect(listed.json.map(imgKey).sort()).toEqual([a, b, c, moved].sort());
    expect(listed.json.map((i: { order: number }) => i.order)).toEqual([1, 2, 3, 4]);
    const fromFolder = listed.json.find((i: { tiny: string }) => imgKey(i) === c);
    const huge = await served(fromFolder.huge);
    expect([huge.width, huge.height]).toEqual([100, 300]);
  });

  it("keeps the request's order when the imports finish in another", async () => {
    const key = await newProduct(store, admin);
    const before = net.callbacks.requests.length;
    const res = await api(store, admin, "POST", `/products/${key}/images`, {
      // The first is slow to download: the other two are done before it.
      images: JSON.stringify([`${net.images.url}/slow.jpg`, `${net.images.url}/a.jpg`, `${net.images.url}/b.png`]),
      callback_options: JSON.stringify({ url: `${net.callbacks.url}/ordered` }),
    });
    expect(res.status, res.text).toBe(202);
    await eventually(async () => net.callbacks.requests.length > before);
    const listed = await api(store, admin, "GET", `/products/${key}/images`);
    expect(listed.json.map(imgKey)).toEqual(res.json);
    expect(listed.json.map((i: { order: number }) => i.order)).toEqual([1, 2, 3]);
  });

  it("with on_success false, calls back only when something failed", async () => {
    const key = await newProduct(store, admin);
    const before = (await store.database.db.select().from(jobs).where(eq(jobs.kind, "upload_callback"))).length;
    const good = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify([`${net.images.url}/a.jpg`]),
      callback_options: JSON.stringify({ url: `${net.callbacks.url}/quiet`, on_success: "false" }),
    });
    expect(good.status, good.text).toBe(202);
    await eventually(async () => (await api(store, admin, "GET", `/products/${key}/images`)).json.length === 1);
    // The callback job would have been written with the last import: there is none.
    expect((await store.database.db.select().from(jobs).where(eq(jobs.kind, "upload_callback"))).length).toBe(before);

    const calls = net.callbacks.requests.length;
    const bad = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify([`${net.images.url}/a.jpg`, `${net.images.url}/gone.jpg`]),
      callback_options: JSON.stringify({ url: `${net.callbacks.url}/errors`, on_success: false }),
    });
    expect(bad.status).toBe(202);
    const [call] = await eventually(
      async () => net.callbacks.requests.length > calls && net.callbacks.requests.slice(calls),
    );
    expect(call!.url).toBe("/errors");
    const body = JSON.parse(call!.body) as Callback;
    expect(Object.keys(body.error)).toEqual([bad.json[1]]);
    expect(body.success.map(imgKey)).toEqual([bad.json[0]]);
  });

  it("sends the callback again when its receiver fails", async () => {
    let calls = 0;
    const flaky = await loopbackServer((_req, res) => res.writeHead(++calls === 1 ? 503 : 200).end());
    try {
      const key = await newProduct(store, admin);
      const res = await api(store, admin, "POST", `/products/${key}/images`, {
        images: JSON.stringify(["pics/c.jpg"]),
        callback_options: JSON.stringify({ url: `${flaky.url}/cb` }),
      });
      expect(res.status).toBe(202);
      const [first, second] = await eventually(async () => flaky.requests.length >= 2 && flaky.requests);
      expect(second!.body).toBe(first!.body);
      expect((JSON.parse(second!.body) as Callback).success.map(imgKey)).toEqual(res.json);
    } finally {
      await flaky.close();
    }
  });

  it("refuses malformed or invalid input and changes nothing", async () => {
    const key = await newProduct(store, admin);
    const count = async () => (await store.database.db.select().from(jobs)).length;
    const before = await count();
    const post = (form: Record<string, string>) => api(store, admin, "POST", `/products/${key}/images`, form);

    const badCallback = await post({ images: JSON.stringify([`${net.images.url}/a.jpg`]), callback_options: "{url:" });
    expect(badCallback.status).toBe(400);
    expect(badCallback.json.error).toBe("invalid_request");
    expect(badCallback.json.fields).toEqual({ callback_options: expect.any(String) });
    expect((await post({ images: "[not json" })).status).toBe(400);
    expect((await post({ images: JSON.stringify({ url: "x" }) })).status).toBe(400);
    expect((await post({ images: JSON.stringify([1, 2]) })).status).toBe(400);

    for (const entry of [
      "file:///etc/passwd",
      "ftp://example.com/a.jpg",
      "data:image/png;base64,AAAA",
      "../secret.jpg",
      "pics/../../secret.jpg",
      "/etc/passwd",
      "",
    ]) {
      const res = await post({ images: JSON.stringify([`${net.images.url}/a.jpg`, entry]) });
      expect(res.status, entry).toBe(422);
      expect(res.json.fields, entry).toEqual({ images: expect.any(String) });
    }
    const noUrl = await post({
      images: JSON.stringify(["pics/c.jpg"]),
      callback_options: JSON.stringify({ on_success: true }),
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.json.fields).toEqual({ callback_options: expect.any(String) });
    expect((await post({ images: JSON.stringify([]) })).status).toBe(422);
    const both = await fetch(`${store.url}/api/v1/products/${key}/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}` },
      body: (() => {
        const form = new FormData();
        form.append("images", JSON.stringify(["pics/c.jpg"]));
        form.append("image", new Blob([Buffer.from("x")]), "a.jpg");
        return form;
      })(),
    });
    expect([400, 415]).toContain(both.status);
    expect(await count()).toBe(before);
    expect((await api(store, admin, "GET", `/products/${key}/images`)).json).toEqual([]);
  });

  it("takes the multiple upload as multipart text fields too", async () => {
    const key = await newProduct(store, admin);
    const form = new FormData();
    form.append("images", JSON.stringify(["pics/c.jpg"]));
    const res = await fetch(`${store.url}/api/v1/products/${key}/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(res.status).toBe(202);
    const [id] = (await res.json()) as string[];
    await eventually(async () => (await api(store, admin, "GET", `/products/${key}/images/${id}`)).status === 200);
  });

  it("imports the images of a product POST in the background", async () => {
    const res = await api(store, admin, "POST", "/products", {
      name: "Imported",
      images: JSON.stringify([`${net.images.url}/a.jpg`, "pics/c.jpg"]),
    });
    expect(res.status, res.text).toBe(201);
    const product = await eventually(async () => {
      const read = await api(store, admin, "GET", `/products/${res.json.key}`);
      return read.json.images.length === 2 && read.json;
    });
    expect(Object.keys(product.images[0]).sort()).toEqual(["huge", "large", "medium", "small", "tiny"]);
    const refused = await api(store, admin, "POST", "/products", {
      name: "Refused",
      images: JSON.stringify(["../../etc/passwd"]),
    });
    expect(refused.status).toBe(422);
    expect(refused.json.fields).toEqual({ images: expect.any(String) });
  });
});

describe("multiple image upload: the default refuses loopback and private addresses", () => {
  let store: TestStore;
  let admin: string;
  let net: Awaited<ReturnType<typeof servers>>;
  const folders = mediaFolders();

  beforeAll(async () => {
    // The defaults: no private fetches.
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders)));
    net = await servers();
  });
  afterAll(async () => {
    await store.close();
    await net.close();
    folders.cleanup();
  });

  it("refuses URLs whose host is a loopback, private, link-local or reserved address (422, nothing enqueued)", async () => {
    const key = await newProduct(store, admin);
    const count = async () => (await store.database.db.select().from(jobs)).length;
    const before = await count();
    for (const url of [
      `${net.images.url}/a.jpg`, // 127.0.0.1
      "http://127.1.2.3/a.jpg",
      "http://2130706433/a.jpg", // 127.0.0.1, written as a number
      "http://0x7f000001/a.jpg",
      "http://10.0.0.7/a.jpg",
      "http://172.16.5.4/a.jpg",
      "http://192.168.1.1/a.jpg",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.0.1/a.jpg",
      "http://0.0.0.0/a.jpg",
      "http://[::1]/a.jpg",
      "http://[::ffff:127.0.0.1]/a.jpg",
      "http://[::ffff:a9fe:a9fe]/a.jpg", // 169.254.169.254, IPv4-mapped
      "http://[fe80::1]/a.jpg",
      "http://[fd00::1]/a.jpg",
      "http://[::127.0.0.1]/a.jpg", // IPv4-compatible
      "http://[::7f00:1]/a.jpg",
      "http://[0:0:0:0:0:ffff:127.0.0.1]/a.jpg", // IPv4-mapped, spelt out
      "http://[::ffff:0:7f00:1]/a.jpg", // IPv4-translated
      "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/a.jpg", // Teredo
      "http://[2002:a00::1]/a.jpg", // 6to4 of 10.0.0.0
      "http://[64:ff9b::a9fe:a9fe]/a.jpg", // NAT64 of 169.254.169.254
    ]) {
      const res = await api(store, admin, "POST", `/products/${key}/images`, { images: JSON.stringify([url]) });
      expect(res.status, url).toBe(422);
      expect(res.json.fields.images, url).toMatch(/^entry 1 \S+ refused: not a public address$/);
    }
    const callback = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify(["https://images.example/a.jpg"]),
      callback_options: JSON.stringify({ url: `${net.callbacks.url}/cb` }),
    });
    expect(callback.status).toBe(422);
    expect(callback.json.fields).toEqual({ callback_options: "url 127.0.0.1 refused: not a public address" });
    expect(await count()).toBe(before);
    expect(net.images.requests).toEqual([]);
  });

  it("refuses a host name that resolves to a loopback address, when the job looks it up, naming the host but not the address", async () => {
    const key = await newProduct(store, admin);
    const res = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify([`http://localhost:${net.images.port}/a.jpg`]),
    });
    expect(res.status, res.text).toBe(202);
    const job = await eventually(async () => {
      const [row] = await store.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'key' = ${res.json[0]}`);
      return row?.state === "failed" && row;
    });
    // What the callback's `error` would say: the host as given, not what it resolved to.
    expect(job.error).toBe(`http://localhost:${net.images.port}/a.jpg localhost refused: not a public address`);
    expect(net.images.requests).toEqual([]);
    expect((await api(store, admin, "GET", `/products/${key}/images`)).json).toEqual([]);
  });

  it("re-checks every redirect target (the guard, with a policy that blocks one loopback address)", async () => {
    const target = await loopbackServer((_req, res) => res.writeHead(200).end("secret"), "127.0.0.2");
    const redirecting = await loopbackServer((_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.2:${target.port}/internal` }).end(),
    );
    const file = path.join(os.tmpdir(), `redirect-${randomBytes(6).toString("hex")}`);
    try {
      // 127.0.0.1 stands for a public host, 127.0.0.2 for a private one.
      const policy = { allowPrivate: false, isBlocked: (address: string) => address !== "127.0.0.1" };
      await expect(
        downloadToFile(`${redirecting.url}/start`, file, { maxBytes: 1000, timeoutMs: 5000, policy }),
      ).rejects.toThrow("127.0.0.2 refused: not a public address");
      expect(redirecting.requests).toHaveLength(1);
      expect(target.requests).toEqual([]);
      // The same redirect to an allowed address is followed.
      await downloadToFile(`${redirecting.url}/start`, file, {
        maxBytes: 1000,
        timeoutMs: 5000,
        policy: { allowPrivate: true },
      });
      expect(fs.readFileSync(file, "utf8")).toBe("secret");
    } finally {
      fs.rmSync(file, { force: true });
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it("classifies addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of [
      "::1",
      "fe80::1",
      "fd12::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
      "2002:a00:1::1",
      "::ffff:8.8.8.8", // IPv4-mapped addresses are refused whole: a public host is reached by its IPv4 address
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111"])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

/** A database that outlives one app: PGlite in a folder, or a PostgreSQL database of its own. */
async function durableDatabase(dir: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { open: () => openDatabase({ dataDir: path.join(dir, "db") }), drop: async () => {} };
  }
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function listen(database: Database, config: ReturnType<typeof testConfig>): Promise<TestStore> {
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  app.config.publicUrl = url;
  return { app, url, database, close: () => app.close() };
}

describe("image jobs are durable", () => {
  it("after a crash, the embedded store takes back a dead process's jobs at once; PostgreSQL, which other processes may share, waits for their lock", async () => {
    const folders = mediaFolders();
    const net = await servers();
    const db = await durableDatabase(folders.dataDir);
    const shared = Boolean(process.env.TEST_DATABASE_URL);
    try {
      const config = (jobsEnabled: boolean) =>
        testConfig(mediaConfig(folders, { allowPrivateFetches: true, jobs: { enabled: jobsEnabled } }));
      const first = await listen(await db.open(), config(false));
      const client = await addClient(first);
      const owner = await addUser(first, { email: "owner@example.com" });
      const token = (await seedToken(first, client, owner)).access_token;
      const key = await newProduct(first, token);
      const res = await api(first, token, "POST", `/products/${key}/images`, {
        images: JSON.stringify([`${net.images.url}/a.jpg`]),
        callback_options: JSON.stringify({ url: `${net.callbacks.url}/after-crash` }),
      });
      expect(res.status, res.text).toBe(202);
      // As a worker that was killed mid-import leaves it: claimed, locked for minutes.
      await first.database.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + interval '10 minutes'`, attempts: 1 })
        .where(sql`${jobs.payload}->>'key' = ${res.json[0]}`);
      await first.close();

      const second = await listen(await db.open(), config(true));
      try {
        if (!shared) {
          const [call] = await net.received(1);
          expect(call!.url).toBe("/after-crash");
          const listed = await api(second, token, "GET", `/products/${key}/images`);
          expect(listed.json.map(imgKey)).toEqual(res.json);
        } else {
          // A job enqueued now is due after the locked one, and claims go by due time
          // (src/jobs/queue.ts): once it is done, the workers have looked and passed the locked one over.
          const later = await api(second, token, "POST", `/products/${key}/images`, {
            images: JSON.stringify([`${net.images.url}/b.png`]),
            callback_options: JSON.stringify({ url: `${net.callbacks.url}/later` }),
          });
          expect(later.status, later.text).toBe(202);
          const [call] = await net.received(1);
          expect(call!.url).toBe("/later");
          const [job] = await second.database.db
            .select()
            .from(jobs)
            .where(sql`${jobs.payload}->>'key' = ${res.json[0]}`);
          expect(job).toMatchObject({ state: "pending", attempts: 1 });
          expect(net.images.requests.map((r) => r.url)).toEqual(["/b.png"]);
        }
      } finally {
        await second.close();
      }
    } finally {
      await net.close();
      await db.drop();
      folders.cleanup();
    }
  }, 90_000);

  it("survive a restart, and a job locked by a dead process is taken again once its lock expires", async () => {
    const folders = mediaFolders();
    const net = await servers();
    const db = await durableDatabase(folders.dataDir);
    try {
      // First run: the request is accepted, then the store stops before any job runs.
      const config = (jobsEnabled: boolean) =>
        testConfig(mediaConfig(folders, { allowPrivateFetches: true, jobs: { enabled: jobsEnabled, lockMs: 60_000 } }));
      const first = await listen(await db.open(), config(false));
      const client = await addClient(first);
      const owner = await addUser(first, { email: "owner@example.com" });
      const token = (await seedToken(first, client, owner)).access_token;
      const key = await newProduct(first, token);
      const res = await api(first, token, "POST", `/products/${key}/images`, {
        images: JSON.stringify([`${net.images.url}/a.jpg`, `${net.images.url}/nope.jpg`]),
        callback_options: JSON.stringify({ url: `${net.callbacks.url}/after-restart` }),
      });
      expect(res.status, res.text).toBe(202);
      const ids = res.json as string[];
      // As if a worker of a process that died had claimed the first job a moment ago.
      const locked = await first.database.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + interval '1 second'`, attempts: 1 })
        .where(sql`${jobs.payload}->>'key' = ${ids[0]}`)
        .returning();
      expect(locked).toHaveLength(1);
      await first.close();
      expect(net.images.requests).toEqual([]);

      // Second run, same database: the jobs complete and the callback comes.
      const second = await listen(await db.open(), config(true));
      try {
        const [call] = await net.received(1);
        expect(call!.url).toBe("/after-restart");
        const body = JSON.parse(call!.body) as Callback;
        expect(body.success.map(imgKey)).toEqual([ids[0]]);
        expect(Object.keys(body.error)).toEqual([ids[1]]);
        const listed = await api(second, token, "GET", `/products/${key}/images`);
        expect(listed.json.map(imgKey)).toEqual([ids[0]]);
        const [job] = await second.database.db
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}->>'key' = ${ids[0]}`);
        expect(job).toMatchObject({ state: "done", attempts: 2 });
      } finally {
        await second.close();
      }
    } finally {
      await net.close();
      await db.drop();
      folders.cleanup();
    }
    // Two stores opening an embedded database from disk: slow on a busy machine.
  }, 90_000);
});
