import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The sign-in throttle's counters, one row per key (email and address, address,
 * store-wide) and fixed window. In the database so that every instance and a
 * restart see the same counts (docs/contract.md#oauth).
 */
export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    // Milliseconds, so the value read back compares equal to the stored one.
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("sign_in_throttle_window_idx").on(t.windowEndsAt)],
);
