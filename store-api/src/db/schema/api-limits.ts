import { doublePrecision, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The API's per-token rate limit (docs/contract.md#rate-limit) when the store runs on PostgreSQL:
 * one token bucket per grant, in the database so that every instance takes from the same bucket
 * (src/api/rate-limit.ts). Rows of buckets left alone long enough to be full again are deleted.
 */
export const apiRateLimit = pgTable(
  "api_rate_limit",
  {
    key: text("key").primaryKey(),
    tokens: doublePrecision("tokens").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [index("api_rate_limit_at_idx").on(t.at)],
);
