import { bigint, check, integer, pgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * One row: how many writes the store's processes have answered on this
 * database. Every store process sharing a PostgreSQL bumps it after each write
 * and checks it before serving a cached answer or token
 * (src/api/cache-generation.ts, docs/architecture.md#the-read-cache).
 */
export const cacheGeneration = pgTable(
  "cache_generation",
  {
    id: integer("id").primaryKey().default(1),
    generation: bigint("generation", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("cache_generation_one_row", sql`${t.id} = 1`)],
);
