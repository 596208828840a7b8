import { isIPv6 } from "node:net";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { sha256 } from "../auth/secrets.js";
import type { SignInSettings } from "../config.js";
import type { Queryable } from "../db/index.js";
import { signInThrottle } from "../db/schema/index.js";
import { apartFromRequest } from "../db/outage.js";

/**
 * The sign-in throttle (docs/contract.md#oauth). Every password check is
 * reserved in the database *before* the slow hash, with one atomic upsert per
 * key, so parallel requests cannot slip past the limit and every instance
 * shares the counts. Fixed windows, per key:
 *
 * - email and client address: a few checks, so guessing one person's password
 *   is slow, while someone elsewhere can still sign in as them;
 * - client address: a few dozen, whatever the email (one address spraying
 *   many emails);
 * - store-wide failures: when crossed (an attack from many addresses), the
 *   brake admits only a trickle of checks per second for everyone until the
 *   window ends. Sized so that a store's staff never meet it.
 *
 * A successful sign-in clears its email and address key and gives back its
 * reservation of the others, so only failures add up.
 */
export type SignInLimits = Pick<
  SignInSettings,
  "windowMs" | "perEmailAndAddress" | "perAddress" | "storeWide" | "brakedPerSecond"
>;

interface Held {
  key: string;
  windowEndsAt: Date;
}

export type Reservation =
  | { ok: true; held: Held[]; braked: boolean }
  | { ok: false; retryAfter: number; limit: "email-and-address" | "address" | "store-wide" };

const STORE_WIDE = "store";
const BRAKE = "store:braked";

/**
 * The address a client is counted under: an IPv6 client usually holds a whole
 * /64, so it counts as one; an IPv4-mapped address counts as the IPv4 one.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Takes one check from a key's window, or answers null when the window is full. One statement, atomic. */
async function take(q: Queryable, key: string, max: number, windowMs: number): Promise<Held | null> {
  if (max < 1) return null;
  const t = signInThrottle;
  const expired = sql`${t.windowEndsAt} <= now()`;
  const [row] = await q
    .insert(t)
    .values({ key, count: 1, windowEndsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${expired} THEN excluded.window_ends_at ELSE ${t.windowEndsAt} END`,
      },
      setWhere: sql`${expired} OR ${t.count} < ${max}`,
    })
    .returning({ key: t.key, windowEndsAt: t.windowEndsAt });
  return row ?? null;
}

/** Seconds until a full key's window ends (at least 1). */
async function secondsLeft(q: Queryable, key: string): Promise<number> {
  const [row] = await q
    .select({ s: sql<number>`ceil(extract(epoch from ${signInThrottle.windowEndsAt} - now()))::int` })
    .from(signInThrottle)
    .where(eq(signInThrottle.key, key));
  return Math.max(1, row?.s ?? 1);
}

/** Gives a reservation back, unless its window has since been replaced by a new one. */
async function giveBack(q: Queryable, held: Held[]) {
  for (const h of held) {
    await q
      .update(signInThrottle)
      .set({ count: sql`${signInThrottle.count} - 1` })
      .where(
        and(
          eq(signInThrottle.key, h.key),
          eq(signInThrottle.windowEndsAt, h.windowEndsAt),
          gt(signInThrottle.count, 0),
        ),
      );
  }
}

function keys(email: string, address: string) {
  const client = clientKey(address);
  return { emailAndAddress: `ea:${sha256(`${email.toLowerCase()}\n${client}`)}`, address: `a:${sha256(client)}` };
}

/**
 * Reserves one password check for the email from the address, before the hash runs. The counters are
 * the store's bookkeeping, which no cache holds: a failed sign-in empties no cache (db/outage.ts).
 */
export function reserveSignIn(
  q: Queryable,
  limits: SignInLimits,
  email: string,
  address: string,
): Promise<Reservation> {
  return apartFromRequest(() => reserve(q, limits, email, address));
}

async function reserve(q: Queryable, limits: SignInLimits, email: string, address: string): Promise<Reservation> {
  const k = keys(email, address);
  const ea = await take(q, k.emailAndAddress, limits.perEmailAndAddress, limits.windowMs);
  if (!ea) return { ok: false, limit: "email-and-address", retryAfter: await secondsLeft(q, k.emailAndAddress) };
  const a = await take(q, k.address, limits.perAddress, limits.windowMs);
  if (!a) {
    await giveBack(q, [ea]);
    return { ok: false, limit: "address", retryAfter: await secondsLeft(q, k.address) };
  }
  const store = await take(q, STORE_WIDE, limits.storeWide, limits.windowMs);
  if (store) return { ok: true, held: [ea, a, store], braked: false };
  // Braked: the store-wide count is full, so only a trickle of checks per second goes through.
  if (!(await take(q, BRAKE, limits.brakedPerSecond, 1000))) {
    await giveBack(q, [ea, a]);
    return { ok: false, limit: "store-wide", retryAfter: 1 };
  }
  return { ok: true, held: [ea, a], braked: true };
}

/** The password was right: the email and address start afresh, and the check is not a failure. */
export async function signInSucceeded(q: Queryable, r: Reservation & { ok: true }) {
  const [ea, ...rest] = r.held;
  if (ea) await q.delete(signInThrottle).where(eq(signInThrottle.key, ea.key));
  await giveBack(q, rest);
}

/** No check happened after all (the store was too busy to hash): the reservation is returned whole. */
export function signInNotChecked(q: Queryable, r: Reservation & { ok: true }): Promise<void> {
  return apartFromRequest(() => giveBack(q, r.held));
}

/** Deletes counters whose window has ended (a schedule calls it). */
export async function purgeSignInThrottle(q: Queryable) {
  await q.delete(signInThrottle).where(lt(signInThrottle.windowEndsAt, sql`now()`));
}
