import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/index.js";
import { cacheGeneration } from "../db/schema/index.js";

/**
 * How the caches of several store processes on one PostgreSQL learn of each
 * other's writes (docs/architecture.md#the-read-cache): a one-row table
 * (`cache_generation`) that every write bumps after it committed and before it
 * answers, and that a request reads once, before it looks in a cache. An
 * answer or a token is served only to a request that saw the generation its
 * read saw (api/read-cache.ts).
 *
 * With the embedded PGlite the process is the only one on its database (its
 * data folder is locked), so its own bracket of every write is enough: no
 * query, `seen` is always 0.
 */
export interface WriteGeneration {
  /** Whether other processes may write the database (a query per request and per write). */
  readonly shared: boolean;
  /** The database's generation as the request first asked for it (memoised on the request). */
  seen(request: FastifyRequest): Promise<number>;
  /** A write committed (or settled): every process's cached answers from before it die. */
  bump(): Promise<void>;
}

const ZERO = Promise.resolve(0);

/** One process on its database (PGlite): nothing to ask. */
export const processGeneration: WriteGeneration = {
  shared: false,
  seen: () => ZERO,
  bump: async () => {},
};

/** Several processes on one PostgreSQL: the generation row. */
export function databaseGeneration(db: Db): WriteGeneration {
  const read = db
    .select({ generation: cacheGeneration.generation })
    .from(cacheGeneration)
    .where(eq(cacheGeneration.id, 1))
    .prepare("cache_generation_read");
  const bump = db
    .update(cacheGeneration)
    .set({ generation: sql`${cacheGeneration.generation} + 1` })
    .where(eq(cacheGeneration.id, 1))
    .prepare("cache_generation_bump");
  const seenBy = new WeakMap<FastifyRequest, Promise<number>>();
  return {
    shared: true,
    seen(request) {
      let seen = seenBy.get(request);
      if (!seen) {
        seen = read.execute().then((rows) => {
          const row = rows[0];
          if (!row) throw new Error("The cache_generation row is missing: the database's migrations are incomplete.");
          return row.generation;
        });
        seenBy.set(request, seen);
      }
      return seen;
    },
    async bump() {
      await bump.execute();
    },
  };
}
