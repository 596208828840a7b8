import { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import { and, asc, eq, gt, lte, max, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { NotFoundError } from "../api/errors.js";
import { isEmbedded } from "../db/driver.js";
import type { Db, Queryable } from "../db/index.js";
import { shareOfRequest } from "../limits/pool-shares.js";
import { couponCodes, coupons } from "../db/schema/index.js";
import type { CouponRow } from "./coupons.js";
import { CODE_TYPES, coupon as couponSchema } from "./schemas.js";
import { serializeCoupon } from "./serialize.js";

/**
 * The coupons' reads (GET /coupons, GET /coupons/{id}), written to the reply as
 * they are read from the database (docs/contract.md#coupons). Each coupon may
 * hold 100,000 codes, and the list carries every code of every coupon: ten
 * such coupons make a 90 MB answer. Built whole, it took the store's memory
 * past a gigabyte and its one thread for seconds. Here the codes are read a
 * batch at a time, and the next batch only once the client has taken the last
 * one, so that what is held stays at a batch or two whatever the number of
 * codes. The bytes are those the route's schema serializer wrote before.
 *
 * Each read is a statement of its own, on either database: nothing holds a
 * connection while the client is waited for (a list opened and left unread
 * once held a transaction, and ten of them the whole pool). What the answer
 * then promises is in `couponsJson`; what a client may hold open at once,
 * in limits/pool-shares.ts.
 */

/**
 * Codes a read takes. On the embedded database the reading runs on this
 * thread (db/driver.ts): 2,000 codes keep each pause of the event loop near
 * 10 ms. On PostgreSQL the reading is the server's; there the batch sets how
 * much text each read hands to the garbage collector, and 1,000 codes (some
 * 100 kB) left the lowest peak in bench/coupons-list.mjs.
 */
export const CODE_BATCH = 1_000;
export const EMBEDDED_CODE_BATCH = 2_000;
/** Coupon rows a read takes (their codes are read apart). */
export const COUPON_BATCH = 500;
/**
 * How long the reader may leave a piece untaken before the answer is given up:
 * the answer holds its client's share of the database meanwhile (limits/pool-shares.ts).
 */
export const STALL_MS = 30_000;

/** Where a code stands in the list's order. */
export interface CodeKey {
  couponId: number;
  id: number;
}

/** One coupon's codes within a read of codes: consecutive, in the order they were made, as JSON. */
export interface CodeRun {
  couponId: number;
  /** How many (0 when the run is only the code after the read, see nextId). */
  count: number;
  firstId: number | null;
  lastId: number | null;
  /** The id of this coupon's code that comes right after the read, if that code is this coupon's. */
  nextId: number | null;
  /** Whether every code's type is one the API knows (the column is text). */
  known: boolean;
  /** The codes as the API writes them (Coupon code objects), separated by commas. */
  json: string | null;
}

/** What the list is read from, a batch at a time. */
export interface CouponSource {
  /** Up to `limit` coupons with an id above `after`, by id. */
  coupons(after: number, limit: number): Promise<CouponRow[]>;
  /**
   * The next `limit` codes after `after` in the list's order (by coupon, then
   * as they were made), in runs by coupon; and the code after them, as the
   * `nextId` of its coupon's run (a run of its own when no code of the read
   * is that coupon's).
   */
  codes(after: CodeKey, limit: number): Promise<CodeRun[]>;
  /** Whether the coupon is (still) there. */
  exists(id: number): Promise<boolean>;
}

/**
 * The coupons (or the one coupon, `only`) and their codes in `q`, up to the
 * coupon `upTo` (the highest id when the answer began: see couponsJson). The codes'
 * JSON is written by the database, a run of codes a row: per code, the text
 * the response schema gave (coupons/schemas.ts `couponCode`, keys in its
 * order; to_json escapes a string as JSON.stringify does; times are whole
 * seconds, rounded down). A million codes as row objects and Dates, read and
 * dropped, left the heap a hundred megabytes of garbage, and cost the embedded
 * database four times the time.
 */
export function databaseSource(q: Queryable, only?: number, upTo?: number): CouponSource {
  return {
    coupons: (after, limit) =>
      q
        .select()
        .from(coupons)
        .where(
          and(
            gt(coupons.id, after),
            only === undefined ? undefined : eq(coupons.id, only),
            upTo === undefined ? undefined : lte(coupons.id, upTo),
          ),
        )
        .orderBy(asc(coupons.id))
        .limit(limit),
    codes: async (after, limit) => {
      const from = only === undefined || after.couponId === only ? after : { couponId: only, id: 0 };
      // The (coupon_id, id) index answers the condition as one range: a keyset page, and one code more.
      const result = await q.execute(sql`
        with page as (
          select coupon_id, id, type, active, code, created_at, updated_at
          from ${couponCodes}
          where (coupon_id, id) > (${from.couponId}::integer, ${from.id}::integer)
            -- One coupon's: its end as a bound of the same range (with "coupon_id =", the planner may read
            -- all of the coupon's codes to sort them, for each read).
            ${only === undefined ? sql`` : sql`and coupon_id <= ${only}::integer`}
            -- The list's end as it began (couponsJson): the same bound of the range.
            ${upTo === undefined ? sql`` : sql`and coupon_id <= ${upTo}::integer`}
          order by coupon_id, id
          limit ${limit + 1}::integer
        ), numbered as (
          select *, row_number() over (order by coupon_id, id) as n,
            '{"code":' || to_json(code)::text || ',"type":' || to_json(type)::text
              || ',"active":' || active::text
              || ',"created":' || floor(extract(epoch from created_at))::bigint::text
              || ',"modified":' || floor(extract(epoch from updated_at))::bigint::text || '}' as json
          from page
        )
        select coupon_id as "couponId",
          count(*) filter (where n <= ${limit}::integer)::integer as "count",
          min(id) filter (where n <= ${limit}::integer) as "firstId",
          max(id) filter (where n <= ${limit}::integer) as "lastId",
          min(id) filter (where n > ${limit}::integer) as "nextId",
          coalesce(bool_and(type in (${sql.join(
            CODE_TYPES.map((t) => sql`${t}`),
            sql`, `,
          )})) filter (where n <= ${limit}::integer), true) as "known",
          string_agg(json, ',' order by id) filter (where n <= ${limit}::integer) as "json"
        from numbered
        group by coupon_id
        order by coupon_id`);
      // Both drivers (node-postgres and PGlite) answer a raw query with its `rows`.
      return (result as unknown as { rows: CodeRun[] }).rows;
    },
    exists: async (id) => (await q.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id))).length > 0,
  };
}

/** A coupon's codes went away (it was deleted) while they were being written: the answer cannot be finished. */
export class CouponsChangedError extends Error {
  override name = "CouponsChangedError";
  constructor(readonly couponId: number) {
    super(`Coupon ${couponId} was deleted while its codes were being read.`);
  }
}

/** The reader left a piece untaken for too long. */
export class StalledReaderError extends Error {
  override name = "StalledReaderError";
  constructor(ms: number) {
    super(`The client took nothing for ${ms} ms; the answer is given up.`);
  }
}

const CODES = '"codes":[]';

/**
 * A coupon's JSON around its codes: the text up to and with `"codes":[`, and
 * from its `]` on. Checked and encoded by the response schema, as the route's
 * serializer did. The first `"codes":[]` is the key: the fields before it
 * (id, name, type) cannot hold one, since a quote inside a JSON string is
 * always escaped.
 */
export function couponParts(row: CouponRow, currency: string): [head: string, tail: string] {
  const text = JSON.stringify(couponSchema.encode(serializeCoupon({ coupon: row, codes: [] }, currency)));
  const at = text.indexOf(CODES) + CODES.length - 1;
  return [text.slice(0, at), text.slice(at)];
}

export interface CouponsJsonOptions {
  currency: string;
  /** Codes a read takes. */
  batch: number;
  /** Coupon rows a read takes. */
  couponBatch?: number;
  /** One coupon's object (GET /coupons/{id}) rather than the list; the source must hold that coupon only. */
  single?: { id: number };
}

/**
 * The JSON of the coupons in `source` (a list by id, or one coupon), a piece at
 * a time: each piece is what was written since the last read of codes, and
 * the next read happens only when the piece has been taken (the generator
 * resumes). The first piece comes after the first coupon has been read with
 * its first codes: what fails before (a 404, a database that is down) is
 * thrown by the first `next()`, before anything is sent.
 *
 * What "consistent" means for a list read a statement at a time (each batch
 * is its own statement, keyset-paged by (coupon, code): no transaction spans
 * the answer, docs/contract.md#coupons):
 *
 * - every coupon is written whole or not at all. A coupon's codes never change
 *   after it is made (they come and go with it, in its one transaction), so a
 *   coupon's code set is the same in every statement that sees the coupon: a
 *   coupon found without its codes was deleted meanwhile and is left out, and
 *   one deleted while its codes are written ends the answer broken
 *   (CouponsChangedError) rather than short;
 * - the coupons are those there when the answer began, less those deleted
 *   before they were reached: the source reads up to the highest id given out
 *   then (sendCoupons), so a coupon made during a long answer is not in it;
 * - what moves without a new coupon, a code's `active` and `modified` (a one_use
 *   code redeemed) and the counts `hits` and `redeemed`, is each as it was when
 *   read: as two reads of one coupon may differ anyway.
 *
 * A single transaction would give one instant for all of it, at the price of
 * a connection held for as long as the client takes to read (for ever, for one
 * that stops reading): one client could then hold the store's whole pool.
 */
export async function* couponsJson(source: CouponSource, opts: CouponsJsonOptions): AsyncGenerator<string> {
  const { batch, couponBatch = COUPON_BATCH, single } = opts;
  let out: string[] = single ? [] : ["["];
  const flush = () => {
    const piece = out.join("");
    out = [];
    return piece;
  };

  // The codes, a read at a time, in runs by coupon; with the key of the code after the read, so that the
  // next read can tell that codes went away rather than ended.
  let runs: CodeRun[] = [];
  let at = 0;
  let after: CodeKey = { couponId: 0, id: 0 };
  let following: CodeKey | null = null;
  let lastRead = false;
  /** The coupon whose codes are being written. */
  let open: number | null = null;
  const exhausted = () => at >= runs.length && !lastRead;
  /** What was read is written: let it go before the client is waited for (else it outlives the wait). */
  const release = () => {
    runs = [];
    at = 0;
  };
  const readCodes = async () => {
    const read = await source.codes(after, batch);
    const expected = following;
    const beyond = read.find((r) => r.nextId !== null);
    following = beyond ? { couponId: beyond.couponId, id: beyond.nextId! } : null;
    lastRead = !following;
    runs = read.filter((r) => r.count > 0);
    const last = runs[runs.length - 1];
    if (last) after = { couponId: last.couponId, id: last.lastId! };
    const first = runs[0];
    if (expected && expected.couponId === open && (first?.couponId !== open || first.firstId !== expected.id)) {
      throw new CouponsChangedError(expected.couponId);
    }
  };

  let written = 0;
  let afterCoupon = 0;
  for (;;) {
    // Coupon rows are small: a page is read without waiting for the client (what is pending then is at
    // most a read of codes and a page of coupons).
    const page = await source.coupons(afterCoupon, couponBatch);
    if (single && !page.length) throw new NotFoundError(`There is no coupon with id ${single.id}.`);
    for (const row of page) {
      // Codes of coupons before this one: read a statement at a time, those of a coupon that was
      // committed after a later one, whose row was not read. Left out with it.
      let run: CodeRun | undefined;
      for (;;) {
        if (exhausted()) {
          release();
          if (written) yield flush();
          await readCodes();
        }
        run = runs[at];
        if (!run || run.couponId >= row.id) break;
        at++;
      }
      // Every coupon is made with its codes: one without any was deleted since its row was read
      // (or made some other way; then it is shown without codes).
      if (run?.couponId !== row.id && !(await source.exists(row.id))) {
        if (single) throw new NotFoundError(`There is no coupon with id ${single.id}.`);
        continue;
      }
      const [head, tail] = couponParts(row, opts.currency);
      out.push(written++ ? "," : "", head);
      open = row.id;
      for (let n = 0; ; n++) {
        if (exhausted()) {
          release();
          yield flush();
          await readCodes();
        }
        run = runs[at];
        if (run?.couponId !== row.id) break;
        // What the response schema would refuse of a code.
        if (!run.known) throw new Error(`A code of coupon ${row.id} has a type the API does not know.`);
        out.push(n ? "," : "", run.json!);
        at++;
      }
      open = null;
      out.push(tail);
    }
    if (page.length < couponBatch) break;
    afterCoupon = page[page.length - 1]!.id;
  }
  if (!single) out.push("]");
  yield flush();
}

export interface AnswerOptions {
  log: FastifyBaseLogger;
  /** What the answer is, for the log. */
  what: string;
  stallMs?: number;
}

/**
 * Sends `pieces` as the reply's JSON body. The first piece is awaited here, so
 * that what fails before anything is sent is answered with its status and the
 * API's error body. The rest goes through a Readable that asks for the next
 * piece only when the reply has taken the last one (backpressure), and gives
 * up when the client takes nothing for `stallMs`. Once the status is sent an
 * error cannot change it: the error is logged and the response destroyed
 * (Fastify does so for a stream that fails), so that the client sees a broken
 * body, never a short answer that looks whole. A HEAD request gets the headers
 * once the first piece is known to be good.
 */
export async function sendJsonPieces(
  request: FastifyRequest,
  reply: FastifyReply,
  pieces: AsyncGenerator<string>,
  { log, what, stallMs = STALL_MS }: AnswerOptions,
) {
  const first = await pieces.next();
  reply.type("application/json; charset=utf-8");
  if (request.method === "HEAD") {
    await pieces.return(undefined);
    return reply.send();
  }
  let sent = 0;
  let stalled: NodeJS.Timeout | undefined;
  async function* body() {
    try {
      let next: IteratorResult<string> | null = first;
      while (!next.done) {
        const piece: string = next.value;
        // Nothing here holds the piece while the client is waited for: it would outlive the wait.
        next = null;
        sent += piece.length;
        stalled = setTimeout(() => stream.destroy(new StalledReaderError(stallMs)), stallMs).unref();
        yield piece; // resumes when the reply wants more
        clearTimeout(stalled);
        // A client that takes each piece at once leaves the loop no turn of its own (the socket
        // writes at once, and the rest runs in microtasks): other requests, timers and I/O go first.
        await setImmediate();
        next = await pieces.next();
      }
    } catch (err) {
      const level = err instanceof StalledReaderError ? "warn" : "error";
      log[level]({ err, charactersSent: sent }, `${what}: the answer was cut short after it had started`);
      throw err;
    } finally {
      clearTimeout(stalled);
      await pieces.return(undefined);
    }
  }
  const stream = Readable.from(body(), { objectMode: false });
  // A reply that ends before the body ever started (the client went away at once) still ends the
  // pieces, and with them their read of the database.
  stream.once("close", () => {
    clearTimeout(stalled);
    pieces.return(undefined).catch(() => {});
  });
  return reply.send(stream);
}

/**
 * One coupon's JSON, whole, read from `q` a batch of codes at a time with the
 * event loop's turn between batches: the answer of a write (POST, PUT), read
 * in the write's own transaction. Its size is bounded by the 100,000 codes a
 * coupon may have (some 10 MB); what a single read of them and the schema
 * serializer cost was the event loop held for over a second.
 */
export async function couponText(q: Queryable, id: number, currency: string): Promise<string> {
  const pieces: string[] = [];
  const batch = isEmbedded(q) ? EMBEDDED_CODE_BATCH : CODE_BATCH;
  for await (const piece of couponsJson(databaseSource(q, id), { currency, batch, single: { id } })) {
    pieces.push(piece);
    await setImmediate();
  }
  return pieces.join("");
}

/** Sends JSON text as it is (the route's serializer would encode it again). */
export function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type("application/json; charset=utf-8").send(text);
}

/** The list of every coupon (GET /coupons), or one coupon (`only`: GET /coupons/{id}), streamed. */
export async function sendCoupons(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  currency: string,
  only?: number,
) {
  const embedded = isEmbedded(db);
  const share = shareOfRequest(request);
  async function* pieces() {
    // The client's share of the database, held until the answer ends (or refused at once: a 503 before
    // anything is sent), whether a read is running or the client is waited for (limits/pool-shares.ts).
    const end = share ? await share.pin() : () => {};
    try {
      const upTo = only ?? (await highestCouponId(db));
      yield* couponsJson(databaseSource(db, only, upTo), {
        currency,
        batch: embedded ? EMBEDDED_CODE_BATCH : CODE_BATCH,
        ...(only === undefined ? {} : { single: { id: only } }),
      });
    } finally {
      end();
    }
  }
  return sendJsonPieces(request, reply, pieces(), {
    log: request.log,
    what: only === undefined ? "GET /coupons" : `GET /coupons/${only}`,
  });
}

/** The highest coupon id given out so far (0 when there is none): where a list that begins now ends. */
async function highestCouponId(q: Queryable): Promise<number> {
  const [row] = await q.select({ id: max(coupons.id) }).from(coupons);
  return row?.id ?? 0;
}
