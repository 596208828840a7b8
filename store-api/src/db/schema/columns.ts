import { bigint, timestamp } from "drizzle-orm/pg-core";

/** Every table's creation time, set by the database. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** An amount of money: integer minor units of the store currency (bigint: a price can pass integer's 21 million dollars). */
export const money = (name: string) => bigint(name, { mode: "number" });

/** When a row last changed, set by the code that changes it (read as `modified`). */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
