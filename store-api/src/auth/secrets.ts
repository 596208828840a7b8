import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { Slots } from "../limits/slots.js";

/** A random opaque token with a readable prefix (e.g. `sat_` access tokens). */
export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

/**
 * Tokens, codes and client secrets are high-entropy random values, so a plain
 * SHA-256 is the right storage hash: lookups stay indexable, and a leaked table
 * yields nothing usable.
 */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * Passwords are low-entropy: scrypt is memory-hard. OWASP's parameters
 * (N=2^17, r=8, p=1) take 128·N·r = 128 MiB and about half a second of one core
 * per hash, which is why hashes run a few at a time (below).
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

export interface PasswordHashingOptions {
  /** log2 of scrypt's N (r=8, p=1); 17 is OWASP's. Tests lower it to stay fast. */
  logN: number;
  /** Hashes running at once in this process. */
  maxRunning: number;
  /** Sign-in checks that may wait for a free slot; past them a check is refused as busy. */
  maxWaiting: number;
}

/**
 * Too many password checks at once: the caller answers 503 with Retry-After
 * instead of queueing work that would starve every other request.
 */
export class PasswordHashingBusyError extends Error {
  override name = "PasswordHashingBusyError";
  readonly retryAfterSeconds = 1;
}

/**
 * Caps the hashes running at once in the process. scrypt runs on libuv's thread
 * pool (4 threads by default): unbounded, a flood of sign-ins takes every thread
 * and hundreds of MiB, and the whole server stalls behind it.
 */
const busy = () => new PasswordHashingBusyError();

/** The process's hash slots, and how many password checks ran (sign-in), for tests that count them. */
class HashSlots extends Slots {
  checks = 0;
}

let params: ScryptParams = OWASP_SCRYPT;
const slots = new HashSlots(2, 8);

/**
 * Sets the process's password hashing (the store's config does at start;
 * docs/contract.md#oauth). Two hashes at once by default: with two cores and
 * 128 MiB each, two keep both cores busy and leave libuv's other threads free.
 */
export function configurePasswordHashing(o: Partial<PasswordHashingOptions>) {
  if (o.logN !== undefined) params = { ...OWASP_SCRYPT, N: 2 ** o.logN };
  if (o.maxRunning !== undefined) slots.maxRunning = o.maxRunning;
  if (o.maxWaiting !== undefined) slots.maxWaiting = o.maxWaiting;
}

/** Hashes running now, the most that ever ran at once and the password checks so far (tests count them). */
export function passwordHashingLoad() {
  return { running: slots.running, peak: slots.peak, max: slots.maxRunning, checks: slots.checks };
}

function scryptAsync(password: string, salt: Buffer, keyLen: number, opts: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...opts, maxmem: 128 * opts.N * opts.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function encode(p: ScryptParams, salt: Buffer, key: Buffer) {
  return ["scrypt", p.N, p.r, p.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface Decoded extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function decode(encoded: string): Decoded | undefined {
  const [alg, n, r, p, salt, key, ...rest] = encoded.split("$");
  if (alg !== "scrypt" || !n || !r || !p || !salt || !key || rest.length) return undefined;
  const d = { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, "base64url") };
  // A stored hash never asks for more than 1 GiB (N=2^20, r=8): a corrupt row must not exhaust memory.
  if (![d.N, d.r, d.p].every(Number.isSafeInteger) || d.N < 2 || d.r < 1 || d.p < 1 || 128 * d.N * d.r > 2 ** 30) {
    return undefined;
  }
  return { ...d, key: Buffer.from(key, "base64url") };
}

/** Hashes a new password; waits for a free slot rather than refusing (setting a password is not a flood). */
export async function hashPassword(password: string, cost: ScryptParams = params): Promise<string> {
  const salt = randomBytes(16);
  const key = await slots.run(() => scryptAsync(password, salt, KEY_LENGTH, cost), null);
  return encode(cost, salt, key);
}

// Verifying against a fixed dummy when the user does not exist keeps the
// response time the same, so sign-in does not reveal which emails exist.
const dummies = new Map<number, Promise<string>>();
function dummyHash(): Promise<string> {
  const p = params;
  let dummy = dummies.get(p.N);
  if (!dummy) {
    const salt = randomBytes(16);
    // Outside the slots: the caller already holds one.
    dummy = scryptAsync("not a real password", salt, KEY_LENGTH, p).then((key) => encode(p, salt, key));
    dummies.set(p.N, dummy);
  }
  return dummy;
}

/**
 * Checks a password at sign-in. Throws PasswordHashingBusyError when the
 * running and waiting slots are all taken.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  return slots.run(async () => {
    slots.checks++;
    const decoded = decode(stored ?? (await dummyHash()));
    if (!decoded) return false;
    const actual = await scryptAsync(password, decoded.salt, decoded.key.length, decoded);
    return timingSafeEqual(actual, decoded.key) && stored != null;
  }, busy);
}

/** Whether a stored hash is weaker than today's parameters: it is upgraded at its owner's next sign-in. */
export function needsRehash(stored: string): boolean {
  const d = decode(stored);
  return !d || d.N < params.N || d.r < params.r || d.p < params.p || d.key.length < KEY_LENGTH;
}
