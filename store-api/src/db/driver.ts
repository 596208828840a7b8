import { entityKind } from "drizzle-orm";
import type { Queryable } from "./index.js";

/**
 * Whether the database is the embedded PGlite rather than a PostgreSQL server.
 * Two things differ there, and long reads and writes must allow for them:
 *
 * - its queries run on this process's one thread (WebAssembly): a statement
 *   over many rows blocks the event loop for as long as it runs (about 12 µs a
 *   row read, 30 µs a row inserted), so big work goes in small statements;
 * - it has one connection, and a transaction holds it whole: every other
 *   query of the store waits until the transaction ends.
 */
export function isEmbedded(q: Queryable): boolean {
  // drizzle's `is(session, PgliteSession)` by the class's name: importing the class would load PGlite's
  // driver (and PGlite) into a store on PostgreSQL too (db/index.ts loads each driver when it is opened).
  // A transaction's session is the database's own class.
  const kind = (q._.session.constructor as unknown as Record<symbol, unknown>)[entityKind];
  return kind === "PgliteSession";
}
