import { is } from "drizzle-orm";
import { PgliteSession } from "drizzle-orm/pglite";
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
  return is(q._.session, PgliteSession);
}
