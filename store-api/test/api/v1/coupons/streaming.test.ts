import type { PGlite } from "@electric-sql/pglite";
import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addGeneratedCodes, GENERATED_CODE, generateCodes } from "../../../../src/coupons/codes.js";
import { couponDetail, createCoupon, getCoupon, listCoupons } from "../../../../src/coupons/coupons.js";
import { coupon as couponSchema, couponList } from "../../../../src/coupons/schemas.js";
import { serializeCoupon } from "../../../../src/coupons/serialize.js";
import { CODE_BATCH, EMBEDDED_CODE_BATCH } from "../../../../src/coupons/stream.js";
import type { Queryable } from "../../../../src/db/index.js";
import { couponCodes, coupons } from "../../../../src/db/schema/index.js";
import {
  addClient,
  addUser,
  api,
  seedToken,
  startStore,
  type TestStore,
  writeBehindApi,
} from "../../../helpers/index.js";
import { LogCapture } from "../../../server/log-capture.js";

/**
 * GET /coupons and GET /coupons/{id} are written as they are read, a batch of
 * codes at a time (src/coupons/stream.ts, docs/contract.md#coupons): the same
 * bytes as before, read in batches, and a failure once the answer has started
 * breaks the body rather than shortening it.
 */

const DAY = 86_400;
const START = Math.floor(Date.UTC(2030, 0, 1) / 1000);
const terms = { start_date: String(START), end_date: String(START + 30 * DAY) };
/** Codes of the big coupon: several batches on either database. */
const MANY = 12_000;

let store: TestStore;
let admin: string;
const logs = new LogCapture();
const db = () => store.database.db;
const batch = () => (store.database.kind === "pglite" ? EMBEDDED_CODE_BATCH : CODE_BATCH);

beforeAll(async () => {
  store = await startStore({ logLevel: "info" }, { logStream: logs.stream });
  const client = await addClient(store);
  const owner = await addUser(store, { email: "owner@example.com" });
  admin = (await seedToken(store, client, owner)).access_token;
});
afterAll(async () => {
  await store.close();
});

/** What the route's schema serializer wrote for the list before it was streamed. */
async function serializedList(): Promise<string> {
  const details = await db().transaction((tx) => listCoupons(tx));
  return JSON.stringify(couponList.encode(details.map((d) => serializeCoupon(d, "USD"))));
}

/** ... and for one coupon. */
async function serializedCoupon(id: number): Promise<string> {
  const detail = await db().transaction(async (tx) => couponDetail(tx, await getCoupon(tx, id)));
  return JSON.stringify(couponSchema.encode(serializeCoupon(detail, "USD")));
}

interface Statement {
  text: string;
  params: unknown[];
  /** Whether its connection had a transaction open when it was sent (PostgreSQL; PGlite's transactions are not seen here). */
  inTransaction: boolean;
}

const BEGINS = /^\s*(begin|start transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end)\b/i;

/** Whether a statement is a read of codes in the list's order (the old read of them all, or a batch). */
const readsCodes = (text: string) =>
  /from "coupon_codes"/.test(text) && /order by ("coupon_codes"\.)?"?coupon_id"?/.test(text);

/** `actual` is `expected`, or where they part (a diff of megabytes says nothing). */
function expectSameText(actual: string | null, expected: string) {
  if (actual === expected) return;
  const at = [...(actual ?? "")].findIndex((c, i) => c !== expected[i]);
  const where = at < 0 ? Math.min(actual?.length ?? 0, expected.length) : at;
  expect({ at: where, actual: actual?.slice(where - 80, where + 80) ?? null, length: actual?.length }).toEqual({
    at: where,
    actual: expected.slice(where - 80, where + 80),
    length: expected.length,
  });
}

/**
 * Every statement the store sends outside a transaction on PGlite, and every
 * one on PostgreSQL, seen at the driver (PGlite's query, node-postgres'
 * Client#query). `before` runs before a statement is sent, and may fail it as
 * a lost connection would by throwing.
 */
function watchStatements(before: (statement: Statement) => Promise<void> | void = () => {}) {
  const seen: Statement[] = [];
  if (store.database.kind === "pglite") {
    const client = (db() as unknown as { $client: PGlite }).$client;
    const original = client.query.bind(client);
    const spy = vi.spyOn(client, "query").mockImplementation(async (text, params, options) => {
      const statement = { text, params: params ?? [], inTransaction: false };
      seen.push(statement);
      await before(statement);
      return original(text, params, options);
    });
    return { seen, restore: () => spy.mockRestore() };
  }
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  // The connections with a transaction open: every client of the process is seen here, the job
  // runner's too, whose claim of a job is a transaction of its own on another connection.
  const open = new WeakSet<object>();
  const spy = vi.spyOn(proto, "query").mockImplementation(function (this: object, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === "string" ? config : (config?.text ?? "");
    if (BEGINS.test(text)) open.add(this);
    const statement = {
      text,
      params: values ?? (typeof config === "object" ? config?.values : undefined) ?? [],
      inTransaction: open.has(this),
    };
    if (ENDS.test(text)) open.delete(this);
    seen.push(statement);
    // node-postgres answers a query without a callback with a promise; so does this.
    return Promise.resolve(before(statement)).then(() => original.apply(this, args));
  });
  return { seen, restore: () => spy.mockRestore() };
}

/** A lost connection, as the driver reports one. */
const lostConnection = () => new Error("Connection terminated unexpectedly");

/** The request's body, or the error its reading ended with. */
async function get(path: string) {
  const res = await fetch(`${store.url}/api/v1${path}`, { headers: { authorization: `Bearer ${admin}` } });
  const body = await res.text().then(
    (text) => ({ text, error: null }),
    (error: unknown) => ({ text: null, error }),
  );
  return { res, ...body };
}

let big = 0;
const ids: number[] = [];

describe("streamed coupon reads", () => {
  it("an empty store lists []", async () => {
    const { res, text } = await get("/coupons");
    expect(res.status).toBe(200);
    expect(text).toBe("[]");
  });

  it("the list is byte for byte what the schema serializer wrote: every field, codes in order, coupons by id", async () => {
    const made = [
      { ...terms, name: 'Quote " back \\ [x] {y} "codes":[] ünï ✓', type: "percentage_off", percentage: "12.5%" },
      { ...terms, name: "Flat", type: "flat_discount", flat_rate: "12.50", threshold: "40", free_ship: "true" },
      { ...terms, name: "Mailing", type: "free_shipping" },
      { ...terms, name: "Few", type: "percentage_off", percentage: "15" },
      { ...terms, name: "Last", type: "free_shipping" },
    ];
    const forms = [
      { ...made[0]!, limit: "100", code: "SUMMER-15" },
      { ...made[1]!, limit: "0", code: "flat_12" },
      { ...made[2]!, limit: String(MANY) },
      { ...made[3]!, limit: "7" },
      { ...made[4]!, limit: "0", code: "LAST" },
    ];
    for (const form of forms) {
      const res = await api(store, admin, "POST", "/coupons", form);
      expect(res.status, res.text.slice(0, 300)).toBe(201);
      ids.push(res.json.id);
    }
    big = ids[2]!;
    // Some codes used (inactive, modified moved), spread over the batches.
    await writeBehindApi(store, async () => {
      const codes = await db().select({ id: couponCodes.id }).from(couponCodes).where(eq(couponCodes.couponId, big));
      const used = codes.filter((_, i) => i % 997 === 0).map((c) => c.id);
      await db()
        .update(couponCodes)
        .set({ active: false, updatedAt: new Date("2031-02-03T04:05:06Z") })
        .where(inArray(couponCodes.id, used));
    });

    const { res, text } = await get("/coupons");
    expect(res.status).toBe(200);
    expectSameText(text, await serializedList());
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const list = JSON.parse(text!) as { id: number; codes: { active: boolean }[] }[];
    expect(list.map((c) => c.id)).toEqual(ids);
    expect(list.map((c) => c.codes.length)).toEqual([1, 1, MANY, 7, 1]);
    expect(list[2]!.codes.filter((c) => !c.active)).toHaveLength(Math.ceil(MANY / 997));
  });

  it("GET /coupons/{id}: byte for byte what the serializer wrote; an unknown id is a 404 naming it", async () => {
    for (const id of ids) {
      const { res, text } = await get(`/coupons/${id}`);
      expect(res.status).toBe(200);
      expectSameText(text, await serializedCoupon(id));
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const missing = await get("/coupons/999999");
    expect(missing.res.status).toBe(404);
    expect(JSON.parse(missing.text!)).toMatchObject({
      error: "not_found",
      error_description: expect.stringMatching(/999999/),
    });
    const head = await fetch(`${store.url}/api/v1/coupons/${big}`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(head.status).toBe(200);
  });

  it("reads the codes a batch at a time, never all at once", async () => {
    const watch = watchStatements();
    try {
      const expected = await serializedList();
      watch.seen.length = 0;
      const { text } = await get("/coupons");
      expectSameText(text, expected);
      const reads = watch.seen.filter((s) => readsCodes(s.text));
      const total = MANY + 10;
      expect(reads.length).toBeGreaterThanOrEqual(Math.ceil(total / batch()));
      expect(reads.length).toBeLessThanOrEqual(Math.ceil(total / batch()) + 1);
      // Each asks for a batch and one code more (to see whether a coupon goes on past it).
      for (const read of reads) expect(read.params).toContain(batch() + 1);

      watch.seen.length = 0;
      expectSameText((await get(`/coupons/${big}`)).text, await serializedCoupon(big));
      const one = watch.seen.filter((s) => readsCodes(s.text));
      expect(one.length).toBeGreaterThanOrEqual(Math.ceil(MANY / batch()));
      expect(one.length).toBeLessThanOrEqual(Math.ceil(MANY / batch()) + 1);
    } finally {
      watch.restore();
    }
  });

  it("a database failure once the answer has started breaks the body (never a short list) and is logged", async () => {
    let codeReads = 0;
    const watch = watchStatements((s) => {
      if (readsCodes(s.text) && ++codeReads === 3) throw lostConnection();
    });
    let broken: Awaited<ReturnType<typeof get>>;
    try {
      broken = await get("/coupons");
    } finally {
      watch.restore();
    }
    expect(broken.res.status).toBe(200);
    expect(broken.text).toBeNull();
    expect(broken.error).toBeInstanceOf(Error);
    const requestId = broken.res.headers.get("x-request-id");
    await logs.waitFor((l) => l.reqId === requestId && String(l.msg).includes("the answer was cut short"));
    const line = logs.lines.find((l) => l.reqId === requestId && String(l.msg).includes("cut short"))!;
    expect(line).toMatchObject({ level: 50, msg: "GET /coupons: the answer was cut short after it had started" });
    // Nothing was left holding the database: the store answers the next list whole.
    expectSameText((await get("/coupons")).text, await serializedList());
  });

  it("a lost database connection before anything was sent is a 503 with Retry-After and the error body", async () => {
    const watch = watchStatements((s) => {
      if (readsCodes(s.text)) throw lostConnection();
    });
    let failed: Awaited<ReturnType<typeof get>>;
    try {
      failed = await get("/coupons");
    } finally {
      watch.restore();
    }
    // The database could not be reached (docs/architecture.md#when-the-database-is-away): try again soon.
    expect(failed.res.status).toBe(503);
    expect(failed.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(JSON.parse(failed.text!)).toMatchObject({ error: "temporarily_unavailable" });
  });

  it("a coupon deleted while its codes are written breaks the answer (never a coupon with part of its codes)", async () => {
    let codeReads = 0;
    const watch = watchStatements(async (s) => {
      // Before the second batch of codes, half-way through the big coupon's.
      if (readsCodes(s.text) && ++codeReads === 2) {
        await writeBehindApi(store, () => db().delete(coupons).where(eq(coupons.id, big)));
      }
    });
    let read: Awaited<ReturnType<typeof get>>;
    try {
      read = await get("/coupons");
    } finally {
      watch.restore();
    }
    expect(codeReads).toBeGreaterThanOrEqual(2);
    expect(read.res.status).toBe(200);
    // A statement a batch on either database (no snapshot held across the answer): the answer breaks.
    expect(read.text).toBeNull();
    const requestId = read.res.headers.get("x-request-id");
    await logs.waitFor((l) => l.reqId === requestId && String(l.msg).includes("cut short"));
    // The next list is without it.
    const after = JSON.parse((await get("/coupons")).text!) as { id: number }[];
    expect(after.map((c) => c.id)).toEqual(ids.filter((id) => id !== big));
  });
});

describe("a list read a statement at a time, under concurrent writes", () => {
  it("holds no transaction across the answer; coupons made meanwhile are left out, codes redeemed meanwhile are read as they are, every coupon whole", async () => {
    // A coupon of a few batches of codes, the last in the list.
    const res = await api(store, admin, "POST", "/coupons", {
      ...terms,
      name: "Batches",
      type: "free_shipping",
      limit: String(3 * batch() + 7),
    });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    const kept = JSON.parse((await get("/coupons")).text!) as { id: number; codes: { active: boolean }[] }[];
    const bigOne = kept.find((c) => c.id === res.json.id)!;
    let codeReads = 0;
    let made = 0;
    const watch = watchStatements(async (s) => {
      // Before the second batch of codes: a new coupon, and some of the big coupon's codes redeemed.
      if (readsCodes(s.text) && ++codeReads === 2) {
        await writeBehindApi(store, async () => {
          const input = { name: "Meanwhile", type: "free_shipping" as const, limit: 0, code: "MEANWHILE" };
          made = (await createCoupon(db(), { ...input, start_date: START, end_date: START + DAY })).id;
          await db().execute(sql`
            update coupon_codes set active = false, updated_at = now()
            where coupon_id = ${bigOne.id}::integer and active and id % 500 = 0`);
        });
      }
    });
    let read: Awaited<ReturnType<typeof get>>;
    try {
      read = await get("/coupons");
    } finally {
      watch.restore();
    }
    expect(codeReads).toBeGreaterThanOrEqual(2);
    // Each read of codes was a statement of its own, in no transaction (nothing held a connection while
    // the client read). Other BEGINs may be seen meanwhile: the job runner claims jobs on connections of its own.
    expect(watch.seen.filter((st) => readsCodes(st.text) && st.inTransaction)).toEqual([]);
    expect(read.res.status).toBe(200);
    const list = JSON.parse(read.text!) as { id: number; codes: { code: string; active: boolean }[] }[];
    expect(made).toBeGreaterThan(0);
    // The coupons there when the answer began, each with every one of its codes.
    expect(list.map((c) => [c.id, c.codes.length])).toEqual(kept.map((c) => [c.id, c.codes.length]));
    // The next list has the new coupon, and the codes as they now are.
    const after = JSON.parse((await get("/coupons")).text!) as typeof list;
    expect(after.map((c) => c.id)).toEqual([...kept.map((c) => c.id), made]);
    const inactive = (l: typeof list) => l.find((c) => c.id === bigOne.id)!.codes.filter((c) => !c.active).length;
    expect(inactive(after)).toBeGreaterThan(inactive(kept as typeof list));
    // Redeemed while the list was read: each code as it was when its batch was read (the first batch before).
    expect(inactive(list)).toBeGreaterThan(inactive(kept as typeof list));
    expect(inactive(list)).toBeLessThanOrEqual(inactive(after));
  });
});

describe("codes written behind the API's back", () => {
  it("odd text and times to the microsecond read as the schema serializer wrote them; an unknown type fails", async () => {
    const id = await db().transaction(async (tx) => {
      const row = await createCoupon(tx, {
        name: "Odd",
        type: "free_shipping",
        start_date: START,
        end_date: START + DAY,
        limit: 0,
        code: "ODD-HOST",
      });
      await tx.insert(couponCodes).values(
        [
          'quote " and \\ backslash',
          "tab\t newline\n nul-ish \u0001 \u001f del \u007f",
          "é ✓ 😀 \u2028 \u2029",
          "</script>",
        ].map((code, i) => ({
          couponId: row.id,
          code,
          type: "multi_use",
          active: i % 2 === 0,
          createdAt: new Date("2031-02-03T04:05:06.999Z"),
          updatedAt: new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 500)),
        })),
      );
      // A time with microseconds, which a Date cannot hold: the serializer rounded it down to its second.
      await tx.execute(
        sql`update coupon_codes set updated_at = '2031-02-03 04:05:06.999999+00' where code = '</script>'`,
      );
      return row.id;
    });
    const { text } = await get(`/coupons/${id}`);
    expectSameText(text, await serializedCoupon(id));
    expectSameText((await get("/coupons")).text, await serializedList());

    await writeBehindApi(store, () =>
      db().insert(couponCodes).values({ couponId: id, code: "BOGUS-TYPE", type: "bogus" }),
    );
    const failed = await get(`/coupons/${id}`);
    expect(failed.res.status).toBe(500);
    await writeBehindApi(store, () => db().delete(coupons).where(eq(coupons.id, id)));
  });
});

describe("generated codes", () => {
  /** A coupon with one code, and `count` codes generated for it, counting the INSERT statements. */
  async function generate(count: number, chunk?: number) {
    let statements = 0;
    const couponId = await db().transaction(async (tx) => {
      const row = await createCoupon(tx, {
        name: "Host",
        type: "free_shipping",
        start_date: START,
        end_date: START + DAY,
        limit: 0,
        code: `HOST-${count}-${chunk ?? "default"}`,
      });
      // Counts what addGeneratedCodes sends, whichever the driver.
      const counted = new Proxy(tx, {
        get(target, prop) {
          if (prop === "execute") {
            return (...args: Parameters<typeof tx.execute>) => {
              statements++;
              return target.execute(...args);
            };
          }
          return Reflect.get(target, prop, target);
        },
      }) as Queryable;
      await addGeneratedCodes(counted, row.id, count, generateCodes, ...(chunk ? [chunk] : []));
      return row.id;
    });
    const codes = await db().select().from(couponCodes).where(eq(couponCodes.couponId, couponId));
    return { statements, codes: codes.filter((c) => c.type === "one_use").map((c) => c.code) };
  }

  it("gives `count` unique codes, made and inserted a chunk at a time", async () => {
    const { statements, codes } = await generate(2_345, 1_000);
    expect(statements).toBe(3);
    expect(codes).toHaveLength(2_345);
    expect(new Set(codes.map((c) => c.toLowerCase())).size).toBe(2_345);
    expect(codes.every((c) => GENERATED_CODE.test(c))).toBe(true);
  });

  it("chunks of 1,000 codes on the embedded database (its inserts run on the event loop), 10,000 on PostgreSQL", async () => {
    const { statements, codes } = await generate(2_345);
    expect(codes).toHaveLength(2_345);
    expect(statements).toBe(store.database.kind === "pglite" ? 3 : 1);
  });

  it("POST /coupons without a code still makes `limit` unique codes", async () => {
    const res = await api(store, admin, "POST", "/coupons", {
      ...terms,
      name: "Batch",
      type: "free_shipping",
      limit: "2500",
    });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    const codes = (res.json.codes as { code: string }[]).map((c) => c.code);
    expect(codes).toHaveLength(2_500);
    expect(new Set(codes).size).toBe(2_500);
  });
});
