import { connect } from "node:net";
import { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorHandler } from "../api/error-handler.js";
import { NotFoundError } from "../api/errors.js";
import type { CouponCodeRow, CouponRow } from "./coupons.js";
import { CODE_TYPES, couponList, coupon as couponSchema } from "./schemas.js";
import { serializeCoupon, serializeCouponCode } from "./serialize.js";
import {
  type CodeRun,
  type CouponSource,
  couponsJson,
  CouponsChangedError,
  sendJsonPieces,
  StalledReaderError,
} from "./stream.js";

/** couponsJson over a source in memory, and sendJsonPieces over a bare Fastify (docs/contract.md#coupons). */

const T0 = new Date("2030-01-01T00:00:00Z");
const T1 = new Date("2030-01-02T03:04:05.678Z");

function couponRow(id: number, extra: Partial<CouponRow> = {}): CouponRow {
  return {
    id,
    name: `Coupon ${id}`,
    type: "free_shipping",
    startsAt: T0,
    endsAt: T1,
    useLimit: 0,
    hits: 2,
    redeemed: 1,
    freeShip: false,
    percentage: null,
    flatRate: null,
    threshold: null,
    createdAt: T0,
    updatedAt: T1,
    ...extra,
  };
}

function codeRow(id: number, couponId: number, extra: Partial<CouponCodeRow> = {}): CouponCodeRow {
  return {
    id,
    couponId,
    code: `C${couponId}-${id}`,
    type: "one_use",
    active: id % 3 !== 0,
    createdAt: T0,
    updatedAt: T1,
    ...extra,
  };
}

interface State {
  coupons: CouponRow[];
  codes: CouponCodeRow[];
}

/** A code as the database writes it for the list (stream.ts databaseSource; the store's tests hold it to the schema's bytes). */
const codeJson = (row: CouponCodeRow) => JSON.stringify(serializeCouponCode(row));

/** `rows` (the codes after a key, in order) read as the database reads them: `limit` of them, in runs by coupon. */
function runsOf(rows: CouponCodeRow[], limit: number): CodeRun[] {
  const runs: CodeRun[] = [];
  rows.slice(0, limit + 1).forEach((row, i) => {
    let run = runs[runs.length - 1];
    if (run?.couponId !== row.couponId) {
      run = { couponId: row.couponId, count: 0, firstId: null, lastId: null, nextId: null, known: true, json: null };
      runs.push(run);
    }
    if (i === limit) {
      run.nextId = row.id;
      return;
    }
    run.count++;
    run.firstId ??= row.id;
    run.lastId = row.id;
    run.known &&= (CODE_TYPES as readonly string[]).includes(row.type);
    run.json = run.json === null ? codeJson(row) : `${run.json},${codeJson(row)}`;
  });
  return runs;
}

/** A source over `state` (which a test may change between reads), counting its reads. */
function memorySource(state: State, only?: number) {
  const reads = { coupons: 0, codes: 0, exists: 0, largest: 0 };
  const source: CouponSource = {
    async coupons(after, limit) {
      reads.coupons++;
      return state.coupons
        .filter((c) => c.id > after && (only === undefined || c.id === only))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
    },
    async codes(after, limit) {
      reads.codes++;
      const rows = state.codes
        .filter((c) => only === undefined || c.couponId === only)
        .filter((c) => c.couponId > after.couponId || (c.couponId === after.couponId && c.id > after.id))
        .sort((a, b) => a.couponId - b.couponId || a.id - b.id);
      const runs = runsOf(rows, limit);
      reads.largest = Math.max(
        reads.largest,
        runs.reduce((n, r) => n + r.count, 0),
      );
      return runs;
    },
    async exists(id) {
      reads.exists++;
      return state.coupons.some((c) => c.id === id);
    },
  };
  return { source, reads };
}

/** What the route's schema serializer wrote for the list before it was streamed. */
function serializedList(state: State): string {
  const details = [...state.coupons]
    .sort((a, b) => a.id - b.id)
    .map((coupon) => ({
      coupon,
      codes: state.codes.filter((c) => c.couponId === coupon.id).sort((a, b) => a.id - b.id),
    }));
  return JSON.stringify(couponList.encode(details.map((d) => serializeCoupon(d, "USD"))));
}

async function all(pieces: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

/** Four coupons: a name that is hard to write, 13 codes, none, 5; code ids not in coupon order. */
function sample(): State {
  return {
    coupons: [
      couponRow(4, { type: "percentage_off", percentage: 12.5, name: "Spring 12.5%" }),
      couponRow(1, {
        type: "percentage_off",
        percentage: 15,
        freeShip: true,
        name: 'Quote " back \\ [brackets] {braces} "codes":[] ünïcødé ✓ \u2028 \n end',
      }),
      couponRow(2, { type: "flat_discount", flatRate: 1250, threshold: 4000, useLimit: 13 }),
      couponRow(3),
    ],
    codes: [
      codeRow(1, 1, { type: "multi_use", code: 'SUMMER"15\\' }),
      ...Array.from({ length: 13 }, (_, i) => codeRow(20 + i, 2)),
      ...Array.from({ length: 5 }, (_, i) => codeRow(2 + i, 4)),
    ],
  };
}

describe("couponsJson", () => {
  it("writes the bytes the schema serializer wrote, whatever the batch sizes", async () => {
    const state = sample();
    const expected = serializedList(state);
    for (const batch of [1, 2, 3, 4, 5, 13, 100]) {
      for (const couponBatch of [1, 2, 500]) {
        const { source } = memorySource(state);
        const text = (await all(couponsJson(source, { currency: "USD", batch, couponBatch }))).join("");
        expect(text, `batch ${batch}, coupon batch ${couponBatch}`).toBe(expected);
      }
    }
  });

  it("an empty store is []", async () => {
    const { source } = memorySource({ coupons: [], codes: [] });
    expect(await all(couponsJson(source, { currency: "USD", batch: 3 }))).toEqual(["[]"]);
  });

  it("reads one batch of codes per piece taken, and never holds more than a batch", async () => {
    const state: State = {
      coupons: [couponRow(1), couponRow(2), couponRow(3)],
      codes: Array.from({ length: 30 }, (_, i) => codeRow(i + 1, 1 + Math.floor(i / 10))),
    };
    const { source, reads } = memorySource(state);
    const batch = 4;
    const pieces = couponsJson(source, { currency: "USD", batch });
    const taken: string[] = [];
    for (let next = await pieces.next(); !next.done; next = await pieces.next()) {
      taken.push(next.value);
      // The read that made this piece, and at most the one before it: nothing read ahead.
      expect(reads.codes).toBeLessThanOrEqual(taken.length + 1);
      expect(next.value.match(/"code":/g)?.length ?? 0).toBeLessThanOrEqual(batch);
    }
    expect(taken.join("")).toBe(serializedList(state));
    expect(reads.codes).toBe(Math.ceil(30 / batch));
    expect(reads.largest).toBe(batch);
    expect(taken.length).toBeGreaterThanOrEqual(30 / batch);
  });

  it("read a statement at a time: a coupon deleted before its codes are read is left out", async () => {
    const state: State = {
      coupons: [couponRow(1), couponRow(2), couponRow(3)],
      codes: [1, 2, 3].flatMap((c) => [1, 2, 3].map((i) => codeRow(c * 10 + i, c))),
    };
    const { source } = memorySource(state);
    const pieces = couponsJson(source, { currency: "USD", batch: 2 });
    const first = await pieces.next();
    // Coupon 2 and its codes go (a DELETE cascades) after the first piece.
    state.coupons = state.coupons.filter((c) => c.id !== 2);
    state.codes = state.codes.filter((c) => c.couponId !== 2);
    const rest = await all(pieces);
    const list = JSON.parse(first.value + rest.join("")) as { id: number; codes: unknown[] }[];
    expect(list.map((c) => [c.id, c.codes.length])).toEqual([
      [1, 3],
      [3, 3],
    ]);
  });

  it("a coupon deleted while its codes are written ends the answer with an error, not a short list", async () => {
    const state: State = {
      coupons: [couponRow(1), couponRow(2)],
      codes: [1, 2].flatMap((c) => [1, 2, 3].map((i) => codeRow(c * 10 + i, c))),
    };
    const { source } = memorySource(state);
    const pieces = couponsJson(source, { currency: "USD", batch: 2 });
    const first = await pieces.next();
    expect(first.value).toMatch(/^\[\{"id":1,.*"codes":\[\{"code":"C1-11".*\{"code":"C1-12"[^\]]*$/);
    state.coupons = state.coupons.filter((c) => c.id !== 1);
    state.codes = state.codes.filter((c) => c.couponId !== 1);
    await expect(pieces.next()).rejects.toBeInstanceOf(CouponsChangedError);
  });

  it("one coupon (GET /coupons/{id}): its object; an unknown id fails before anything is written", async () => {
    const state = sample();
    const { source } = memorySource(state, 2);
    const text = (await all(couponsJson(source, { currency: "USD", batch: 4, single: { id: 2 } }))).join("");
    const codes = state.codes.filter((c) => c.couponId === 2);
    expect(text).toBe(
      JSON.stringify(couponSchema.encode(serializeCoupon({ coupon: state.coupons[2]!, codes }, "USD"))),
    );

    const missing = memorySource(state, 99);
    const pieces = couponsJson(missing.source, { currency: "USD", batch: 4, single: { id: 99 } });
    await expect(pieces.next()).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a code the schema would refuse (a type it does not know) fails the answer", async () => {
    const state = sample();
    state.codes.push(codeRow(99, 4, { type: "bogus" }));
    const { source } = memorySource(state);
    await expect(all(couponsJson(source, { currency: "USD", batch: 3 }))).rejects.toThrow(/type the API does not know/);
  });
});

describe("sendJsonPieces", () => {
  let app: FastifyInstance;
  let base: string;
  const logs: Record<string, unknown>[] = [];
  /** Resolved when the route's pieces are closed (their database read would end there); set before a request. */
  const closed = new Map<string, () => void>();
  const whenClosed = (name: string) => new Promise<void>((resolve) => closed.set(name, resolve));
  const close = (name: string) => closed.get(name)?.();

  const mb = "x".repeat(64 * 1024);
  async function* endless(name: string) {
    try {
      yield "[";
      for (let i = 0; ; i++) yield `${i ? "," : ""}"${mb}"`;
    } finally {
      close(name);
    }
  }

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        callback();
      },
    });
    // forceCloseConnections: fetch may leave a connection open that never carried a request.
    app = Fastify({ logger: { level: "info", stream }, forceCloseConnections: true });
    app.setErrorHandler(apiErrorHandler);
    const send = (name: string, pieces: () => AsyncGenerator<string>, stallMs?: number) =>
      app.get(`/${name}`, (request, reply) =>
        sendJsonPieces(request, reply, pieces(), { log: request.log, what: name, ...(stallMs ? { stallMs } : {}) }),
      );
    send("ok", async function* () {
      try {
        yield "[1";
        yield ",2";
        yield "]";
      } finally {
        close("ok");
      }
    });
    send("fails-first", async function* () {
      throw new NotFoundError("There is no such list.");
    });
    send("fails-later", async function* () {
      yield `[${mb}`;
      throw new Error("the connection to the database was lost");
    });
    send("endless", () => endless("endless"));
    send("stalls", () => endless("stalls"), 50);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends the pieces as one JSON body", async () => {
    const done = whenClosed("ok");
    const res = await fetch(`${base}/ok`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.text()).toBe("[1,2]");
    await done;
  });

  it("HEAD: the headers, no body, and the pieces closed", async () => {
    const done = whenClosed("ok");
    const res = await fetch(`${base}/ok`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    await done;
  });

  it("what fails before the first piece is answered with its status and the error body", async () => {
    const res = await fetch(`${base}/fails-first`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });

  it("what fails after the answer started breaks the body (never a short answer that looks whole), and is logged", async () => {
    const res = await fetch(`${base}/fails-later`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    await expect
      .poll(() => logs.some((l) => String(l.msg).includes("fails-later: the answer was cut short")))
      .toBe(true);
    const line = logs.find((l) => String(l.msg).includes("fails-later"))!;
    expect(line.level).toBe(50);
  });

  it("a client that goes away closes the pieces", async () => {
    const done = whenClosed("endless");
    const controller = new AbortController();
    const res = await fetch(`${base}/endless`, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await done;
  });

  it("a client that takes nothing is given up after stallMs: the pieces closed, a warning logged", async () => {
    const done = whenClosed("stalls");
    const socket = connect(Number(new URL(base).port), "127.0.0.1");
    const gone = new Promise((resolve) => socket.once("close", resolve));
    socket.on("error", () => {}); // the server resets it
    socket.write("GET /stalls HTTP/1.1\r\nHost: x\r\n\r\n");
    // Never read: the kernel's buffers fill, then the reply stops taking pieces.
    socket.pause();
    await done;
    socket.resume();
    await gone;
    const line = logs.find((l) => String(l.msg).includes("stalls: the answer was cut short"));
    expect(line).toMatchObject({ level: 40, err: { type: StalledReaderError.name } });
  });
});
