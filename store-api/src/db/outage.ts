import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

/**
 * When PostgreSQL cannot be reached (docs/architecture.md#when-the-database-is-away):
 * which errors mean that, and whether a request had already sent a COMMIT when
 * it failed (then its change may or may not have been saved).
 *
 * The embedded PGlite runs in the process: it never raises these.
 */

/** Socket and DNS errors of a connection that cannot be opened or that broke. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/**
 * SQLSTATE: class 08 (connection exception), 57P01 (the server is shutting
 * down and terminated the session), 57P02 (crash shutdown), 57P03 (cannot
 * connect now: starting up or shutting down).
 */
function isUnreachableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === "57P01" || code === "57P02" || code === "57P03";
}

/** What node-postgres says when a connection ends, times out, or was broken earlier. */
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error and is not queryable/i,
  /client was closed and is not queryable/i,
];

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's error, a
 * failed connect to every address of a host is an AggregateError) means the
 * database cannot be reached right now.
 */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (typeof err !== "object" || err === null || depth > 5) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (SOCKET_CODES.has(code) || isUnreachableSqlState(code))) return true;
  if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/** What a request did with the database that matters when it fails, and to the caches. */
export interface DatabaseWork {
  /** A COMMIT was sent: from then on, a failure may come after the change was saved. */
  commitSent: boolean;
  /**
   * A statement that may change data was sent (anything but a read or a
   * transaction's own bracket): the caches of every store process must hear of
   * the request (api/cache-generation.ts). A refused request never sends one,
   * so it empties no cache (docs/architecture.md#the-read-cache).
   */
  changed: boolean;
}

const current = new AsyncLocalStorage<DatabaseWork>();

/** Runs `fn` (a request's handler and what it awaits) with a record of its database work. */
export function withDatabaseWork<T>(work: DatabaseWork, fn: () => T): T {
  return current.run(work, fn);
}

/**
 * Runs `fn` apart from the request's record: what it writes is the store's
 * bookkeeping, which no cache holds (the sign-in throttle's windows), so it is
 * neither the request's change nor a reason to empty the caches.
 */
export function apartFromRequest<T>(fn: () => T): T {
  return current.run({ commitSent: false, changed: false }, fn);
}

/**
 * Statements that change no data: reads, and the brackets and settings of a
 * transaction. Anything else (an insert, an update, a `with` that may hold
 * one, DDL) counts as a change: a cache emptied once too often costs a read,
 * one emptied too rarely serves a stale answer.
 */
const CHANGES_NOTHING =
  /^\s*(select|begin|start\s+transaction|commit|end|rollback|abort|savepoint|release|set|show)\b/i;

/**
 * Drizzle's logger sees every statement as it is sent, in the caller's async
 * context: it notes a COMMIT (Drizzle's transactions end with one), and any
 * statement that may change data, for the request that sends it.
 */
export const commitWatcher: Logger = {
  logQuery(query) {
    const work = current.getStore();
    if (!work) return;
    if (/^\s*commit\b/i.test(query)) work.commitSent = true;
    if (!CHANGES_NOTHING.test(query)) work.changed = true;
  },
};

/**
 * Logs a background loop's failure, at most once every `everyMs` while the
 * database is away (a worker polling every second would otherwise fill the
 * log); any other error is logged each time.
 */
export function outageLogger(everyMs = 30_000) {
  let lastLogged = 0;
  let suppressed = 0;
  return (err: unknown, log: (err: unknown, message: string) => void, message: string): void => {
    if (!isDatabaseUnreachable(err)) return log(err, message);
    const now = Date.now();
    if (now - lastLogged < everyMs) {
      suppressed++;
      return;
    }
    lastLogged = now;
    const more = suppressed ? ` (${suppressed} more such failures since the last message)` : "";
    suppressed = 0;
    log(err, `${message}: the database cannot be reached; retrying${more}`);
  };
}
