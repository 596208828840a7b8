import { randomBytes } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { isEmbedded } from "../db/driver.js";
import type { Queryable } from "../db/index.js";
import { couponCodes } from "../db/schema/index.js";

/**
 * Generated one_use codes (docs/contract.md#coupons): read aloud and typed by
 * people, so upper-case letters and digits without the look-alikes 0/O and
 * 1/I: 32 symbols, 5 bits each. Twelve of them, in three groups of four
 * ("K7QX-M2PD-9WTR"), make 60 random bits: guessing one of even a million
 * live codes takes about 2^40 tries.
 */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_GROUPS = 3;
export const GROUP_LENGTH = 4;
/** A generated code, as a pattern (tests check codes against it). */
export const GENERATED_CODE = new RegExp(
  `^[${CODE_ALPHABET}]{${GROUP_LENGTH}}(?:-[${CODE_ALPHABET}]{${GROUP_LENGTH}}){${CODE_GROUPS - 1}}$`,
);

const SYMBOLS = CODE_GROUPS * GROUP_LENGTH;

/**
 * Codes per INSERT. Each statement sends its codes as one text[] parameter
 * (unnest), which is several times quicker than a row of parameters per code
 * and stays clear of PostgreSQL's 65,535 parameters a statement; chunks keep
 * each statement's size bounded all the same.
 */
export const CODE_INSERT_CHUNK = 10_000;
/**
 * Codes per INSERT on the embedded database, whose statements run on the event
 * loop's thread (db/driver.ts): 1,000 codes take some 30 ms there, where 10,000
 * would hold every other request for a quarter of a second.
 */
export const EMBEDDED_CODE_INSERT_CHUNK = 1_000;
/** Chunks that may come back short (a code already taken) before generation gives up. */
const MAX_SHORT_CHUNKS = 10;

/** `count` distinct random codes. */
export function generateCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const missing = count - codes.size;
    // 256 is a multiple of 32: the low five bits of a random byte are a uniform symbol.
    const bytes = randomBytes(missing * SYMBOLS);
    for (let i = 0; i < missing; i++) {
      let code = "";
      for (let j = 0; j < SYMBOLS; j++) {
        if (j > 0 && j % GROUP_LENGTH === 0) code += "-";
        code += CODE_ALPHABET[bytes[i * SYMBOLS + j]! & 31];
      }
      codes.add(code);
    }
  }
  return [...codes];
}

/**
 * Gives the coupon `count` new one_use codes, unique among every coupon's codes
 * (the unique index on lower(code) decides: a generated code that is already
 * taken is skipped and replaced by a fresh one), inside the caller's
 * transaction. The codes are made and inserted a chunk at a time, and the
 * event loop gets a turn between chunks, so that 100,000 codes neither sit in
 * memory at once nor keep other requests waiting on this thread. `generate`
 * and `chunk` are for tests (a collision on purpose, small chunks).
 */
export async function addGeneratedCodes(
  q: Queryable,
  couponId: number,
  count: number,
  generate: (count: number) => string[] = generateCodes,
  chunk: number = isEmbedded(q) ? EMBEDDED_CODE_INSERT_CHUNK : CODE_INSERT_CHUNK,
): Promise<void> {
  let missing = count;
  // A collision is one chance in 2^60 per pair of codes: a short chunk is already rare, a tenth impossible.
  let short = 0;
  while (missing > 0) {
    const size = Math.min(missing, chunk);
    const codes = generate(size);
    // ON CONFLICT DO NOTHING: a code that any coupon has (without case) is skipped, and counted as missing.
    const result = await q.execute(sql`
      with added as (
        insert into ${couponCodes} (coupon_id, code, type)
        select ${couponId}::integer, unnest(${sql.param(codes)}::text[]), 'one_use'
        on conflict do nothing
        returning 1
      )
      select count(*)::integer as added from added`);
    // Both drivers (node-postgres and PGlite) answer a raw query with its `rows`.
    const [row] = (result as unknown as { rows: { added: number }[] }).rows;
    const added = Number(row?.added ?? 0);
    missing -= added;
    if (added < size && ++short === MAX_SHORT_CHUNKS) {
      throw new Error(`Could not generate ${count} unique coupon codes.`);
    }
    // Other requests' turn (their timers, their answers from memory) before the next chunk.
    if (missing > 0) await setImmediate();
  }
}
