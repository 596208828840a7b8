import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobs, productMedia, products } from "../../../../src/db/schema/index.js";
import { api, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { eventually, imgKey, jpeg, mediaConfig, mediaFolders, newProduct } from "./media-helpers.js";

/**
 * Outgoing fetches of image imports and upload callbacks (docs/contract.md#uploads)
 * against hosts that misbehave: every answer the store does not read is closed
 * with its socket, the time limit covers the whole exchange, and a slow host
 * does not hold up the imports from others. Closure is proven by the servers'
 * own `close` events.
 */

type Callback = { success: Record<string, string>[]; error: Record<string, string> };

/** The limit in these tests: small, so that what it cuts off is cut off soon. */
const FETCH_TIMEOUT_MS = 1500;

interface Exchange {
  url: string;
  /** Settles when the server sees the connection closed. */
  closed: Promise<void>;
  isClosed: () => boolean;
}

/** A loopback server whose handler may misbehave; records each exchange and when its socket closes. */
async function misbehaving(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const exchanges: Exchange[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    let closed = false;
    const exchange: Exchange = {
      url: req.url ?? "",
      closed: new Promise((resolve) =>
        req.socket.once("close", () => {
          closed = true;
          resolve();
        }),
      ),
      isClosed: () => closed,
    };
    exchanges.push(exchange);
    req.resume();
    req.on("end", () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    /** Writes `chunk` every `everyMs` until the connection closes. */
    drip(res: http.ServerResponse, chunk: Buffer, everyMs: number) {
      const timer = setInterval(() => res.write(chunk), everyMs);
      timers.add(timer);
      res.on("close", () => {
        clearInterval(timer);
        timers.delete(timer);
      });
    },
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Waits for a server-side close. Not a timing check: the store must close it
 * within its time limit, and this waits a good deal longer before saying it did not.
 */
async function closedBy(server: { exchanges: Exchange[] }, url: string, what: string): Promise<void> {
  const exchange = await eventually(async () => server.exchanges.find((e) => e.url === url));
  let timer: NodeJS.Timeout | undefined;
  const stillOpen = new Promise<"open">((resolve) => {
    timer = setTimeout(() => resolve("open"), FETCH_TIMEOUT_MS * 6);
  });
  const outcome = await Promise.race([exchange.closed.then(() => "closed" as const), stillOpen]);
  clearTimeout(timer);
  expect(outcome, `${what}: the store still held the connection open well past its time limit`).toBe("closed");
}

const ENDLESS = Buffer.alloc(16 * 1024, "x");

/** A callback receiver answering 204; `received(path)` waits for the body POSTed to that path. */
async function receiver() {
  const calls: { url: string; body: Callback }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      calls.push({ url: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString()) as Callback });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: (url: string) => eventually(async () => calls.find((c) => c.url === url)?.body),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("outgoing fetches close every answer they do not read, within the time limit", () => {
  let store: TestStore;
  let admin: string;
  let picture: Buffer;
  const folders = mediaFolders();
  const servers: { close: () => Promise<void> }[] = [];
  const serve = async (handler: Parameters<typeof misbehaving>[0]) => {
    const server = await misbehaving(handler);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin(
      mediaConfig(folders, { allowPrivateFetches: true, jobs: { fetchTimeoutMs: FETCH_TIMEOUT_MS } }),
    ));
    picture = await jpeg(200, 100);
    fs.writeFileSync(path.join(folders.importDir, "c.jpg"), picture);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await store.close();
    folders.cleanup();
  });

  /** Imports `images` into a new product, with a callback to `callbackUrl` if given; the img_keys. */
  async function importImages(images: string[], callbackUrl?: string): Promise<string[]> {
    const key = await newProduct(store, admin);
    const res = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify(images),
      ...(callbackUrl ? { callback_options: JSON.stringify({ url: callbackUrl }) } : {}),
    });
    expect(res.status, res.text).toBe(202);
    return res.json as string[];
  }

  /** The upload callback job that POSTs to `url`, once it is no longer pending. */
  const callbackJob = (url: string) =>
    eventually(async () => {
      const [row] = await store.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'upload_callback' and ${jobs.payload}->>'url' = ${url}`);
      return row && row.state !== "pending" && row;
    });

  /** An import job, once it has an error (failed, or waiting for a retry). */
  const importError = (key: string) =>
    eventually(async () => {
      const [row] = await store.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'key' = ${key}`);
      return row?.error;
    });

  it("closes a redirect whose body never ends, and follows it", async () => {
    const images = await serve((req, res) => {
      if (req.url === "/a.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(picture);
      res.writeHead(302, { location: "/a.jpg" });
      images.drip(res, ENDLESS, 20);
    });
    const callbacks = await receiver();
    servers.push(callbacks);
    const ids = await importImages([`${images.url}/moved`], `${callbacks.url}/cb`);
    const body = await callbacks.received("/cb");
    expect(body.success.map((i) => imgKey(i as { tiny: string }))).toEqual(ids);
    await closedBy(images, "/moved", "the redirect");
  });

  it("closes a 404 whose body never ends, and a 404 that sends its head and stalls", async () => {
    const images = await serve((req, res) => {
      res.writeHead(404, { "content-type": "text/plain" });
      if (req.url === "/endless.jpg") images.drip(res, ENDLESS, 20);
      else res.flushHeaders(); // the head, then nothing, ever
    });
    const callbacks = await receiver();
    servers.push(callbacks);
    const ids = await importImages([`${images.url}/endless.jpg`, `${images.url}/stalled.jpg`], `${callbacks.url}/cb`);
    const body = await callbacks.received("/cb");
    expect(body.error).toEqual({
      [ids[0]!]: `${images.url}/endless.jpg answered HTTP 404`,
      [ids[1]!]: `${images.url}/stalled.jpg answered HTTP 404`,
    });
    await closedBy(images, "/endless.jpg", "the endless 404");
    await closedBy(images, "/stalled.jpg", "the stalled 404");
  });

  it("closes the answer of a callback receiver that answers 200 with an endless body", async () => {
    const callbacks = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      callbacks.drip(res, ENDLESS, 20);
    });
    await importImages(["c.jpg"], `${callbacks.url}/endless`);
    await closedBy(callbacks, "/endless", "the callback's answer");
    // Delivered (a 200), once.
    expect(await callbackJob(`${callbacks.url}/endless`)).toMatchObject({ state: "done", attempts: 1 });
    expect(callbacks.exchanges).toHaveLength(1);
  });

  it("cuts off an image, a 404 or a callback's answer dripping one byte a second past the time limit", async () => {
    const images = await serve((req, res) => {
      if (req.url === "/drip.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(picture.length) });
        res.write(picture.subarray(0, 10));
      } else {
        res.writeHead(404, { "content-type": "text/plain" });
      }
      images.drip(res, Buffer.from("x"), 1000);
    });
    const callbacks = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      callbacks.drip(res, Buffer.from("x"), 1000);
    });
    const ids = await importImages([`${images.url}/drip.jpg`, `${images.url}/gone.jpg`]);
    await importImages(["c.jpg"], `${callbacks.url}/drip`);

    await closedBy(images, "/gone.jpg", "the dripping 404");
    await closedBy(callbacks, "/drip", "the dripping callback answer");
    await closedBy(images, "/drip.jpg", "the dripping image");
    expect(await importError(ids[1]!)).toBe(`${images.url}/gone.jpg answered HTTP 404`);
    expect(await importError(ids[0]!)).toBe(
      `${images.url}/drip.jpg did not finish within ${FETCH_TIMEOUT_MS / 1000} s`,
    );
    expect(await callbackJob(`${callbacks.url}/drip`)).toMatchObject({ state: "done", attempts: 1 });
  });
});

/** A host that takes requests and answers none until released; counts the connections open at once. */
async function hungHost(picture: Buffer) {
  let released = false;
  let open = 0;
  let maxOpen = 0;
  let closes = 0;
  let firstClose!: () => void;
  const closed = new Promise<void>((resolve) => (firstClose = resolve));
  const waiting: http.ServerResponse[] = [];
  const answer = (res: http.ServerResponse) => res.writeHead(200, { "content-type": "image/jpeg" }).end(picture);
  const server = http.createServer((req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    req.socket.once("close", () => {
      open--;
      closes++;
      firstClose();
    });
    if (released) answer(res);
    else waiting.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Settles when the first of its connections closes. */
    closed,
    stats: () => ({ open, maxOpen, closes }),
    release() {
      released = true;
      for (const res of waiting.splice(0)) answer(res);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("a slow host does not hold up the imports from others", () => {
  let store: TestStore;
  let admin: string;
  const folders = mediaFolders();

  beforeAll(async () => {
    // The default workers and slots per origin; a time limit that outlasts the test's wait.
    ({ store, admin } = await startStoreWithAdmin(
      mediaConfig(folders, { allowPrivateFetches: true, jobs: { fetchTimeoutMs: 15_000 } }),
    ));
  });
  afterAll(async () => {
    await store.close();
    folders.cleanup();
  });

  it("imports from a healthy host while two hosts hang, each holding at most its origin's slots; the waiting jobs spend no attempt", async () => {
    const picture = await jpeg(120, 80);
    const [hungA, hungB, callbacks] = [await hungHost(picture), await hungHost(picture), await receiver()];
    const healthy = await misbehaving((_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(picture));
    try {
      const post = async (images: string[], callback: string) => {
        const key = await newProduct(store, admin);
        const res = await api(store, admin, "POST", `/products/${key}/images`, {
          images: JSON.stringify(images),
          callback_options: JSON.stringify({ url: `${callbacks.url}${callback}` }),
        });
        expect(res.status, res.text).toBe(202);
        return res.json as string[];
      };
      // More images from the hung hosts than there are workers, enqueued first.
      const five = (host: { url: string }) => [1, 2, 3, 4, 5].map((n) => `${host.url}/${n}.jpg`);
      const idsA = await post(five(hungA), "/a");
      const idsB = await post(five(hungB), "/b");
      const [healthyId] = await post([`${healthy.url}/ok.jpg`], "/healthy");

      // The healthy import is done and called back while the hung hosts still hold every request they got.
      const first = await Promise.race([
        callbacks.received("/healthy").then((body) => ({ event: "healthy callback", body })),
        hungA.closed.then(() => ({ event: "a hung request ended", body: null })),
        hungB.closed.then(() => ({ event: "a hung request ended", body: null })),
      ]);
      expect(first.event).toBe("healthy callback");
      expect(first.body!.success.map((i) => imgKey(i as { tiny: string }))).toEqual([healthyId]);
      for (const host of [hungA, hungB]) {
        expect(host.stats().closes).toBe(0);
        expect(host.stats().open).toBeGreaterThan(0);
        expect(host.stats().maxOpen).toBeLessThanOrEqual(2);
      }

      // Released, the hung hosts answer: every image comes, two at a time per host at most.
      hungA.release();
      hungB.release();
      const [bodyA, bodyB] = await Promise.all([callbacks.received("/a"), callbacks.received("/b")]);
      expect(bodyA.success.map((i) => imgKey(i as { tiny: string })).sort()).toEqual([...idsA].sort());
      expect(bodyB.success.map((i) => imgKey(i as { tiny: string })).sort()).toEqual([...idsB].sort());
      expect(hungA.stats().maxOpen).toBeLessThanOrEqual(2);
      expect(hungB.stats().maxOpen).toBeLessThanOrEqual(2);
      // A job that waited for its origin's slot was put back without spending an attempt.
      const rows = await store.database.db
        .select({ attempts: jobs.attempts })
        .from(jobs)
        .where(sql`${jobs.payload}->>'key' in ${[...idsA, ...idsB]}`);
      expect(rows.map((r) => r.attempts)).toEqual(Array(10).fill(1));
    } finally {
      await Promise.all([hungA.close(), hungB.close(), callbacks.close(), healthy.close()]);
    }
  });
});

describe("a download past the size cap is refused, closed and leaves nothing", () => {
  let store: TestStore;
  let admin: string;
  const folders = mediaFolders();
  /** The store's cap on one image (docs/contract.md#uploads: 20 MB), not configurable. */
  const CAP = 20 * 1024 * 1024;
  /**
   * Longer than the test's own timeout (30 s): a store that read on until its
   * time limit, rather than stopping at the cap, fails the test.
   */
  const LONG_TIME_LIMIT_MS = 120_000;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin(
      mediaConfig(folders, { allowPrivateFetches: true, jobs: { fetchTimeoutMs: LONG_TIME_LIMIT_MS } }),
    ));
  });
  afterAll(async () => {
    await store.close();
    folders.cleanup();
  });

  it("an endless 200 image body and a Content-Length over the cap: the import fails with the size, its socket closes, no file and no image row are kept", async () => {
    const CHUNK = Buffer.alloc(64 * 1024, 0xff);
    /** Bytes written on each path; a safety stop at 4× the cap (then it stalls, never ending) keeps a broken store from filling the disk. */
    const sent: Record<string, number> = {};
    const images = await misbehaving((req, res) => {
      const url = req.url ?? "";
      sent[url] = 0;
      if (url === "/declared.jpg") {
        // Says more than the cap, sends a little, then nothing: refused from the head.
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(CAP + 1) });
        res.write(CHUNK);
        sent[url] += CHUNK.length;
        return;
      }
      res.writeHead(200, { "content-type": "image/jpeg" }); // chunked, no length: it never ends
      const pour = () => {
        while (!res.destroyed && (sent[url] ?? 0) < 4 * CAP) {
          sent[url] = (sent[url] ?? 0) + CHUNK.length;
          if (!res.write(CHUNK)) return void res.once("drain", pour);
        }
      };
      pour();
    });
    const callbacks = await receiver();
    try {
      const key = await newProduct(store, admin);
      const res = await api(store, admin, "POST", `/products/${key}/images`, {
        images: JSON.stringify([`${images.url}/endless.jpg`, `${images.url}/declared.jpg`]),
        callback_options: JSON.stringify({ url: `${callbacks.url}/cb` }),
      });
      expect(res.status, res.text).toBe(202);
      const ids = res.json as string[];

      // The store's reason, not its time limit (which is longer than this test may run).
      const body = await callbacks.received("/cb");
      expect(body.success).toEqual([]);
      expect(body.error).toEqual({
        [ids[0]!]: `${images.url}/endless.jpg is larger than 20 MB`,
        [ids[1]!]: `${images.url}/declared.jpg is larger than 20 MB`,
      });
      const rows = await store.database.db
        .select({ state: jobs.state, attempts: jobs.attempts })
        .from(jobs)
        .where(sql`${jobs.payload}->>'key' in ${ids}`);
      expect(rows).toEqual([
        { state: "failed", attempts: 1 },
        { state: "failed", attempts: 1 },
      ]); // a fixed refusal: not tried again

      // Both sockets closed by the store (the server's own close events).
      for (const url of ["/endless.jpg", "/declared.jpg"]) {
        const exchange = server(images, url);
        await exchange.closed;
      }
      // The endless body was cut off near the cap (socket buffers aside), not read on to the safety stop.
      expect(sent["/endless.jpg"]).toBeGreaterThan(CAP);
      expect(sent["/endless.jpg"]).toBeLessThan(2 * CAP);

      // Nothing kept: no file in the media or tmp folder, no image of the product.
      const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
      expect(listing(path.join(folders.dataDir, "media"))).toEqual([]);
      expect(listing(path.join(folders.dataDir, "tmp"))).toEqual([]);
      const media = await store.database.db
        .select({ id: productMedia.id })
        .from(productMedia)
        .innerJoin(products, eq(products.id, productMedia.productId))
        .where(eq(products.key, key));
      expect(media).toEqual([]);
    } finally {
      await Promise.all([images.close(), callbacks.close()]);
    }
  });
});

/** The exchange a misbehaving server had for `url`. */
function server(host: { exchanges: Exchange[] }, url: string): Exchange {
  const exchange = host.exchanges.find((e) => e.url === url);
  expect(exchange, `${url} was never requested`).toBeDefined();
  return exchange!;
}
