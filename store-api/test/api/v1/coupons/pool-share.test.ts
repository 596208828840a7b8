import { connect, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addClient,
  addUser,
  api,
  seedToken,
  startStore,
  type TestStore,
  writeBehindApi,
} from "../../../helpers/index.js";

/**
 * No client holds more than a quarter of the database pool, whatever it
 * streams (docs/architecture.md#a-clients-share-of-the-database): coupon lists
 * opened and never read once held a connection each for 30 s, and ten of them
 * (one marketing token) made every other request of the store a 503.
 */

/** The pool of this test's store: a client's share is one connection. */
const POOL = 4;
/**
 * Codes of the one coupon, written behind the API: 1,500 characters each (the
 * column is text), some 6 MB in all, more than the socket buffers of a loopback
 * connection hold (some 4 MB), so that a client that reads nothing stalls the
 * answer. Few long rows: quick to insert, on PGlite too.
 */
const CODES = 4_000;
const CODE_LENGTH = 1_500;

let store: TestStore;
let marketer: string;
let clerk: string;
let reporter: string;

beforeAll(async () => {
  store = await startStore({ databasePool: POOL });
  const client = await addClient(store);
  const a = await addUser(store, { email: "marketing@example.com", permissions: ["manage_marketing"] });
  const b = await addUser(store, { email: "clerk@example.com", permissions: ["manage_orders"] });
  marketer = (await seedToken(store, client, a)).access_token;
  clerk = (await seedToken(store, client, b)).access_token;
  const r = await addUser(store, { email: "reports@example.com", permissions: ["manage_orders"] });
  reporter = (await seedToken(store, client, r)).access_token;
  const made = await api(store, marketer, "POST", "/coupons", {
    name: "Big",
    type: "free_shipping",
    start_date: "0",
    end_date: "4000000000",
    limit: "0",
    code: "BIG-0",
  });
  expect(made.status, made.text).toBe(201);
  // Behind the API, in one statement (the API makes 14-character ones, slowly).
  await writeBehindApi(store, () =>
    store.database.db.execute(sql`
      insert into coupon_codes (coupon_id, code, type)
      select ${made.json.id}::integer, 'BIG-' || lpad(g::text, ${CODE_LENGTH}::integer, '0'), 'one_use'
      from generate_series(1, ${CODES}::integer) g`),
  );
});
afterAll(async () => {
  await store?.close();
});

interface Opened {
  status: number;
  headers: Record<string, string>;
  /** The whole body when the store answered with a Content-Length (a refusal). */
  body: string | null;
  socket: Socket;
}

/**
 * GET `path` over a socket of its own, read up to the end of the answer's head
 * and then not any more (a refusal, which has a length, is read whole).
 */
function openUnread(path: string, token: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const url = new URL(store.url);
    const socket = connect(Number(url.port), url.hostname);
    let raw = Buffer.alloc(0);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      raw = Buffer.concat([raw, chunk]);
      const end = raw.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [statusLine, ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const status = Number(statusLine!.split(" ")[1]);
      if (headers["content-length"] === undefined) {
        socket.pause();
        socket.removeAllListeners("data");
        return resolve({ status, headers, body: null, socket });
      }
      const body = raw.subarray(end + 4);
      if (body.length < Number(headers["content-length"])) return;
      socket.removeAllListeners("data");
      resolve({ status, headers, body: body.toString("utf8"), socket });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  });
}

describe("a client's share of the database pool", () => {
  it("coupon lists opened and not read: past the client's share a 503 with Retry-After; everyone else is served", async () => {
    const opened: Opened[] = [];
    try {
      // As many lists as the pool has connections, each left unread once its head came.
      for (let i = 0; i < POOL; i++) opened.push(await openUnread("/api/v1/coupons", marketer));
      // Another client's reads, and the probe, are answered while the lists stay open and unread.
      const orders = await api(store, clerk, "GET", "/orders");
      expect(orders.status, orders.text).toBe(200);
      const ready = await fetch(`${store.url}/readyz`);
      expect(ready.status).toBe(200);

      // The marketer's first list was answered; the others were refused before they took a connection.
      const [first, ...rest] = opened;
      expect(first!.status).toBe(200);
      expect(first!.body).toBeNull();
      for (const extra of rest) {
        expect(extra.status).toBe(503);
        expect(extra.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
        expect(JSON.parse(extra.body!)).toMatchObject({ error: "temporarily_unavailable" });
      }

      // A list cut off by its client gives its share back: the next one is answered.
      first!.socket.destroy();
      let again = await openUnread("/api/v1/coupons", marketer);
      opened.push(again);
      for (let tries = 0; again.status === 503 && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await openUnread("/api/v1/coupons", marketer);
        opened.push(again);
      }
      expect(again.status).toBe(200);
    } finally {
      for (const o of opened) o.socket.destroy();
    }
  });

  // The embedded database has one connection, every statement in turn: nothing to share out there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "slow reads of one client hold one connection at a time: the rest of the pool serves everyone else",
    async () => {
      // A reporter's pages of orders (far pages: an offset from FAR on) are held at the driver, as slow
      // statements would be.
      const FAR = 100_000;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let running = 0;
      let firstHeld!: () => void;
      const held = new Promise<void>((resolve) => (firstHeld = resolve));
      const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = proto.query;
      const spy = vi.spyOn(proto, "query").mockImplementation(function (this: unknown, ...args: unknown[]) {
        const [config, values] = args as [unknown, unknown];
        const params = values ?? (typeof config === "object" ? (config as { values?: unknown }).values : undefined);
        const far = Array.isArray(params) && params.some((v) => typeof v === "number" && v >= FAR);
        if (!far) return original.apply(this, args);
        running++;
        firstHeld();
        return gate.then(() => original.apply(this, args));
      });
      try {
        const reads = Array.from({ length: POOL }, (_, i) =>
          api(store, reporter, "GET", `/orders?page=${FAR / 20 + i}&count=20`),
        );
        await held;
        // Another user, and the probe, while the reporter's reads are running or waiting.
        const orders = await api(store, clerk, "GET", "/orders");
        expect(orders.status, orders.text).toBe(200);
        expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
        // One of the reporter's reads holds a connection; the others wait for its share, not for the pool's.
        expect(running).toBe(1);
        release();
        const answered = await Promise.all(reads);
        expect(answered.map((r) => r.status)).toEqual(Array.from({ length: POOL }, () => 200));
        expect(running).toBe(POOL);
      } finally {
        release();
        spy.mockRestore();
      }
    },
  );
});
