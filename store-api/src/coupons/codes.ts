import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
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
 * taken is skipped and replaced by a fresh one). Bulk inserts in chunks, inside
 * the caller's transaction. `generate` is for tests (a collision on purpose).
 */
export async function addGeneratedCodes(
  q: Queryable,
  couponId: number,
  count: number,
  generate: (count: number) => string[] = generateCodes,
): Promise<void> {
  let missing = count;
  // A collision is one chance in 2^60 per pair of codes: a second round is already rare, a tenth impossible.
  for (let round = 0; missing > 0; round++) {
    if (round === 10) throw new Error(`Could not generate ${count} unique coupon codes.`);
    const codes = generate(missing);
    for (let start = 0; start < codes.length; start += CODE_INSERT_CHUNK) {
      const chunk = codes.slice(start, start + CODE_INSERT_CHUNK);
      // ON CONFLICT DO NOTHING: a code that any coupon has (without case) is skipped, and counted as missing.
      const result = await q.execute(sql`
        with added as (
          insert into ${couponCodes} (coupon_id, code, type)
          select ${couponId}::integer, unnest(${sql.param(chunk)}::text[]), 'one_use'
          on conflict do nothing
          returning 1
        )
        select count(*)::integer as added from added`);
      // Both drivers (node-postgres and PGlite) answer a raw query with its `rows`.
      const [row] = (result as unknown as { rows: { added: number }[] }).rows;
      missing -= Number(row?.added ?? 0);
    }
  }
}
